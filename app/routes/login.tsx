import { useEffect } from 'react';
import { redirect, useLocation } from 'react-router';
import type { Route } from './+types/login';
import { signIn, signUp } from '../features/accounts/account-actions.server.ts';
import { MESSAGES } from '../features/accounts/account-schemas.ts';
import { LoginForm } from '../features/accounts/components/login-form.tsx';
import { COMMENT_FORM_ANCHOR } from '../features/comments/comment-paths.ts';
import { getSessionUser } from '../lib/auth.server.ts';
import { getEnv } from '../lib/env.server.ts';
import { readFormData } from '../lib/form-data.server.ts';
import { getClientIp } from '../lib/request-context.server.ts';
import { preloadSignedInParts } from '../signed-in-parts.ts';
import { pageMeta } from '../utils/meta.ts';
import { returnPathFrom, returnPathFromReferer } from '../utils/return-after-login.ts';
import { safeRedirectPath } from '../utils/safe-redirect.ts';
import { NOINDEX } from '../utils/seo.ts';
import { useHydrated } from '../utils/use-hydrated.ts';

export function meta({ loaderData }: Route.MetaArgs) {
  const signUp = loaderData?.mode === 'signup';
  return [...pageMeta(signUp ? 'Registrieren' : 'Anmelden', signUp ? 'Registriere dich beim Chuchiblog: erfasse eigene Rezepte und bewerte die Gerichte der anderen.' : 'Melde dich beim Chuchiblog an: erfasse eigene Rezepte und bewerte die Gerichte der anderen.'), NOINDEX];
}

/** What the page says after a flow that ends here (a new password, a deleted account, signed out everywhere). */
function loginNotice(params: URLSearchParams) {
  if (params.get('passwort') === 'geaendert') return MESSAGES.passwordChanged;
  if (params.get('konto') === 'geloescht') return MESSAGES.accountDeleted;
  if (params.get('abgemeldet') === 'ueberall') return MESSAGES.signedOutEverywhere;
  return undefined;
}

/**
 * What the page that sent a reader here needs the account for ("…, um ein Rezept zu erfassen"),
 * and whether a new reader could want it too (no one new has a recipe to edit); undefined for any other page.
 */
function purposeOf(redirectTo: string): { purpose: string; alsoNew: boolean } | undefined {
  const { pathname, hash } = new URL(redirectTo, 'http://chuchiblog.invalid');
  if (pathname === '/create') return { purpose: 'um ein Rezept zu erfassen', alsoNew: true };
  if (pathname.startsWith('/edit/')) return { purpose: 'um dein Rezept zu bearbeiten', alsoNew: false };
  if (pathname === '/konto' || pathname.startsWith('/konto/')) return { purpose: 'um dein Konto zu verwalten', alsoNew: false };
  if (pathname === '/profile') return { purpose: 'um deine Rezepte zu sehen', alsoNew: false };
  if (pathname.startsWith('/detail/') && pathname.endsWith('/melden')) return { purpose: 'um einen Kommentar zu melden', alsoNew: true };
  if (pathname.startsWith('/detail/') && hash === `#${COMMENT_FORM_ANCHOR}`) return { purpose: 'um zu kommentieren', alsoNew: true };
  return undefined;
}

/** Why a page sent the reader here, in the words of the form's mode. */
function reasonFor(redirectTo: string, mode: 'login' | 'signup') {
  const sent = redirectTo ? purposeOf(redirectTo) : undefined;
  if (!sent) return undefined;
  if (mode === 'login') return `Melde dich an, ${sent.purpose}.`;
  return sent.alsoNew ? `Registriere dich, ${sent.purpose}.` : undefined;
}

export async function loader({ request }: Route.LoaderArgs) {
  if (await getSessionUser(request)) throw redirect('/');
  const params = new URL(request.url).searchParams;
  const mode = params.get('modus') === 'registrieren' ? ('signup' as const) : ('login' as const);
  const redirectTo = safeRedirectPath(params.get('redirectTo'), '');
  // Without JavaScript the header's Login carries no history state: the page it was clicked on is the Referer.
  const referredFrom = returnPathFromReferer(request.headers.get('referer'), new URL(getEnv().publicUrl).origin);
  return { mode, redirectTo, referredFrom, notice: loginNotice(params), reason: reasonFor(redirectTo, mode) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormData(request);
  const client = { request, form, clientIp: getClientIp(context) };
  return form.get('intent') === 'sign-up' ? signUp(client) : signIn(client);
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { mode, redirectTo, referredFrom, notice, reason } = loaderData;
  const clickedOn = useHeaderLoginOrigin();
  // The history state before the Referer: a reload of a login reached in the page sends the Referer of the
  // page's first document, which may name another page. (A refused attempt's answer carries the way on itself.)
  const wayBack = redirectTo || clickedOn || referredFrom;
  // The page after the login shows the header's account control (and maybe the comment form) at once.
  useEffect(preloadSignedInParts, []);
  // key: switching modes starts with a fresh form.
  return <LoginForm key={mode} mode={mode} redirectTo={wayBack} notice={notice} reason={reason} actionData={actionData} />;
}

/** The page the header's Login was clicked on, from the history state the server never sees (so read once hydrated). */
function useHeaderLoginOrigin() {
  const { state } = useLocation();
  return useHydrated() ? returnPathFrom(state) : '';
}
