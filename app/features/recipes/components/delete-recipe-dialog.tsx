import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useEffect, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { focusElementIfLost } from '../../../components/lost-focus.ts';
import { DeleteIcon } from '../../../components/icons.tsx';
import { MuiTheme } from '../../../theme/mui-theme.tsx';
import { DELETE_QUESTION, deleteRecipePath } from '../recipe-deletion.ts';

type DeleteAnswer = { deleted: true } | { error: string };

type Props = {
  recipeId: string;
  redirectTo?: string;
  open: boolean;
  /** Counts the openings: an answer belongs to the opening it was sent from. */
  opening: number;
  onCancel: () => void;
  /** Asked as the deletion is sent: what takes the focus once the card is gone (else the page's heading). */
  focusAfterDeletion?: () => HTMLElement | null | undefined;
};

/** "Bist du sicher …?" with the delete form: MUI's Dialog, loaded when the owner first asks to delete. */
export function DeleteRecipeDialog({ recipeId, redirectTo, open, opening, onCancel, focusAfterDeletion }: Props) {
  const fetcher = useFetcher<DeleteAnswer>();
  const [sentFrom, setSentFrom] = useState<number>();
  const busy = fetcher.state !== 'idle';
  const answer = sentFrom === opening && !busy ? fetcher.data : undefined;
  const error = answer && 'error' in answer ? answer.error : undefined;
  const deleted = answer !== undefined && 'deleted' in answer;
  // On a list the card goes after a delete, and with it this dialog and the icon the focus would
  // return to. Unmounting is the one moment that always comes after the focus is lost.
  const sent = useRef(false);
  const focusTarget = useRef<HTMLElement | null | undefined>(undefined);
  useEffect(
    () => () => {
      if (sent.current) requestAnimationFrame(() => focusElementIfLost(focusTarget.current));
    },
    [],
  );
  return (
    <MuiTheme>
      <ConfirmDialog
        open={open && !deleted}
        question={DELETE_QUESTION}
        onCancel={onCancel}
        busy={busy}
        confirm={
          <fetcher.Form
            method="post"
            action={deleteRecipePath(recipeId)}
            onSubmit={() => {
              sent.current = true;
              focusTarget.current = focusAfterDeletion?.();
              setSentFrom(opening);
            }}
          >
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
    </MuiTheme>
  );
}
