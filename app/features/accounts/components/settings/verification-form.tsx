import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Form } from 'react-router';
import { resendVerificationSchema, type SettingsAnswer } from '../../account-schemas.ts';
import { useSettingsForm } from '../../use-settings-form.ts';
import { FormMessages } from './form-messages.tsx';

type Props = { emailVerified: boolean; actionData: SettingsAnswer | undefined };

/**
 * For an address not confirmed yet: says so, and sends a new link (the sign-up's lasts 24 hours).
 * Confirmed meanwhile (in another tab), it shows only its answer, "schon bestätigt".
 */
export function VerificationForm({ emailVerified, actionData }: Props) {
  const { ref, action, onSubmit, formError, pending, message } = useSettingsForm('resend-verification', resendVerificationSchema, actionData);
  return (
    <Form ref={ref} method="post" action={action} noValidate onSubmit={onSubmit} aria-label="Bestätigungslink nochmals senden">
      <input type="hidden" name="intent" value="resend-verification" />
      <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        {!emailVerified && (
          <Typography>
            Deine Adresse ist <strong>noch nicht bestätigt</strong>. Öffne dazu den Link aus unserer E-Mail. Ist er abgelaufen oder nicht
            angekommen, schicken wir dir einen neuen.
          </Typography>
        )}
        <FormMessages message={message} formError={formError} />
        {!emailVerified && (
          <Button type="submit" variant="outlined" loading={pending} loadingPosition="start">
            Bestätigungslink nochmals senden
          </Button>
        )}
      </Stack>
    </Form>
  );
}
