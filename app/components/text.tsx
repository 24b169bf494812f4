import type { ComponentPropsWithoutRef, ElementType } from 'react';

/** The theme's typography variants (classes of theme/theme.generated.css). */
export type TextVariant = 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6' | 'subtitle1' | 'subtitle2' | 'body1' | 'body2' | 'overline' | 'caption';

// The element each variant renders by default, as MUI's Typography chooses it.
const ELEMENT: Record<TextVariant, ElementType> = {
  h1: 'h1',
  h2: 'h2',
  h3: 'h3',
  h4: 'h4',
  h5: 'h5',
  h6: 'h6',
  subtitle1: 'h6',
  subtitle2: 'h6',
  body1: 'p',
  body2: 'p',
  overline: 'span',
  caption: 'span',
};

type Props<C extends ElementType> = { variant?: TextVariant; component?: C } & ComponentPropsWithoutRef<C>;

/**
 * Text in one of the theme's variants, as MUI's Typography draws it, with a
 * static class instead of MUI's runtime styles: the public pages load no MUI.
 * Anything beyond the variant (colour, spacing) is the caller's CSS module.
 */
export function Text<C extends ElementType = 'p'>({ variant = 'body1', component, className, ...rest }: Props<C>) {
  const Element = component ?? ELEMENT[variant];
  return <Element className={className ? `text-${variant} ${className}` : `text-${variant}`} {...rest} />;
}
