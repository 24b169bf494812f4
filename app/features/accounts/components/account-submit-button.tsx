import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';

/**
 * The account forms' submit button, with a spinner while the form is sent (as
 * the account settings' buttons). Clicked while the proof of work is still
 * being solved, it says so discreetly and the form sends itself once it is.
 */
export function AccountSubmitButton({ label, busy, solving }: { label: string; busy: boolean; solving: boolean }) {
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      disabled={busy}
      aria-busy={busy || undefined}
      startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
    >
      {solving ? 'Einen Moment …' : label}
    </Button>
  );
}
