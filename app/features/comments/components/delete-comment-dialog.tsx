import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Button from '@mui/material/Button';
import { Form } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { MuiTheme } from '../../../theme/mui-theme.tsx';
import { DELETE_COMMENT_QUESTION } from '../comment-deletion.ts';

type Props = { commentId: string; open: boolean; onClose: () => void };

/** "Bist du sicher …?" with the delete form: MUI's Dialog, loaded when a reader first reaches for the delete icon. */
export function DeleteCommentDialog({ commentId, open, onClose }: Props) {
  return (
    <MuiTheme>
      <ConfirmDialog
        open={open}
        question={DELETE_COMMENT_QUESTION}
        onCancel={onClose}
        confirm={
          <Form method="post" preventScrollReset onSubmit={onClose}>
            <input type="hidden" name="intent" value="delete-comment" />
            <input type="hidden" name="commentId" value={commentId} />
            <Button type="submit" color="error" variant="contained" startIcon={<DeleteOutlineIcon />}>
              Löschen
            </Button>
          </Form>
        }
      />
    </MuiTheme>
  );
}
