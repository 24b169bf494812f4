// The header's "Login" keeps its href, /login, and carries the page it was clicked on in the browser's
// history state instead: after signing in, the reader is back on that recipe or list, not on the home
// page. (Without JavaScript there is no such state, and the login goes home as before.)
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
  const returnTo = safeRedirectPath((state as Partial<ReturnState> | null)?.returnTo, '');
  const pathname = returnTo.replace(/[?#].*$/s, '');
  return ACCOUNT_PAGES.includes(pathname) || pathname === '/' ? '' : returnTo;
}
