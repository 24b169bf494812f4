// The logo is an <img>: it cannot use the page's fonts, so its letters must be shapes.
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';

test('the logo draws its wordmark as outlines, not as text in whatever font the reader has', () => {
  const svg = readFileSync(new URL('../../public/logo.svg', import.meta.url), 'utf8');
  expect(svg).not.toMatch(/<text\b|font-family/);
  expect(svg.match(/<path\b/g)?.length).toBeGreaterThanOrEqual(3);
  expect(svg).toContain('aria-label="Chuchiblog – der Kochblog"');
});
