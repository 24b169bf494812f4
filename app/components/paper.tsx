import type { ComponentPropsWithoutRef, ElementType } from 'react';
import styles from './paper.module.css';

type Props<C extends ElementType> = { component?: C } & ComponentPropsWithoutRef<C>;

/** A flat card surface that looks like the theme's Paper, without MUI (public pages load none). */
export function Paper<C extends ElementType = 'div'>({ component, className, ...rest }: Props<C>) {
  const Element = component ?? 'div';
  return <Element className={className ? `${styles.paper} ${className}` : styles.paper} {...rest} />;
}
