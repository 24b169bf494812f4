import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { Form, Link as RouterLink } from 'react-router';
import { TextInput } from '../../../components/form/fields.tsx';
import { forgotPasswordSchema, type AccountAnswer } from '../account-schemas.ts';
import { useAccountForm } from '../use-account-form.ts';
import { AccountSubmitButton } from './account-submit-button.tsx';
import { AntiBotNeedsJavaScript } from './anti-bot-needs-javascript.tsx';
import { AuthCard } from './auth-card.tsx';

/** Request a reset mail; the answer is the same whether or not the address exists. */
export function ForgotPasswordForm({ actionData }: { actionData: AccountAnswer | undefined }) {
  const { onSubmit, errors, formError, busy, solving, antiBotState, ref } = useAccountForm({ schema: forgotPasswordSchema, actionData, antiBot: true });
  const message = formError ?? actionData?.message;
  return (
    <AuthCard
      title="Passwort vergessen?"
      intro="Gib die E-Mail-Adresse deines Accounts ein. Wir senden dir einen Link, mit dem du ein neues Passwort festlegen kannst."
    >
      <Form ref={ref} method="post" noValidate onSubmit={onSubmit} aria-label="Passwort zurücksetzen" data-anti-bot={antiBotState}>
        <AntiBotNeedsJavaScript purpose="Um das Passwort zurückzusetzen," />
        <Stack spacing={2.5}>
          <TextInput name="email" label="E-Mail" type="email" autoComplete="email" required fullWidth defaultValue={actionData?.values?.email} error={errors.email} />
          <AccountSubmitButton label="Passwort zurücksetzen" busy={busy} solving={solving} />
          {/* The region announces the answer; the Alert inside is no second live region ("alert"). */}
          <div role="status" aria-live="polite">
            {message && (
              <Alert severity={formError ? 'error' : 'success'} role="none">
                {message}
              </Alert>
            )}
          </div>
        </Stack>
      </Form>
      <Link component={RouterLink} to="/login">
        Zurück zum Login
      </Link>
    </AuthCard>
  );
}
