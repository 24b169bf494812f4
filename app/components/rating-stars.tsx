import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatRating } from '../utils/format.ts';

type Props = { value: number; count?: number; size?: 'small' | 'medium' | 'large' };

/** Read-only stars in half steps, with "4,5 (12)" beside them when a count is given. */
export function RatingStars({ value, count, size = 'small' }: Props) {
  const label =
    count === undefined
      ? `Bewertung: ${formatRating(value)} von 5 Sternen`
      : `Bewertung: ${formatRating(value)} von 5 Sternen (${count} ${count === 1 ? 'Bewertung' : 'Bewertungen'})`;
  return (
    <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }} role="img" aria-label={label}>
      <Rating value={value} precision={0.5} max={5} readOnly size={size} sx={{ color: 'secondary.main' }} aria-hidden />
      {count !== undefined && (
        <Typography variant="body2" component="span" sx={{ color: 'text.secondary', fontFamily: 'Montserrat, sans-serif' }} aria-hidden>
          {formatRating(value)} ({count})
        </Typography>
      )}
    </Stack>
  );
}
