import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { Form, Link as RouterLink } from 'react-router';
import { PASSWORD_HINT } from '../../../utils/password-policy.ts';
import { MESSAGES, resetPasswordSchema, type AccountAnswer } from '../account-schemas.ts';
import { useAccountForm } from '../use-account-form.ts';
import { AuthCard } from './auth-card.tsx';
import { PasswordField } from './password-field.tsx';

/** Set a new password with the token from the reset mail. */
export function ResetPasswordForm({ token, actionData }: { token: string; actionData: AccountAnswer | undefined }) {
  const { onSubmit, errors, formError, busy, ref } = useAccountForm({ schema: resetPasswordSchema, actionData });
  const invalidLink = !token || actionData?.invalidLink;
  return (
    // A dead link asks for no password: the card says only what to do instead.
    <AuthCard title="Neues Passwort festlegen" intro={invalidLink ? undefined : 'Wähle ein neues Passwort für deinen Account.'}>
      {invalidLink ? (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Alert severity="error" role="alert">
            {MESSAGES.resetLinkInvalid}
          </Alert>
          <Button component={RouterLink} to="/forgot" variant="contained">
            Neuen Link anfordern
          </Button>
        </Stack>
      ) : (
        <Form ref={ref} method="post" noValidate onSubmit={onSubmit} aria-label="Passwort ändern">
          <input type="hidden" name="token" value={token} />
          <Stack spacing={2.5}>
            {formError && (
              <Alert severity="error" role="alert">
                {formError}
              </Alert>
            )}
            <PasswordField label="Neues Passwort" autoComplete="new-password" error={errors.password} hint={PASSWORD_HINT} />
            <Button type="submit" variant="contained" size="large" loading={busy}>
              Passwort speichern
            </Button>
          </Stack>
        </Form>
      )}
      <Link component={RouterLink} to="/login">
        Zurück zum Login
      </Link>
    </AuthCard>
  );
}
