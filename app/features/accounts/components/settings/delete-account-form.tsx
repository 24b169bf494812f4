import DeleteForeverIcon from '@mui/icons-material/DeleteForeverOutlined';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import { Form } from 'react-router';
import { DELETE_CONFIRMATION, deleteAccountSchema, type SettingsAnswer } from '../../account-schemas.ts';
import { useSettingsForm } from '../../use-settings-form.ts';
import { PasswordField } from '../password-field.tsx';
import { AccountUsername } from './account-username.tsx';
import { FormMessages } from './form-messages.tsx';

/** The last form: the password and a plain "yes" before everything goes. */
export function DeleteAccountForm({ actionData, email }: { actionData: SettingsAnswer | undefined; email: string }) {
  const { ref, action, onSubmit, errors, formError, pending, clearError } = useSettingsForm('delete-account', deleteAccountSchema, actionData);
  return (
    <Form ref={ref} method="post" action={action} noValidate onSubmit={onSubmit} aria-label="Konto löschen">
      <input type="hidden" name="intent" value="delete-account" />
      <AccountUsername email={email} />
      <Stack spacing={2.5} sx={{ alignItems: 'flex-start' }}>
        <FormMessages formError={formError} />
        <PasswordField label="Passwort" autoComplete="current-password" error={errors.password} />
        <FormControl error={Boolean(errors.confirm)} required>
          <FormControlLabel
            control={<Checkbox name="confirm" value="ja" color="error" onChange={() => clearError('confirm')} />}
            label={DELETE_CONFIRMATION}
          />
          {errors.confirm && <FormHelperText sx={{ mx: 0 }}>{errors.confirm}</FormHelperText>}
        </FormControl>
        <Button type="submit" variant="contained" color="error" loading={pending} loadingPosition="start" startIcon={<DeleteForeverIcon />}>
          {pending ? 'Konto wird gelöscht …' : 'Konto endgültig löschen'}
        </Button>
      </Stack>
    </Form>
  );
}
