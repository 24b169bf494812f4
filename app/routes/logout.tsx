import { redirect } from 'react-router';
import type { Route } from './+types/logout';
import { signOut } from '../features/accounts/account-actions.server.ts';

/** Signing out changes state, so it is a POST; a GET just goes home. */
export function loader() {
  return redirect('/');
}

export async function action({ request }: Route.ActionArgs) {
  return signOut({ request });
}
