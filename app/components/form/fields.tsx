// MUI field adapters: a form field with its German message is one line.
// `error` is the field's message (red, under the field); `hint` shows
// instead while there is none.
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import type { SxProps, Theme } from '@mui/material/styles';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import visuallyHidden from '@mui/utils/visuallyHidden';
import { useRef } from 'react';
import { useGrowWithoutFieldSizing } from './use-grow-without-field-sizing.ts';
import { useRadioTabStop } from './use-radio-tab-stop.ts';

type MessageProps = { error?: string; hint?: string };

export type TextInputProps = Omit<TextFieldProps, 'error' | 'helperText' | 'name' | 'label'> &
  MessageProps & {
    name: string;
    label: string;
    /** The schema's bound, also as the input's maxlength. */
    maxLength?: number;
  };

/** A single-line text input (or any `type`: email, number, password …). */
export function TextInput({ error, hint, maxLength, slotProps, ...props }: TextInputProps) {
  return (
    <TextField
      {...props}
      error={Boolean(error)}
      helperText={error ?? hint}
      slotProps={maxLength === undefined ? slotProps : { ...slotProps, htmlInput: { ...slotProps?.htmlInput, maxLength } }}
    />
  );
}

/** MUI's line height in a text field. */
const LINE = '1.4375em';

/**
 * A text area that grows from two to four lines, then scrolls. CSS sizes it
 * (`field-sizing`), not MUI's script: that one measured it once the page ran,
 * and a form with long texts (editing a recipe) moved under the reader's
 * finger. Without `field-sizing` it starts at about the lines its text needs.
 */
export function MultiLineInput({ sx, slotProps, ...props }: TextInputProps) {
  const area = useRef<HTMLTextAreaElement>(null);
  useGrowWithoutFieldSizing(area);
  return (
    <TextInput
      multiline
      rows={linesFor(String(props.defaultValue ?? ''))}
      inputRef={area}
      // A plain text area: MUI's TextareaAutosize would set its height by script.
      // (InputBase would also give it its input's type="text", which a text area does not have.)
      slotProps={{ ...slotProps, input: { ...slotProps?.input, inputComponent: 'textarea' }, htmlInput: { ...slotProps?.htmlInput, type: undefined } }}
      sx={[
        { '& textarea': { fieldSizing: 'content', minHeight: `calc(2 * ${LINE})`, maxHeight: `calc(4 * ${LINE})`, overflowY: 'auto' } },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
      {...props}
    />
  );
}

/** About the lines a text fills in a form's column (some 50 characters each), two to four. */
function linesFor(text: string) {
  const lines = text.split('\n').reduce((sum, line) => sum + Math.max(1, Math.ceil(line.length / 50)), 0);
  return Math.min(4, Math.max(2, lines));
}

type ChoiceProps = MessageProps & { label: string; name: string; options: readonly string[] };

/** One choice of a few, as a row of radio buttons under a visible legend; one stop of Tab (useRadioTabStop). */
export function RadioGroupField({ label, name, options, defaultValue, required, error }: ChoiceProps & { defaultValue: string; required?: boolean }) {
  const { group, choose, tabIndexOf } = useRadioTabStop(options, defaultValue);
  return (
    <FormControl component="fieldset" required={required} error={Boolean(error)} sx={{ minWidth: 0 }}>
      <FormLabel component="legend" sx={{ fontFamily: 'var(--font-sans)', fontWeight: 600, color: 'text.primary' }}>
        {label}
      </FormLabel>
      <RadioGroup ref={group} row name={name} defaultValue={defaultValue} onChange={(_event, value) => choose(value)}>
        {options.map((option) => (
          <FormControlLabel
            key={option}
            value={option}
            control={<Radio color="secondary" slotProps={{ input: { tabIndex: tabIndexOf(option) } }} />}
            label={option}
          />
        ))}
      </RadioGroup>
      {error && <FormHelperText sx={{ mx: 0 }}>{error}</FormHelperText>}
    </FormControl>
  );
}

/**
 * Any number of choices, as checkboxes laid out by `groupSx`. The legend is
 * for screen readers only when a visible heading already names the group.
 */
export function CheckboxGroupField({
  label,
  name,
  options,
  defaultValues,
  error,
  hideLabel = false,
  groupSx,
}: ChoiceProps & { defaultValues: readonly string[]; hideLabel?: boolean; groupSx: SxProps<Theme> }) {
  return (
    <FormControl component="fieldset" error={Boolean(error)} sx={{ minWidth: 0 }}>
      <FormLabel component="legend" sx={hideLabel ? visuallyHidden : undefined}>
        {label}
      </FormLabel>
      <FormGroup sx={groupSx}>
        {options.map((option) => (
          <FormControlLabel
            key={option}
            control={<Checkbox name={name} value={option} defaultChecked={defaultValues.includes(option)} color="secondary" />}
            label={option}
          />
        ))}
      </FormGroup>
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}
