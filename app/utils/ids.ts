// Ids of recipes, comments and images are UUIDs. Ids from URLs and forms are
// checked before a query: the database would throw on anything else.

/** A UUID in its text form, lower-case hex as the database writes it (for composing patterns). */
export const UUID_SOURCE = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

const UUID = new RegExp(`^${UUID_SOURCE}$`, 'i');

/** Whether the value is a UUID (either case, as PostgreSQL accepts it). */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}
