import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useHydrated } from '../utils/use-hydrated.ts';

// A focus that was lost: the focused element went away (a deleted card, a form
// replaced by its answer) or was hidden (the phone's search field, closed by its
// search), or a disabled button dropped it while its form was sent. The browser
// would start the next Tab from the top of the page, and a screen reader would
// say nothing. What the reader came for takes it instead.

/** Gives `element` (a ref callback) the focus if it was lost; the element need not be a control. */
export function takeLostFocus(element: HTMLElement | null) {
  if (!element || !focusIsLost()) return;
  if (!element.hasAttribute('tabindex')) element.tabIndex = -1;
  // Read, not used: no focus ring (theme/global.css).
  element.setAttribute('data-took-focus', '');
  element.focus({ preventScroll: true });
}

/**
 * For an answer shown after the page loaded (a message, the thanks that replace a form): a ref
 * callback that gives it a lost focus. Nothing for one that came with the page (an answer without
 * JavaScript, hydrated): a page load starts at the top, for its skip link.
 */
export function useTakeLostFocus() {
  const hydrated = useHydrated();
  // Decided at the first render: true only for an element that came after the page ran.
  const [cameAfterLoad] = useState(hydrated);
  return cameAfterLoad ? takeLostFocus : undefined;
}

/** The page's heading takes a lost focus (cook mode's is in its header, outside <main>). */
export function focusHeadingIfLost() {
  takeLostFocus(document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1'));
}

/**
 * After a navigation in the page, a focus that was lost (the link followed is gone, as "Nächste
 * Seite" on the last page or a card's title; the phone's search field closed by its search) goes to
 * where the new page starts: its heading, or the #fragment's target the page scrolled to (which a
 * part loaded later, as the comment form, takes itself). A focus that is still somewhere (a link in
 * the header, the servings' buttons, cook mode's steps, a comment pointed at) stays: those effects
 * run before this one, which sits in the layout around every page. Not on a page load (it starts at
 * the top, for the skip link), nor when only the #fragment changed (the browser moves to its target).
 */
export function useHeadingTakesLostFocusOnNavigation() {
  const { pathname, search, hash } = useLocation();
  const address = pathname + search;
  // The layout is made anew between a page and an error page: made after the page ran, it came
  // with a navigation.
  const [cameAfterLoad] = useState(useHydrated());
  const shownAddress = useRef(cameAfterLoad ? undefined : address);
  useEffect(() => {
    if (shownAddress.current === address) return;
    shownAddress.current = address;
    // The blog's own fragments are plain ASCII ids: no decoding (which could throw).
    if (hash) takeLostFocus(document.getElementById(hash.slice(1)));
    else focusHeadingIfLost();
  }, [address, hash]);
}

function focusIsLost() {
  const focused = document.activeElement;
  return !focused || focused === document.body || !isShown(focused);
}

/** checkVisibility() is missing before Safari 17.4: there, an element without boxes is hidden. */
function isShown(element: Element) {
  return typeof element.checkVisibility === 'function' ? element.checkVisibility() : element.getClientRects().length > 0;
}
