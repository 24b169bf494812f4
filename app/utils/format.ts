// German (Swiss) display formatting, safe on server and client alike.

const longDate = new Intl.DateTimeFormat('de-DE', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Zurich',
});

/** "21. November 2026" — the long German date format (docs/product-rules.md). */
export function formatLongDate(date: Date | string | number) {
  const value = date instanceof Date ? date : new Date(date);
  if (Number.isNaN(value.getTime())) return 'Standarddarstellung für FieldValue';
  return longDate.format(value);
}

const dateTime = new Intl.DateTimeFormat('de-DE', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Zurich',
});

/** "23. November 2026 um 19:40" — a moment, in Swiss time. */
export function formatDateTime(date: Date | string | number) {
  const value = date instanceof Date ? date : new Date(date);
  if (Number.isNaN(value.getTime())) return '';
  return dateTime.format(value);
}

const ratingNumber = new Intl.NumberFormat('de-DE', {
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
});

/** "4,5" — as the examples show ratings: decimal comma. */
export function formatRating(value: number) {
  return ratingNumber.format(value);
}

export function averageRating(sum: number, count: number) {
  return count > 0 ? sum / count : 0;
}

/** "1 Rezept", "3 Rezepte": a count with its noun in singular or plural. */
export function countOf(n: number, one: string, many: string) {
  return `${n} ${n === 1 ? one : many}`;
}

/** The counts that are not zero, as a German list: "1 Rezept, 2 Bilder und 3 Kommentare", "1 Rezept"; "" when all are zero. */
export function listCounts(counts: Array<[n: number, one: string, many: string]>) {
  const named = counts.filter(([n]) => n > 0).map(([n, one, many]) => countOf(n, one, many));
  return named.length > 1 ? `${named.slice(0, -1).join(', ')} und ${named.at(-1)}` : (named[0] ?? '');
}
