import Alert from '@mui/material/Alert';

/** A form's success or error message, above its fields (announced to screen readers). */
export function FormMessages({ message, formError }: { message?: string; formError?: string }) {
  return (
    <>
      {formError && (
        <Alert severity="error" role="alert">
          {formError}
        </Alert>
      )}
      {message && (
        <Alert severity="success" role="status">
          {message}
        </Alert>
      )}
    </>
  );
}
