// A form asks before its changes are thrown away: a link, the back button or
// the form's own "Abbrechen" are held for a question (LeaveGuard, UnsavedChangesDialog),
// and reloading or closing the tab gets the browser's own. The form's
// submission goes to its own page, which is not leaving, and the redirect after
// it goes through unasked (React Router checks no blocker on a redirect; one
// that lands closes an open question). A link clicked while the form is being
// saved still asks: leaving would stop the save. Without JavaScript nothing
// asks, as on any plain form.
//
// The account page's forms stay on the page after a save, and each saved form
// shows what it saved (or starts empty again): there a change counts while a
// field differs from what the page showed by itself (`untilSaved`).
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { useBeforeUnload, useNavigation, type BlockerFunction } from 'react-router';

type Options = {
  /**
   * A change counts only while a field in `ref` differs from its value as rendered: the forms in it
   * stay after a save and show the saved values as theirs (or start empty again). Without it, a
   * change counts from the first on (a recipe form's added ingredient or uploaded picture is a
   * change no field's default can tell).
   */
  untilSaved?: boolean;
};

/**
 * Watches the form (`ref`; with `untilSaved` any element holding forms) for changes: every input
 * and change event in it counts, and so does `markChanged()` for what changes without one (an
 * ingredient added with a button, a picture uploaded or removed). `markSent()` from the form's
 * onSubmit, once the submission goes, keeps the browser's question away from a page load the answer
 * may bring (a new build's reload). The form renders a LeaveGuard with `changes` and `shouldBlock`:
 * from the first change on it holds the navigations away.
 */
export function useUnsavedChanges(ref: RefObject<HTMLElement | null>, { untilSaved = false }: Options = {}) {
  const [changes] = useState(createChangeFlag);
  const sending = useRef(false);
  const navigation = useNavigation();
  const unsaved = useCallback(() => changes.isRaised() && (!untilSaved || hasEditedFields(ref.current)), [changes, ref, untilSaved]);
  const markChanged = changes.raise;

  useEffect(() => {
    const form = ref.current;
    if (!form) return;
    // Typed before the page ran: the field no longer shows what the server sent.
    if (hasEditedFields(form)) markChanged();
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
    ({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && unsaved(),
    [unsaved],
  );
  useBeforeUnload(
    useCallback((event: BeforeUnloadEvent) => {
      if (sending.current || !unsaved()) return;
      event.preventDefault();
      event.returnValue = ''; // Chrome before 119 asks only with this set
    }, [unsaved]),
  );

  return {
    changes,
    shouldBlock,
    markChanged,
    markSent: () => void (sending.current = true),
  };
}

/** Whether the form has changed yet, for LeaveGuard to subscribe to. */
export type ChangeFlag = ReturnType<typeof createChangeFlag>;

/**
 * A flag raised at the first change, outside React's state: its one subscriber, LeaveGuard,
 * re-renders at once and alone, so its blocker is in place before the next click. A state of the
 * form's would re-render the whole form: urgently, that render would come between this listener on
 * the form and React's own and set a controlled field back to its old value; as a transition, a
 * busy phone finished it only after a click on a link had gone unasked.
 */
function createChangeFlag() {
  let raised = false;
  const listeners = new Set<() => void>();
  return {
    isRaised: () => raised,
    raise() {
      if (raised) return;
      raised = true;
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

function hasEditedFields(element: HTMLElement | null) {
  return Array.from(element?.querySelectorAll('input, textarea') ?? []).some(differsFromServer);
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
