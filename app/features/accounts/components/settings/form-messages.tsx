import Alert from '@mui/material/Alert';
import { useTakeLostFocus } from '../../../../components/lost-focus.ts';

type Props = {
  message?: string;
  formError?: string;
  /** The message is the answer to this form's submission: it takes the focus the disabled button dropped. */
  answersSubmission?: boolean;
};

/** A form's success or error message, above its fields (announced to screen readers). */
export function FormMessages({ message, formError, answersSubmission = true }: Props) {
  return (
    <>
      {formError && (
        <Alert severity="error" role="alert">
          {formError}
        </Alert>
      )}
      {message && <SuccessMessage message={message} takesFocus={answersSubmission} />}
    </>
  );
}

function SuccessMessage({ message, takesFocus }: { message: string; takesFocus: boolean }) {
  const takeLostFocus = useTakeLostFocus();
  return (
    <Alert severity="success" role="status" ref={takesFocus ? takeLostFocus : undefined}>
      {message}
    </Alert>
  );
}
