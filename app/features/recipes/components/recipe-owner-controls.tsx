import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { Link, useFetcher } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { MuiTheme } from '../../../theme/mui-theme.tsx';

export const DELETE_QUESTION = 'Bist du sicher, dass du dieses Rezept löschen möchtest?';

/** Where the delete form posts (routes/recipe-delete.ts). */
export function deleteRecipePath(recipeId: string) {
  return `/detail/${recipeId}/delete`;
}

type DeleteAnswer = { deleted: true } | { error: string };

export type OwnerControlsProps = {
  recipeId: string;
  /** Cards show two icons; the detail page a "Rezept bearbeiten" link and the delete icon. */
  variant?: 'icons' | 'detail';
  /** After the deletion go there (detail: "/"); without it the list reloads and the card is gone. */
  redirectTo?: string;
};

/**
 * The owner's edit and delete controls. Shown only to the owner; the server
 * checks ownership again on every request.
 */
export function RecipeOwnerControls({ recipeId, variant = 'icons', redirectTo }: OwnerControlsProps) {
  const fetcher = useFetcher<DeleteAnswer>();
  const [open, setOpen] = useState(false);
  const [showAnswer, setShowAnswer] = useState(false);
  const busy = fetcher.state !== 'idle';
  const answer = showAnswer && !busy ? fetcher.data : undefined;
  const error = answer && 'error' in answer ? answer.error : undefined;
  const deleted = answer !== undefined && 'deleted' in answer;

  const edit =
    variant === 'detail' ? (
      <Button component={Link} to={`/edit/${recipeId}`} variant="outlined" startIcon={<EditIcon />}>
        Rezept bearbeiten
      </Button>
    ) : (
      <Tooltip title="Rezept bearbeiten">
        <IconButton component={Link} to={`/edit/${recipeId}`}>
          <EditIcon />
        </IconButton>
      </Tooltip>
    );

  return (
    <MuiTheme>
      <Stack direction="row" spacing={variant === 'detail' ? 1 : 0.5} sx={{ alignItems: 'center' }}>
        {edit}
        <Tooltip title="Rezept löschen">
          <IconButton
            onClick={() => {
              setShowAnswer(false);
              setOpen(true);
            }}
            sx={{ '&:hover': { color: 'error.main' } }}
          >
            <DeleteIcon />
          </IconButton>
        </Tooltip>
        <ConfirmDialog
          open={open && !deleted}
          question={DELETE_QUESTION}
          onCancel={() => setOpen(false)}
          busy={busy}
          confirm={
            <fetcher.Form method="post" action={deleteRecipePath(recipeId)} onSubmit={() => setShowAnswer(true)}>
              <input type="hidden" name="intent" value="delete" />
              {redirectTo && <input type="hidden" name="redirectTo" value={redirectTo} />}
              <Button
                type="submit"
                color="error"
                variant="contained"
                disabled={busy}
                startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <DeleteIcon />}
              >
                Löschen
              </Button>
            </fetcher.Form>
          }
        >
          {error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {error}
            </Alert>
          )}
        </ConfirmDialog>
      </Stack>
    </MuiTheme>
  );
}
