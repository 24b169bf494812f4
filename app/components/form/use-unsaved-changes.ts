// A form asks before its changes are thrown away: a link, the back button or
// the form's own "Abbrechen" are held for a question (LeaveGuard, UnsavedChangesDialog),
// and reloading or closing the tab gets the browser's own. The form's
// submission goes to its own page, which is not leaving, and the redirect after
// it goes through unasked (React Router checks no blocker on a redirect; one
// that lands closes an open question). A link clicked while the form is being
// saved still asks: leaving would stop the save. Without JavaScript nothing
// asks, as on any plain form.
import { startTransition, useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { useBeforeUnload, useNavigation, type BlockerFunction } from 'react-router';

/**
 * Watches the form (`ref`) for changes: every input and change event in it counts, and so does
 * `markChanged()` for what changes without one (an ingredient added with a button, a picture
 * uploaded or removed). `markSent()` from the form's onSubmit, once the submission goes, keeps the
 * browser's question away from a page load the answer may bring (a new build's reload).
 * `changed` turns true at the first change: from then on the form renders a LeaveGuard with
 * `shouldBlock`, which holds the navigations away.
 */
export function useUnsavedChanges(ref: RefObject<HTMLFormElement | null>) {
  const changed = useRef(false);
  const [hasChanges, setHasChanges] = useState(false);
  const sending = useRef(false);
  const navigation = useNavigation();
  const markChanged = useCallback(() => {
    if (changed.current) return;
    changed.current = true;
    // Not urgent, and not before the field's own handler: this listener on the form runs before
    // React's, and a render in between would set a controlled field back to its old value.
    startTransition(() => setHasChanges(true));
  }, []);

  useEffect(() => {
    const form = ref.current;
    if (!form) return;
    // Typed before the page ran: the field no longer shows what the server sent.
    if (Array.from(form.elements).some(differsFromServer)) markChanged();
    form.addEventListener('input', markChanged);
    form.addEventListener('change', markChanged);
    return () => {
      form.removeEventListener('input', markChanged);
      form.removeEventListener('change', markChanged);
    };
  }, [ref, markChanged]);

  // Back to idle while still here: the answer was a refusal, the form stays, and so do its changes.
  useEffect(() => {
    if (navigation.state === 'idle') sending.current = false;
  }, [navigation.state]);

  const shouldBlock = useCallback<BlockerFunction>(
    // The same page with another query or anchor (a recipe's ?portionen, #zutaten, the form's own
    // submission) keeps the form as it is.
    ({ currentLocation, nextLocation }) => changed.current && currentLocation.pathname !== nextLocation.pathname,
    [],
  );
  useBeforeUnload(
    useCallback((event: BeforeUnloadEvent) => {
      if (!changed.current || sending.current) return;
      event.preventDefault();
      event.returnValue = ''; // Chrome before 119 asks only with this set
    }, []),
  );

  return {
    changed: hasChanges,
    shouldBlock,
    markChanged,
    markSent: () => void (sending.current = true),
  };
}

/**
 * A field whose value, or a box whose tick, is not the one the page came with. Only named fields,
 * the ones the form sends: MUI's growing text areas measure themselves in a nameless copy.
 */
function differsFromServer(element: Element) {
  if (!('name' in element) || element.name === '') return false;
  // A text sent by a form without JavaScript keeps its CRLF line ends, which a text area's value reads as LF.
  if (element instanceof HTMLTextAreaElement) return element.value !== element.defaultValue.replace(/\r\n?/g, '\n');
  if (!(element instanceof HTMLInputElement) || element.type === 'hidden' || element.type === 'file') return false;
  if (element.type === 'checkbox' || element.type === 'radio') return element.checked !== element.defaultChecked;
  return element.value !== element.defaultValue;
}
