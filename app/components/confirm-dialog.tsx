import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import type { ReactNode } from 'react';

type Props = {
  open: boolean;
  question: string;
  onCancel: () => void;
  /** The confirm control: usually a form's submit button, so it works like any form. */
  confirm: ReactNode;
};

/** "Are you sure?" with Abbrechen and a confirm button supplied by the caller. */
export function ConfirmDialog({ open, question, onCancel, confirm }: Props) {
  return (
    <Dialog open={open} onClose={onCancel} aria-describedby="confirm-question">
      <DialogContent>
        <DialogContentText id="confirm-question" sx={{ color: 'text.primary' }}>
          {question}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} color="inherit">
          Abbrechen
        </Button>
        {confirm}
      </DialogActions>
    </Dialog>
  );
}
