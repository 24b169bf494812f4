import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Form } from 'react-router';
import { TextInput } from '../../../../components/form/fields.tsx';
import { changeNameSchema, type SettingsAnswer } from '../../account-schemas.ts';
import { useSettingsForm } from '../../use-settings-form.ts';
import { FormMessages } from './form-messages.tsx';

type Props = { firstName: string; lastName: string; actionData: SettingsAnswer | undefined };

/** First and last name; recipes and comments show the new name. */
export function NameForm({ firstName, lastName, actionData }: Props) {
  const { ref, action, onSubmit, errors, formError, pending, message, answer } = useSettingsForm('name', changeNameSchema, actionData);
  const values = answer?.values ?? { firstName, lastName };
  return (
    // A new stored name refills the fields (the key changes).
    <Form ref={ref} method="post" action={action} noValidate onSubmit={onSubmit} aria-label="Name ändern" key={`${firstName} ${lastName}`}>
      <input type="hidden" name="intent" value="name" />
      <Stack spacing={2.5} sx={{ alignItems: 'flex-start' }}>
        <FormMessages message={message} formError={formError} />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5} sx={{ width: '100%' }}>
          <TextInput name="firstName" label="Vorname" autoComplete="given-name" required fullWidth maxLength={60} defaultValue={values.firstName} error={errors.firstName} />
          <TextInput name="lastName" label="Nachname" autoComplete="family-name" required fullWidth maxLength={60} defaultValue={values.lastName} error={errors.lastName} />
        </Stack>
        <Button type="submit" variant="contained" loading={pending} loadingPosition="start">
          Name speichern
        </Button>
      </Stack>
    </Form>
  );
}
