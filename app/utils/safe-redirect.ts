// Where a form may send the reader after it is done: checked by the server before each redirect, and in
// the browser by the login page for the way back it reads from history state (utils/return-after-login.ts).

/**
 * Only a path on this site may be a redirect target. Browsers drop tabs and
 * newlines and read a backslash as "/", so "/<tab>/evil.example" would leave the site:
 * such characters are refused, and what remains must resolve to our origin.
 */
export function safeRedirectPath(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || !value.startsWith('/') || /[\u0000-\u001f\u007f\\]/.test(value)) return fallback;
  const base = 'http://chuchiblog.invalid';
  try {
    const url = new URL(value, base);
    return url.origin === base ? url.pathname + url.search + url.hash : fallback;
  } catch {
    return fallback;
  }
}
