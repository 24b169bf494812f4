import { expect, test } from 'vitest';
import { safeRedirectPath } from '../../app/lib/auth.server.ts';

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
