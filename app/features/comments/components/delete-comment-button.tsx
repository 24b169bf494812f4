import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { Form } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { MuiTheme } from '../../../theme/mui-theme.tsx';

/** The author's delete icon; the dialog holds this comment's id until confirmed. */
export function DeleteCommentButton({ commentId }: { commentId: string }) {
  const [pendingId, setPendingId] = useState<string | null>(null);
  return (
    <MuiTheme>
      <>
        <Tooltip title="Kommentar löschen">
          <IconButton aria-label="Kommentar löschen" onClick={() => setPendingId(commentId)}>
            <DeleteOutlineIcon />
          </IconButton>
        </Tooltip>
        <ConfirmDialog
          open={pendingId !== null}
          question="Bist du sicher, dass du diesen Kommentar löschen möchtest?"
          onCancel={() => setPendingId(null)}
          confirm={
            <Form method="post" preventScrollReset onSubmit={() => setPendingId(null)}>
              <input type="hidden" name="intent" value="delete-comment" />
              <input type="hidden" name="commentId" value={pendingId ?? ''} />
              <Button type="submit" color="error" variant="contained" startIcon={<DeleteOutlineIcon />}>
                Löschen
              </Button>
            </Form>
          }
        />
      </>
    </MuiTheme>
  );
}
