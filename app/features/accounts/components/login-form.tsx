import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Form, Link as RouterLink } from 'react-router';
import { TextInput } from '../../../components/form/fields.tsx';
import { PASSWORD_HINT } from '../../../utils/password-policy.ts';
import { signInSchema, signUpSchema, type AccountAnswer } from '../account-schemas.ts';
import { useAccountForm } from '../use-account-form.ts';
import { AccountSubmitButton } from './account-submit-button.tsx';
import { AntiBotNeedsJavaScript } from './anti-bot-needs-javascript.tsx';
import { AuthCard } from './auth-card.tsx';
import { PasswordField } from './password-field.tsx';

type Props = {
  mode: 'login' | 'signup';
  redirectTo: string;
  /** What a flow that ended here says (a new password, a deleted account). */
  notice?: string;
  /** Why a page sent the reader here ("Melde dich an, um ein Rezept zu erfassen."). */
  reason?: string;
  actionData: AccountAnswer | undefined;
};

function loginPath(mode: 'login' | 'signup', redirectTo: string) {
  const params = new URLSearchParams();
  if (mode === 'signup') params.set('modus', 'registrieren');
  if (redirectTo) params.set('redirectTo', redirectTo);
  const query = params.toString();
  return query ? `/login?${query}` : '/login';
}

/** The combined login and registration form (one page, /login, for both). */
export function LoginForm({ mode, redirectTo, notice, reason, actionData }: Props) {
  const signUp = mode === 'signup';
  const { onSubmit, errors, formError, busy, solving, antiBotState, ref } = useAccountForm({
    schema: signUp ? signUpSchema : signInSchema,
    actionData,
    antiBot: signUp,
  });
  const values = actionData?.values ?? {};
  // A refused attempt's answer brings the way on back: the page's address may not carry it.
  const goOnTo = values.redirectTo || redirectTo;
  const title = signUp ? 'Registrieren' : 'Anmelden';
  return (
    <AuthCard
      title={title}
      intro="Mit einem persönlichen Account kannst du deine eigenen Kreationen erfassen und die Gerichte der anderen Benutzer bewerten."
    >
      {/* Until the first answer: next to "Benutzername oder Passwort falsch!" it would be old news. */}
      {notice && !actionData && (
        <Alert severity="success" role="status">
          {notice}
        </Alert>
      )}
      {reason && !notice && !actionData && <Alert severity="info">{reason}</Alert>}
      <Form ref={ref} method="post" noValidate onSubmit={onSubmit} aria-label={title} data-anti-bot={antiBotState}>
        <input type="hidden" name="intent" value={signUp ? 'sign-up' : 'sign-in'} />
        {goOnTo && <input type="hidden" name="redirectTo" value={goOnTo} />}
        {signUp && <AntiBotNeedsJavaScript purpose="Für die Registrierung" />}
        <Stack spacing={2.5}>
          {formError && (
            <Alert severity="error" role="alert">
              {formError}
            </Alert>
          )}
          {signUp && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5}>
              <TextInput name="firstName" label="Vorname" autoComplete="given-name" required fullWidth defaultValue={values.firstName} error={errors.firstName} />
              <TextInput name="lastName" label="Nachname" autoComplete="family-name" required fullWidth defaultValue={values.lastName} error={errors.lastName} />
            </Stack>
          )}
          <TextInput name="email" label="E-Mail" type="email" autoComplete="email" required fullWidth defaultValue={values.email} error={errors.email} />
          <PasswordField
            label="Passwort"
            autoComplete={signUp ? 'new-password' : 'current-password'}
            error={errors.password}
            hint={signUp ? PASSWORD_HINT : undefined}
          />
          {signUp && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              Deine E-Mail-Adresse steht hinter «Autor kontaktieren» bei deinen Rezepten: Wer darauf klickt, schreibt dir aus
              dem eigenen E-Mail-Programm und sieht dabei deine Adresse. Auf den Seiten selbst steht sie nie. Mehr dazu unter{' '}
              <Link component={RouterLink} to="/datenschutz">
                Datenschutz
              </Link>
              .
            </Typography>
          )}
          <AccountSubmitButton label={title} busy={busy} solving={solving} />
        </Stack>
      </Form>
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Link component={RouterLink} to="/forgot">
          Passwort vergessen?
        </Link>
        <Link component={RouterLink} to={loginPath(signUp ? 'login' : 'signup', goOnTo)}>
          {signUp ? 'Hast du schon einen Account? Login' : 'Bist du neu hier? Registrieren'}
        </Link>
      </Stack>
    </AuthCard>
  );
}
