import Alert from '@mui/material/Alert';
import { takeLostFocus } from '../../../../components/lost-focus.ts';

/**
 * A form's success or error message, above its fields (announced to screen readers). A success
 * takes the focus the form's disabled button dropped while it was sent.
 */
export function FormMessages({ message, formError }: { message?: string; formError?: string }) {
  return (
    <>
      {formError && (
        <Alert severity="error" role="alert">
          {formError}
        </Alert>
      )}
      {message && (
        <Alert severity="success" role="status" ref={takeLostFocus}>
          {message}
        </Alert>
      )}
    </>
  );
}
