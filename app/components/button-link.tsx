import type { ReactNode } from 'react';
import { AppLink, type AppPath } from './app-link.tsx';
import styles from './button-link.module.css';

type Props = {
  variant: 'contained' | 'outlined' | 'outlinedOnDark' | 'text';
  size?: 'small' | 'medium' | 'large';
  startIcon?: ReactNode;
  className?: string;
  /** A name for screen readers when the visible text alone says too little (one "Melden" per comment). */
  'aria-label'?: string;
  children: ReactNode;
} & ({ to: AppPath; rel?: string; state?: unknown } | { href: string; target?: string; rel?: string; download?: boolean });

/**
 * A link that looks like MUI's Button, without its JavaScript (ButtonBase and
 * its ripple are a tenth of the first-load script). For the links every
 * anonymous reader sees: "Login", "Zum Rezept", the share links, a comment's "Melden".
 */
export function ButtonLink({ variant, size = 'medium', startIcon, className, 'aria-label': label, children, ...target }: Props) {
  const classes = [styles.root, styles[variant], styles[size], className].filter(Boolean).join(' ');
  const content = (
    <>
      {startIcon && <span className={styles.startIcon}>{startIcon}</span>}
      {children}
    </>
  );
  return 'to' in target ? (
    <AppLink to={target.to} rel={target.rel} state={target.state} className={classes} aria-label={label}>
      {content}
    </AppLink>
  ) : (
    <a {...target} className={classes} aria-label={label}>
      {content}
    </a>
  );
}
