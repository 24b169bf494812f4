// The header's "Login" keeps its href, /login, and carries the page it was clicked on in the browser's
// history state instead: after signing in, the reader is back on that recipe or list, not on the home
// page. Without JavaScript there is no such state: the login page reads the request's Referer instead.
import { safeRedirectPath } from './safe-redirect.ts';

/** The account pages a signed-out reader passes through: coming back to them after signing in makes no sense. */
const ACCOUNT_PAGES = ['/login', '/forgot', '/reset-password', '/verify-email'];

type ReturnState = { returnTo: string };

/** The history state for the link to /login from the page at `pathname` and `search`. */
export function loginLinkState(pathname: string, search: string): ReturnState {
  return { returnTo: `${pathname}${search}` };
}

/** The page to go back to after signing in, from the login page's history state; '' for none. The server checks it again. */
export function returnPathFrom(state: unknown): string {
  return worthReturningTo((state as Partial<ReturnState> | null)?.returnTo);
}

/** The same from a request's `Referer`: only a page of this site (`origin`, PUBLIC_URL's) counts. */
export function returnPathFromReferer(referer: string | null, origin: string): string {
  if (!referer || !URL.canParse(referer)) return '';
  const url = new URL(referer);
  return url.origin === origin ? worthReturningTo(`${url.pathname}${url.search}`) : '';
}

function worthReturningTo(path: unknown): string {
  const returnTo = safeRedirectPath(path, '');
  const pathname = returnTo.replace(/[?#].*$/s, '');
  return ACCOUNT_PAGES.includes(pathname) || pathname === '/' ? '' : returnTo;
}
