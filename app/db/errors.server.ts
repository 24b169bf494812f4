/**
 * Whether a write failed on a foreign key (SQLSTATE 23503): a row it points to went away between
 * the look-up and the write (a comment, a picture, the writer's own account). From postgres-js
 * and PGlite alike; drizzle may wrap the driver's error in `cause`.
 */
export function isForeignKeyViolation(error: unknown) {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23503') return true;
  }
  return false;
}
