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

/** The page's heading takes a lost focus. */
export function focusHeadingIfLost() {
  takeLostFocus(document.querySelector<HTMLElement>('main h1'));
}

function focusIsLost() {
  const focused = document.activeElement;
  return !focused || focused === document.body || !isShown(focused);
}

/** checkVisibility() is missing before Safari 17.4: there, an element without boxes is hidden. */
function isShown(element: Element) {
  return typeof element.checkVisibility === 'function' ? element.checkVisibility() : element.getClientRects().length > 0;
}
