import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { useState } from 'react';
import { TextInput } from '../../../components/form/fields.tsx';

type Props = { label: string; name?: string; error?: string; autoComplete: 'current-password' | 'new-password'; hint?: string; defaultValue?: string };

/** A password input with the show/hide toggle. */
export function PasswordField({ label, name = 'password', error, autoComplete, hint, defaultValue }: Props) {
  const [visible, setVisible] = useState(false);
  return (
    <TextInput
      label={label}
      name={name}
      type={visible ? 'text' : 'password'}
      autoComplete={autoComplete}
      defaultValue={defaultValue}
      required
      fullWidth
      error={error}
      hint={hint}
      slotProps={{
        input: {
          endAdornment: (
            // Without JavaScript the toggle could not toggle: it is not shown.
            <InputAdornment position="end" sx={{ '@media (scripting: none)': { display: 'none' } }}>
              <IconButton
                aria-label={visible ? 'Passwort verbergen' : 'Passwort anzeigen'}
                onClick={() => setVisible((v) => !v)}
                edge="end"
              >
                {visible ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
