// A one-time notice for the page a form's redirect leads to (post/redirect/get): the action
// names it in a short-lived cookie, and the next page's root loader reads and removes it. Only
// a fixed key travels in the cookie; the German texts stay here.
import { randomUUID } from 'node:crypto';
import { createCookie } from 'react-router';
import { getEnv } from './env.server.ts';

const NOTICES = {
  'signed-up': 'Willkommen im Chuchiblog! Wir haben dir eine E-Mail geschickt: Bestätige darin deine Adresse.',
  'recipe-created': 'Dein Rezept ist veröffentlicht.',
  'recipe-updated': 'Deine Änderungen sind gespeichert.',
  'recipe-deleted': 'Dein Rezept ist gelöscht.',
  'signed-out': 'Du bist abgemeldet.',
} as const;
export type NoticeKey = keyof typeof NOTICES;

const COOKIE_NAME = 'chuchiblog.notice';

function noticeCookie() {
  return createCookie(COOKIE_NAME, { path: '/', httpOnly: true, sameSite: 'lax', maxAge: 60, secure: getEnv().secureCookies });
}

/** The Set-Cookie header that carries the notice `key` to the next page. */
export function carryNotice(key: NoticeKey) {
  return noticeCookie().serialize(key);
}

/**
 * The notice a request carries (its `id` tells two arrivals of the same text apart) and the
 * Set-Cookie header that removes the cookie; undefined when it carries none.
 */
export async function takeNotice(request: Request) {
  const header = request.headers.get('Cookie');
  if (!header?.includes(`${COOKIE_NAME}=`)) return undefined;
  const cookie = noticeCookie();
  const key: unknown = await cookie.parse(header);
  const text = typeof key === 'string' && Object.hasOwn(NOTICES, key) ? NOTICES[key as NoticeKey] : undefined;
  return { notice: text ? { id: randomUUID(), text } : null, clear: await cookie.serialize('', { maxAge: 0 }) };
}
