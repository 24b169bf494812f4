import Button from '@mui/material/Button';
import type { Blocker } from 'react-router';
import { MuiTheme } from '../../theme/mui-theme.tsx';
import { ConfirmDialog } from '../confirm-dialog.tsx';

const LEAVE_QUESTION = 'Deine Änderungen sind noch nicht gespeichert. Willst du die Seite trotzdem verlassen?';

/**
 * The question, while a navigation away waits for the answer (use-unsaved-changes.ts). MUI's
 * Dialog in its own theme: on a recipe page, which renders no MUI, it is loaded on demand.
 */
export function UnsavedChangesDialog({ blocker }: { blocker: Blocker }) {
  return (
    <MuiTheme>
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        question={LEAVE_QUESTION}
        cancelLabel="Weiter bearbeiten"
        onCancel={() => blocker.reset?.()}
        confirm={
          <Button color="error" variant="contained" onClick={() => blocker.proceed?.()}>
            Verlassen
          </Button>
        }
      />
    </MuiTheme>
  );
}
