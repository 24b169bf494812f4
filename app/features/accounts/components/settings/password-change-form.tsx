import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { Form, useLocation } from 'react-router';
import { PASSWORD_HINT } from '../../../../utils/password-policy.ts';
import { changePasswordSchema, type SettingsAnswer } from '../../account-schemas.ts';
import { useSettingsForm } from '../../use-settings-form.ts';
import { PasswordField } from '../password-field.tsx';
import { AccountUsername } from './account-username.tsx';
import { FormMessages } from './form-messages.tsx';

type Props = { actionData: SettingsAnswer | undefined; notice?: string; email: string };

/** The current password and a new one; every other session ends. */
export function PasswordChangeForm({ actionData, notice, email }: Props) {
  const { ref, action, onSubmit, errors, formError, pending } = useSettingsForm('password', changePasswordSchema, actionData);
  // A successful change redirects (new location): the fields start empty again.
  const { key } = useLocation();
  // Sent from here and answered by the redirect (no action data): the notice is this form's answer
  // and takes the focus its button dropped. Another form's answer comes with action data.
  const [sentHere, setSentHere] = useState(false);
  // A refusal is a new location too, and empties the fields. The new password typed is given back
  // to its field (kept in this page's memory only; the server never sends a password back), unless
  // it was the one refused: only the refused current password is typed again.
  const [typedNewPassword, setTypedNewPassword] = useState('');
  const newPasswordKept = actionData?.intent === 'password' && !actionData.errors?.newPassword ? typedNewPassword : undefined;
  return (
    <Form
      ref={ref}
      method="post"
      action={action}
      // The change redirects (to say so in the address): the page stays where the form and its answer are.
      preventScrollReset
      noValidate
      onSubmit={(event) => {
        setSentHere(true);
        setTypedNewPassword(String(new FormData(event.currentTarget).get('newPassword') ?? ''));
        onSubmit(event);
      }}
      aria-label="Passwort ändern"
      key={key}
    >
      <input type="hidden" name="intent" value="password" />
      <AccountUsername email={email} />
      <Stack spacing={2.5} sx={{ alignItems: 'flex-start' }}>
        {/* The notice comes from the address (the change redirects), which stays through other forms' answers: there it
            moves no focus. A next attempt here replaces it: sent, answered, or refused by the page's own check. */}
        <FormMessages
          message={pending || actionData?.intent === 'password' || Object.values(errors).some(Boolean) ? undefined : notice}
          formError={formError}
          answersSubmission={sentHere && actionData === undefined}
        />
        <PasswordField label="Aktuelles Passwort" name="currentPassword" autoComplete="current-password" error={errors.currentPassword} />
        <PasswordField label="Neues Passwort" name="newPassword" autoComplete="new-password" error={errors.newPassword} hint={PASSWORD_HINT} defaultValue={newPasswordKept} />
        <Button type="submit" variant="contained" loading={pending} loadingPosition="start">
          Passwort ändern
        </Button>
      </Stack>
    </Form>
  );
}
