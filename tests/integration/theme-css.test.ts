// Pages without MUI style themselves from app/theme/theme.generated.css; it must say what theme.ts says.
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { themeCss } from '../../app/theme/theme-css.ts';
import { theme } from '../../app/theme/theme.ts';

test('theme.generated.css is what the theme gives (run `npm run theme:css` after changing app/theme/theme.ts)', () => {
  const generated = readFileSync(new URL('../../app/theme/theme.generated.css', import.meta.url), 'utf8');
  expect(generated).toBe(themeCss(theme));
});

test('the stylesheet carries the theme: its colours, the body font of CssBaseline, one class per text variant', () => {
  const css = themeCss(theme);
  expect(css).toContain(`--color-gold-dark: ${theme.palette.secondary.dark};`);
  expect(css).toMatch(new RegExp(`body \\{[^}]*font-family: ${escape(String(theme.typography.body1.fontFamily))};[^}]*background-color: ${theme.palette.background.default};`));
  expect(css).toMatch(new RegExp(`\\.text-h4 \\{[^}]*font-family: ${escape(String(theme.typography.h4.fontFamily))};[^}]*color: ${theme.palette.secondary.dark};`));
  expect(css).toMatch(/\.text-overline \{[^}]*letter-spacing: 1\.5px;[^}]*text-transform: uppercase;/);
});

function escape(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
