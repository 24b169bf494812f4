import { useId } from 'react';
import styles from './star-rating-input.module.css';
import { useRadioTabStop } from './use-radio-tab-stop.ts';

const STAR_PATH = 'M12 17.27L18.18 21l-1.64-7.03L22 9.24l-7.19-.61L12 2 9.19 8.63 2 9.24l5.46 4.73L5.82 21z';
const STAR_BORDER_PATH =
  'M22 9.24l-7.19-.62L12 2 9.19 8.63 2 9.24l5.46 4.73L5.82 21 12 17.27 18.18 21l-1.63-7.03L22 9.24zM12 15.4l-3.76 2.27 1-4.28-3.32-2.88 4.38-.38L12 6.1l1.71 4.04 4.38.38-3.32 2.88 1 4.28L12 15.4z';
const VALUES = [1, 2, 3, 4, 5];
const STAR_VALUES = VALUES.map(String);

type Props = {
  name: string;
  /** What the stars rate, for screen readers (the group's name). */
  groupLabel: string;
  /** The star checked at first (0 for none). */
  defaultValue: number;
  label: (value: number) => string;
  /** A line about the choice under the stars, read with the group (replaced by an error). */
  hint?: string;
  /** The field's message, read out at once (role="alert"). */
  error?: string;
  onChange?: () => void;
};

/**
 * One to five stars to choose, looking and responding like MUI's Rating
 * (size large) without its script: five radio buttons (a plain form before
 * JavaScript, arrow keys move between them) whose stars CSS fills.
 */
export function StarRatingInput({ name, groupLabel, defaultValue, label, hint, error, onChange }: Props) {
  const id = useId();
  const message = error ?? hint;
  const { group, choose, tabIndexOf } = useRadioTabStop(STAR_VALUES, String(defaultValue));
  return (
    <div>
      <span ref={group} className={styles.root} role="radiogroup" aria-label={groupLabel} aria-invalid={error ? true : undefined} aria-describedby={message ? `${id}-message` : undefined}>
        {VALUES.map((value) => (
          <StarChoice
            key={value}
            id={`${id}-${value}`}
            name={name}
            value={value}
            defaultChecked={value === defaultValue}
            tabIndex={tabIndexOf(String(value))}
            label={label(value)}
            onChange={() => {
              choose(String(value));
              onChange?.();
            }}
          />
        ))}
      </span>
      {/* Keyed: an error is a new alert element, not the hint's paragraph given role="alert" (not read out everywhere). */}
      {error ? (
        <p key="error" id={`${id}-message`} className={styles.message} role="alert">
          {error}
        </p>
      ) : (
        hint && (
          <p key="hint" id={`${id}-message`} className={styles.hint}>
            {hint}
          </p>
        )
      )}
    </div>
  );
}

type ChoiceProps = { id: string; name: string; value: number; defaultChecked: boolean; tabIndex: number | undefined; label: string; onChange: () => void };

function StarChoice({ id, name, value, defaultChecked, tabIndex, label, onChange }: ChoiceProps) {
  return (
    <>
      <label htmlFor={id} className={styles.label}>
        <span className={styles.icon}>
          <svg focusable="false" aria-hidden="true" viewBox="0 0 24 24">
            <path className={styles.filledStar} d={STAR_PATH} />
            <path className={styles.emptyStar} d={STAR_BORDER_PATH} />
          </svg>
        </span>
        <span className={styles.hidden}>{label}</span>
      </label>
      <input className={styles.hidden} id={id} type="radio" name={name} value={value} defaultChecked={defaultChecked} tabIndex={tabIndex} onChange={onChange} />
    </>
  );
}
