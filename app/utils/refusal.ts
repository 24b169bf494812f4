// A refusal a page's loader or action throws (404, 403, …), with a German
// status text: React Router names a thrown `data()` without one "Internal
// Server Error" in the page's data, whatever its status. The texts are ASCII,
// as a resource route's may stand in the HTTP status line.
import { data } from 'react-router';

const STATUS_TEXT = {
  400: 'Anfrage abgelehnt',
  403: 'Kein Zugriff',
  404: 'Nicht gefunden',
  413: 'Zu gross',
  429: 'Zu viele Anfragen',
} as const;

export type RefusalStatus = keyof typeof STATUS_TEXT;

/** What to throw for `status`: the German reason shown on the error screen (`message`), or none. */
export function refusal(status: RefusalStatus, message: string | null = null, headers?: HeadersInit) {
  return data(message, { status, statusText: STATUS_TEXT[status], headers });
}
