import { theme } from './theme.ts';

/**
 * The theme's colours, fonts and shapes as CSS custom properties, written once
 * into <head>. Components that render dozens of times per page (cards, stars,
 * comments, ingredient rows) use static stylesheets (`*.module.css`) with
 * these instead of MUI's runtime styles: Emotion serialises every styled
 * element on every render, which was half the cost of a page.
 */
const { palette, typography, shape, shadows } = theme;

export const THEME_TOKENS_CSS = `:root{${Object.entries({
  '--color-text': palette.text.primary,
  '--color-primary': palette.primary.main,
  '--color-on-primary': palette.primary.contrastText,
  '--color-text-secondary': palette.text.secondary,
  '--color-gold': palette.secondary.main,
  '--color-gold-dark': palette.secondary.dark,
  '--color-gold-light': palette.secondary.light,
  '--color-paper': palette.background.paper,
  '--color-divider': palette.divider,
  '--color-star-empty': palette.action.disabled,
  '--font-serif': typography.fontFamily,
  '--font-sans': typography.h5.fontFamily,
  '--radius': `${Number(shape.borderRadius)}px`,
  '--shadow-raised': shadows[6],
})
  .map(([name, value]) => `${name}:${value}`)
  .join(';')}}`;
