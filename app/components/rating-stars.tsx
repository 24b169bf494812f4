import type { CSSProperties } from 'react';
import { formatRating } from '../utils/format.ts';
import styles from './rating-stars.module.css';

type Props = { value: number; count?: number; size?: 'small' | 'medium' | 'large' };

/** Read-only stars in half steps, with "4,5 (12)" beside them when a count is given. */
export function RatingStars({ value, count, size = 'small' }: Props) {
  const label =
    count === undefined
      ? `Bewertung: ${formatRating(value)} von 5 Sternen`
      : `Bewertung: ${formatRating(value)} von 5 Sternen (${count} ${count === 1 ? 'Bewertung' : 'Bewertungen'})`;
  const halfSteps = Math.min(10, Math.max(0, Math.round(value * 2)));
  return (
    <div className={styles.rating} role="img" aria-label={label}>
      <span className={`${styles.stars} ${styles[size]}`} style={{ '--filled': `${halfSteps / 2}em` } as CSSProperties} aria-hidden />
      {count !== undefined && (
        <span className={styles.count} aria-hidden>
          {formatRating(value)} ({count})
        </span>
      )}
    </div>
  );
}
