import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import { useId, type ReactNode } from 'react';

type Props = {
  open: boolean;
  question: string;
  onCancel: () => void;
  /** The confirm control: usually a form's submit button, so it works like any form. */
  confirm: ReactNode;
  /** Shown under the question, e.g. why the last attempt failed. */
  children?: ReactNode;
  /** While the confirmed action runs, the dialog stays open. */
  busy?: boolean;
  /** The button that closes the dialog without doing anything. */
  cancelLabel?: string;
};

/** "Are you sure?" with Abbrechen and a confirm button supplied by the caller. */
export function ConfirmDialog({ open, question, onCancel, confirm, children, busy = false, cancelLabel = 'Abbrechen' }: Props) {
  const questionId = useId();
  return (
    // The question is the dialog's name (it has no title of its own): a screen reader says what it asks on opening.
    <Dialog open={open} onClose={busy ? undefined : onCancel} aria-labelledby={questionId}>
      <DialogContent>
        <DialogContentText id={questionId} sx={{ color: 'text.primary' }}>
          {question}
        </DialogContentText>
        {children}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} color="inherit" disabled={busy}>
          {cancelLabel}
        </Button>
        {confirm}
      </DialogActions>
    </Dialog>
  );
}
