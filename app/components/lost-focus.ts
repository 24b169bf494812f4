import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { useHydrated } from '../utils/use-hydrated.ts';

// A focus that was lost: the focused element went away (a deleted card, a form
// replaced by its answer) or was hidden (the phone's search field, closed by its
// search), or a disabled button dropped it while its form was sent. The browser
// would start the next Tab from the top of the page, and a screen reader would
// say nothing. What the reader came for takes it instead.

/** Gives `element` (a ref callback) the focus if it was lost; the element need not be a control. */
export function takeLostFocus(element: HTMLElement | null) {
  if (element && focusIsLost()) giveFocus(element);
}

function giveFocus(element: HTMLElement) {
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
  takeLostFocus(pageHeading());
}

/**
 * A lost focus goes to `element` (a control: it gets the focus as any, with its ring, scrolled into
 * sight) if that is still shown, else to the page's heading. For a card deleted from a list: its
 * neighbour's link.
 */
export function focusElementIfLost(element: HTMLElement | null | undefined) {
  if (!focusIsLost()) return;
  if (element?.isConnected && isShown(element)) element.focus();
  else focusHeadingIfLost();
}

function pageHeading() {
  return document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1');
}

/**
 * The page's heading takes a focus left behind out of sight: a link that is on the new page too,
 * but far from where it starts (a page number or a footer link, while the new page is shown from
 * its top). The next Tab would jump down past everything new, and a screen reader would not hear
 * that a page came.
 */
function focusHeadingIfLeftBehind() {
  const focused = document.activeElement;
  // An answer that took the focus on this navigation (takeLostFocus marks it) was placed, not left behind.
  if (!(focused instanceof HTMLElement) || focused === document.body || focused.hasAttribute('data-took-focus') || !isShown(focused)) return;
  const { top, bottom } = focused.getBoundingClientRect();
  const heading = pageHeading();
  if (heading && (bottom <= 0 || top >= window.innerHeight)) giveFocus(heading);
}

/**
 * After a navigation in the page, a focus that was lost (the link followed is gone, as "Nächste
 * Seite" on the last page or a card's title; the phone's search field closed by its search) goes to
 * where the new page starts: its heading, or the #fragment's target the page scrolled to (which a
 * part loaded later, as the comment form, takes itself). So does a focus left out of sight (a page
 * number, a footer link). A focus that is still somewhere in sight (a link in the header, the
 * servings' buttons, cook mode's steps, a comment pointed at) stays: those effects run before this
 * one, which sits in the layout around every page, and the scroll is set before it too. Not on a
 * page load (it starts at the top, for the skip link), nor when only the #fragment changed (the
 * browser moves to its target).
 *
 * A step back or forward through the history returns where the reader was: the scroll position
 * (ScrollRestoration) and the link the reader left that page by, as a browser does when it keeps
 * the page (back-forward cache). The next Tab goes on from there, not from a heading far above.
 */
export function usePlaceLostFocusOnNavigation() {
  const { pathname, search, hash, key } = useLocation();
  const navigationType = useNavigationType();
  const address = pathname + search;
  // The layout is made anew between a page and an error page: made after the page ran, it came
  // with a navigation.
  const [cameAfterLoad] = useState(useHydrated());
  const shownAddress = useRef(cameAfterLoad ? undefined : address);
  useRememberWhereEachEntryWasLeft(key);
  useEffect(() => {
    if (shownAddress.current === address) return;
    shownAddress.current = address;
    if (navigationType === 'POP') focusWhereEntryWasLeft(key);
    // The blog's own fragments are plain ASCII ids: no decoding (which could throw).
    else if (hash) takeLostFocus(document.getElementById(hash.slice(1)));
    else {
      focusHeadingIfLost();
      focusHeadingIfLeftBehind();
    }
  }, [address, hash, key, navigationType]);
}

/** Where each history entry of this document was left: a selector and which of its matches. */
const leftFrom = new Map<string, { selector: string; index: number }>();

/**
 * Keeps, for the entry shown, the element focused last or the link clicked last (Safari does not
 * focus a clicked link). An element that cannot be found again (no id, not a link) forgets it.
 */
function useRememberWhereEachEntryWasLeft(key: string) {
  const shownEntry = useRef(key);
  // Before any page's effect moves the focus on the new entry.
  useLayoutEffect(() => {
    shownEntry.current = key;
  }, [key]);
  useEffect(() => {
    const rememberFocused = (event: FocusEvent) => {
      const found = event.target instanceof Element ? findAgainBy(event.target) : undefined;
      if (found) leftFrom.set(shownEntry.current, found);
      else leftFrom.delete(shownEntry.current);
    };
    const rememberLink = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      const found = link ? findAgainBy(link) : undefined;
      if (found) leftFrom.set(shownEntry.current, found);
    };
    document.addEventListener('focusin', rememberFocused);
    document.addEventListener('click', rememberLink, true);
    return () => {
      document.removeEventListener('focusin', rememberFocused);
      document.removeEventListener('click', rememberLink, true);
    };
  }, []);
}

function findAgainBy(element: Element) {
  const href = element instanceof HTMLAnchorElement ? element.getAttribute('href') : null;
  const selector = element.id ? `#${CSS.escape(element.id)}` : href !== null ? `a[href="${CSS.escape(href)}"]` : undefined;
  if (!selector) return undefined;
  return { selector, index: [...document.querySelectorAll(selector)].indexOf(element) };
}

/** A lost focus returns to where the entry was left, if that is still shown; else it stays lost. */
function focusWhereEntryWasLeft(key: string) {
  const left = leftFrom.get(key);
  if (!left || !focusIsLost()) return;
  const element = document.querySelectorAll(left.selector)[left.index];
  if (element instanceof HTMLElement && isShown(element)) element.focus({ preventScroll: true });
}

function focusIsLost() {
  const focused = document.activeElement;
  return !focused || focused === document.body || !isShown(focused);
}

/** checkVisibility() is missing before Safari 17.4: there, an element without boxes is hidden. */
function isShown(element: Element) {
  return typeof element.checkVisibility === 'function' ? element.checkVisibility() : element.getClientRects().length > 0;
}
