import type { AnchorHTMLAttributes, KeyboardEvent, MouseEvent } from 'react';
import { isPlainClick } from './app-link.tsx';

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'role' | 'onClick' | 'onKeyDown'> & {
  /** Where it leads before JavaScript runs: a page that does the same (the account page, a confirmation). */
  href: string;
  /** With JavaScript: what a click, Enter or the space bar does instead (open a menu or a dialog). */
  onActivate: (element: HTMLElement) => void;
};

/**
 * A button that is a link until React runs: the account icon and the delete
 * icons open a menu or a dialog with JavaScript, and lead to a page that does
 * the same without it (the account page, a confirmation page).
 */
export function ButtonWithPageFallback({ href, onActivate, ...rest }: Props) {
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainClick(event, undefined)) return;
    event.preventDefault();
    onActivate(event.currentTarget);
  };
  // A button also opens with the space bar (a link only with Enter).
  const key = (event: KeyboardEvent<HTMLAnchorElement>) => {
    if (event.key !== ' ') return;
    event.preventDefault();
    onActivate(event.currentTarget);
  };
  return <a {...rest} href={href} role="button" onClick={click} onKeyDown={key} />;
}
