import type { AnchorHTMLAttributes, KeyboardEvent, MouseEvent, Ref } from 'react';
import { useHydrated } from '../utils/use-hydrated.ts';
import { isPlainClick } from './app-link.tsx';

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'role' | 'onClick' | 'onKeyDown'> & {
  /** Where it leads before JavaScript runs: what does the same (the account page, a confirmation, a part of the page). */
  href: string;
  /** With JavaScript: what a click, Enter or the space bar does instead (open a menu or a dialog). */
  onActivate: (element: HTMLElement) => void;
  /**
   * The code of what it opens: fetched when the pointer comes over the button or it takes the focus, and
   * awaited before `onActivate`. When it cannot be fetched (offline, or a new build on the server has other
   * files), the link's page opens instead: a document of the running build.
   */
  loadFirst?: () => Promise<unknown>;
  /** Instead of opening the link's page when `loadFirst` fails (a part of this page: open it in place). */
  onLoadFailed?: () => void;
  ref?: Ref<HTMLAnchorElement>;
};

/**
 * A button that is a link until React runs: the account icon, the delete icons
 * and the phone's category menu open a menu or a dialog with JavaScript, the
 * phone's search icon the header's field; without it they lead to what does the
 * same (the account page, a confirmation page, the categories' list as the
 * page's target, /suche).
 */
export function ButtonWithPageFallback({
  href,
  onActivate,
  loadFirst,
  onLoadFailed,
  onPointerEnter,
  onFocus,
  'aria-haspopup': popup,
  'aria-expanded': expanded,
  'aria-controls': controls,
  ...rest
}: Props) {
  // A link as the server sends it; a button (with its popup) once React runs.
  const enhanced = useHydrated();
  // Ahead of a click; a failure is the click's to handle.
  const fetchAhead = () => void loadFirst?.().catch(() => undefined);
  const activate = (element: HTMLElement) => {
    if (!loadFirst) return onActivate(element);
    // Only on the page it was clicked on: the reader may have gone on while the code was on its way.
    const clickedOn = window.location.href;
    const stillThere = () => window.location.href === clickedOn;
    loadFirst().then(
      () => stillThere() && onActivate(element),
      () => stillThere() && (onLoadFailed ? onLoadFailed() : window.location.assign(href)),
    );
  };
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainClick(event, undefined)) return;
    event.preventDefault();
    activate(event.currentTarget);
  };
  // A button also opens with the space bar (a link only with Enter).
  const key = (event: KeyboardEvent<HTMLAnchorElement>) => {
    if (event.key !== ' ') return;
    event.preventDefault();
    activate(event.currentTarget);
  };
  // What it opens exists only then: a link says nothing of a popup or of being expanded.
  return (
    <a
      {...rest}
      href={href}
      role={enhanced ? 'button' : undefined}
      aria-haspopup={enhanced ? popup : undefined}
      aria-expanded={enhanced ? expanded : undefined}
      aria-controls={enhanced ? controls : undefined}
      onClick={click}
      onKeyDown={key}
      onPointerEnter={(event) => {
        fetchAhead();
        onPointerEnter?.(event);
      }}
      onFocus={(event) => {
        fetchAhead();
        onFocus?.(event);
      }}
    />
  );
}
