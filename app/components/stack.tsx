import type { ComponentPropsWithoutRef, ElementType } from 'react';
import styles from './stack.module.css';

const SPACING = { 1: styles.spacing1, 1.5: styles.spacing1_5, 2: styles.spacing2, 3: styles.spacing3, 4: styles.spacing4 };
const SPACING_MD = { 4: styles.spacingMd4, 5: styles.spacingMd5, 6: styles.spacingMd6 };

type Props<C extends ElementType> = {
  /** Space between the children in theme units (8 px), as MUI's Stack takes it. */
  spacing: keyof typeof SPACING;
  /** From md (900 px) up, if different. */
  spacingMd?: keyof typeof SPACING_MD;
  component?: C;
} & ComponentPropsWithoutRef<C>;

/** A column of children spaced like MUI's Stack, with static CSS (the public pages load no MUI). */
export function Stack<C extends ElementType = 'div'>({ spacing, spacingMd, component, className, ...rest }: Props<C>) {
  const Element = component ?? 'div';
  const classes = [styles.stack, SPACING[spacing], spacingMd && SPACING_MD[spacingMd], className].filter(Boolean).join(' ');
  return <Element className={classes} {...rest} />;
}
