import { useId, useRef } from 'react';
import styles from './outlined-field.module.css';
import { useGrowWithoutFieldSizing } from './use-grow-without-field-sizing.ts';

type Props = {
  name: string;
  label: string;
  defaultValue?: string;
  required?: boolean;
  /** The field's message (red, under the field). */
  error?: string;
  /** The schema's bound, also as the input's maxlength. */
  maxLength?: number;
  /** A text area that grows from two to four lines, then scrolls. */
  multiline?: boolean;
};

/**
 * A text field that looks and behaves like MUI's outlined TextField (see
 * fields.tsx), as static HTML and CSS: for forms on public pages, where
 * MUI would be most of a render's cost.
 */
export function OutlinedField({ name, label, defaultValue, required = false, error, maxLength, multiline = false }: Props) {
  const id = useId();
  const textArea = useRef<HTMLTextAreaElement>(null);
  useGrowWithoutFieldSizing(textArea);
  const helperId = `${id}-helper-text`;
  const common = {
    id,
    name,
    defaultValue,
    required,
    maxLength,
    // One space: `:placeholder-shown` then says whether the field is empty, which floats the label.
    placeholder: ' ',
    'aria-invalid': Boolean(error),
    'aria-describedby': error ? helperId : undefined,
    className: styles.input,
  };
  return (
    <div className={`${styles.control}${error ? ` ${styles.error}` : ''}`}>
      <label className={styles.label} htmlFor={id} id={`${id}-label`}>
        {label}
        {required && <span aria-hidden="true">{'\u2009*'}</span>}
      </label>
      <div className={multiline ? `${styles.inputRoot} ${styles.multiline}` : styles.inputRoot}>
        {multiline ? <textarea ref={textArea} rows={2} {...common} /> : <input type="text" {...common} />}
        <fieldset aria-hidden="true" className={styles.outline}>
          <legend className={styles.legend}>
            <span>{required ? `${label}\u2009*` : label}</span>
          </legend>
        </fieldset>
      </div>
      {error && (
        <p className={styles.helper} id={helperId}>
          {error}
        </p>
      )}
    </div>
  );
}
