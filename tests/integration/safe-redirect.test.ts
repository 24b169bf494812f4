import { expect, test } from 'vitest';
import { loginLinkState, returnPathFrom, returnPathFromReferer } from '../../app/utils/return-after-login.ts';
import { safeRedirectPath } from '../../app/utils/safe-redirect.ts';

test('local paths are kept as they are', () => {
  expect(safeRedirectPath('/profile')).toBe('/profile');
  expect(safeRedirectPath('/detail/abc?x=1#kommentare')).toBe('/detail/abc?x=1#kommentare');
  expect(safeRedirectPath('/tags/S%C3%BCss')).toBe('/tags/S%C3%BCss');
});

test('anything that could leave the site falls back', () => {
  for (const value of [
    '//boese.example/',
    '/\\boese.example',
    '/\t/boese.example',
    '/\n/boese.example',
    'https://boese.example/',
    'javascript:alert(1)',
    'profile',
    '',
    undefined,
    42,
  ]) {
    expect(safeRedirectPath(value, '/start'), JSON.stringify(value)).toBe('/start');
  }
});

test("the header Login's history state leads back to the page it was clicked on, not to an account page", () => {
  expect(returnPathFrom(loginLinkState('/detail/abc', '?portionen=6'))).toBe('/detail/abc?portionen=6');
  expect(returnPathFrom(loginLinkState('/tags/S%C3%BCss', '?seite=2'))).toBe('/tags/S%C3%BCss?seite=2');
  // Home is where a login goes anyway; the account pages are no place to come back to.
  for (const pathname of ['/', '/login', '/forgot', '/reset-password', '/verify-email']) {
    expect(returnPathFrom(loginLinkState(pathname, '?modus=registrieren')), pathname).toBe('');
  }
  // No state (the page opened by its address, or without JavaScript), or a state of another kind.
  for (const state of [null, undefined, {}, { returnTo: 42 }, { returnTo: 'https://boese.example/' }, { returnTo: '//boese.example/' }, { returnTo: '/\\boese.example' }, { returnTo: '/\\[' }]) {
    expect(returnPathFrom(state), JSON.stringify(state)).toBe('');
  }
});

test("without JavaScript the Referer leads back, if it is a page of this site's own address", () => {
  const site = 'https://chuchiblog.example';
  expect(returnPathFromReferer(`${site}/detail/abc?portionen=6`, site)).toBe('/detail/abc?portionen=6');
  expect(returnPathFromReferer(`${site}/tags/S%C3%BCss?seite=2`, site)).toBe('/tags/S%C3%BCss?seite=2');
  // The same rules as the history state's: not home, not an account page.
  for (const pathname of ['/', '/login', '/forgot', '/reset-password', '/verify-email']) {
    expect(returnPathFromReferer(`${site}${pathname}?modus=registrieren`, site), pathname).toBe('');
  }
  // Another site, another scheme or port of this host, none, or no address at all.
  for (const referer of [null, '', 'https://boese.example/detail/abc', 'http://chuchiblog.example/detail/abc', 'https://chuchiblog.example:8443/detail/abc', 'kein Link', '/detail/abc']) {
    expect(returnPathFromReferer(referer, site), JSON.stringify(referer)).toBe('');
  }
});
