/**
 * Gives the page's heading a focus that was lost: the focused element went away (a deleted card)
 * or was hidden (the phone's search field, closed by its search). A browser would start the next
 * Tab from the top of the page, and a screen reader would say nothing.
 */
export function focusHeadingIfLost() {
  const focused = document.activeElement;
  if (focused && focused !== document.body && isShown(focused)) return;
  const heading = document.querySelector<HTMLElement>('main h1');
  if (!heading) return;
  heading.tabIndex = -1;
  heading.focus({ preventScroll: true });
}

/** checkVisibility() is missing before Safari 17.4: there, an element without boxes is hidden. */
function isShown(element: Element) {
  return typeof element.checkVisibility === 'function' ? element.checkVisibility() : element.getClientRects().length > 0;
}
