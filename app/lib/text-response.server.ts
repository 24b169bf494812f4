// The German sentence a resource route answers with when it refuses (a sitemap
// that does not exist, too many exports): plain text a browser shows as it is.
// React Router's `data()` would send it JSON-quoted (`"Du hast …"`, or `null`).

/** `message` as a plain-text answer with `status`. */
export function textResponse(message: string, status: number, headers: Record<string, string> = {}) {
  return new Response(`${message}\n`, { status, headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8' } });
}
