import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { Form } from 'react-router';
import { TextInput } from '../../../../components/form/fields.tsx';
import { changeEmailSchema, type SettingsAnswer } from '../../account-schemas.ts';
import { useSettingsForm } from '../../use-settings-form.ts';
import { FormMessages } from './form-messages.tsx';

/** A new address; it counts once the link sent there is opened. */
export function EmailForm({ actionData }: { actionData: SettingsAnswer | undefined }) {
  const { ref, action, onSubmit, errors, formError, pending, message, answer } = useSettingsForm('email', changeEmailSchema, actionData);
  // Each link sent empties the field (a new key): the message above names the address, and a field
  // still holding it would count as an unsaved change (the account page asks before leaving one).
  const [sent, setSent] = useState<{ answer?: SettingsAnswer; count: number }>({ count: 0 });
  if (answer?.message && answer !== sent.answer) setSent({ answer, count: sent.count + 1 });
  return (
    <Form ref={ref} method="post" action={action} noValidate onSubmit={onSubmit} aria-label="E-Mail-Adresse ändern" key={sent.count}>
      <input type="hidden" name="intent" value="email" />
      <Stack spacing={2.5} sx={{ alignItems: 'flex-start' }}>
        <FormMessages message={message} formError={formError} />
        <TextInput
          name="email"
          label="Neue E-Mail-Adresse"
          type="email"
          autoComplete="email"
          required
          fullWidth
          maxLength={254}
          defaultValue={answer?.values?.email}
          error={errors.email}
          hint="Wir schicken dir einen Link an die neue Adresse. Sie gilt, sobald du ihn öffnest."
        />
        <Button type="submit" variant="contained" loading={pending} loadingPosition="start">
          Adresse ändern
        </Button>
      </Stack>
    </Form>
  );
}
