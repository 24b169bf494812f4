import type { Theme } from '@mui/material/styles';

/**
 * The theme as a static stylesheet (app/theme/theme.generated.css, written by
 * `npm run theme:css`): its colours, fonts and shapes as CSS custom properties,
 * MUI's CssBaseline for this theme, and one class per typography variant
 * (`text-h1` … `text-caption`, used by components/text.tsx). Pages that use
 * no MUI component (home, a recipe, the lists) then load and run no MUI at
 * all; pages with forms still do, with the same theme (theme.ts stays the one
 * source). tests/integration/theme-css.test.ts fails when the file is stale.
 */
export function themeCss(theme: Theme) {
  const { palette, typography, shape, shadows } = theme;
  const tokens = {
    '--color-text': palette.text.primary,
    '--color-primary': palette.primary.main,
    '--color-on-primary': palette.primary.contrastText,
    '--color-text-secondary': palette.text.secondary,
    '--color-gold': palette.secondary.main,
    '--color-gold-dark': palette.secondary.dark,
    '--color-gold-light': palette.secondary.light,
    '--color-paper': palette.background.paper,
    '--color-background': palette.background.default,
    '--color-divider': palette.divider,
    '--color-star-empty': palette.action.disabled,
    '--font-serif': typography.fontFamily,
    '--font-sans': typography.h5.fontFamily,
    '--radius': `${Number(shape.borderRadius)}px`,
    '--shadow-raised': shadows[6],
  };
  const rules: [selector: string, declarations: object][] = [
    [':root', tokens],
    // MUI's CssBaseline (v9) for this theme.
    ['html', { WebkitFontSmoothing: 'antialiased', MozOsxFontSmoothing: 'grayscale', boxSizing: 'border-box', WebkitTextSizeAdjust: '100%' }],
    ['*, *::before, *::after', { boxSizing: 'inherit' }],
    ['strong, b', { fontWeight: typography.fontWeightBold }],
    ['body', { margin: 0, color: palette.text.primary, ...typography.body1, backgroundColor: palette.background.default }],
    ['body::backdrop', { backgroundColor: palette.background.default }],
    // MUI's Typography: no margin, the variant's font.
    ...Object.entries(typography)
      .filter(([variant, style]) => variant !== 'inherit' && typeof style === 'object')
      .map(([variant, style]): [string, object] => [`.text-${variant}`, { margin: 0, ...style }]),
  ];
  const css = rules.map(([selector, declarations]) => `${selector} {\n${declarationsCss(declarations)}}\n`);
  css.push(`@media print {\n  body {\n    background-color: ${palette.common.white};\n  }\n}\n`);
  return `/* Generated from app/theme/theme.ts by \`npm run theme:css\`; do not edit. */\n${css.join('\n')}`;
}

// Numbers are pixels except where CSS takes them bare (as Emotion writes them).
const UNITLESS = new Set(['fontWeight', 'lineHeight', 'opacity', 'zIndex']);

function declarationsCss(declarations: object) {
  return Object.entries(declarations)
    .filter(([, value]) => value !== undefined)
    .map(([property, value]) => {
      if (typeof value === 'object') throw new Error(`nested style in the theme: ${property}`);
      const name = property.startsWith('--') ? property : property.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`).replace(/^(webkit|moz)-/, '-$1-');
      const text = typeof value === 'number' && value !== 0 && !UNITLESS.has(property) ? `${value}px` : String(value);
      return `  ${name}: ${text};\n`;
    })
    .join('');
}
