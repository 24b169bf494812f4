// The browser half of every form: the same schema check the action runs,
// before anything is sent; the messages of the last answer, replaced by newer
// findings; the focus on the first field that is not right; one pending flag.
// Without JavaScript none of this runs and the action's answer does it all.
import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useNavigation } from 'react-router';
import type { FieldErrors, Validation } from './form-answer.ts';

const NO_ERRORS = {};

/** True while this page's form submission (optionally the one with this `intent`) is under way, until the next page is there. */
export function usePending(intent?: string) {
  const navigation = useNavigation();
  if (navigation.state === 'idle' || navigation.formMethod === undefined) return false;
  return intent === undefined || navigation.formData?.get('intent') === intent;
}

/**
 * Moves the focus to the input of the first field (in `fields` order) that has
 * a message. `focusNames` names a field's input when it is called otherwise;
 * `null` means the field has no input to focus (its message is an alert): the
 * next field with a message gets it.
 */
export function focusFirstError<Field extends string>(
  form: HTMLFormElement,
  errors: FieldErrors<Field>,
  fields: readonly Field[],
  focusNames: Partial<Record<Field, string | null>> = {},
) {
  const first = fields.find((field) => errors[field] && focusNames[field] !== null);
  if (first === undefined) return;
  form.querySelector<HTMLElement>(`[name="${CSS.escape(focusNames[first] ?? first)}"]`)?.focus();
}

/** The action's own check, on what the form would send. */
type Check<Field extends string> = (data: FormData) => Validation<unknown, Field>;

/** How far ahead of the viewport a form fetches a `loadCheck`: about a phone screen of scrolling. */
const NEAR_VIEWPORT = '800px 0px';

type Options<Field extends string> = {
  /** The action's last answer (React Router's actionData): a new one replaces the shown messages. */
  answer: { errors?: FieldErrors<Field>; formError?: string } | undefined;
  /** The fields in the order the form shows them (the first with a message gets the focus). */
  fields: readonly Field[];
  focusNames?: Partial<Record<Field, string | null>>;
  /** Only a submission with this intent counts as this form's (pages with several forms). */
  intent?: string;
  /**
   * A refusal of the whole form puts the lost focus back into its first field (the account forms:
   * the disabled submit button had it). Not for the comment form: its first field is the stars,
   * which are not focused on an error (decision 007).
   */
  refocusOnFormError?: boolean;
} & (
  | { check: Check<Field> }
  /**
   * For a form far down a page, fetched once the form (its `ref`) is near the
   * viewport rather than with the page: the schema is most of its code. A
   * submission before that waits for it; if it cannot be fetched, the action
   * checks alone.
   */
  | { loadCheck: () => Promise<Check<Field>> }
);

export function useForm<Field extends string>({ answer, fields, focusNames, intent, refocusOnFormError = false, ...checkOption }: Options<Field>) {
  const pending = usePending(intent);
  const formRef = useRef<HTMLFormElement>(null);
  const checks = useCheck(checkOption, formRef);
  const serverErrors: FieldErrors<Field> = answer?.errors ?? NO_ERRORS;
  // A new answer replaces what is shown (React's "adjust state when a prop
  // changes" pattern, no effect needed).
  const [shown, setShown] = useState({ answer, errors: serverErrors, checkedHere: false });
  let current = shown;
  if (shown.answer !== answer) {
    current = { answer, errors: serverErrors, checkedHere: false };
    setShown(current);
  }

  // A refusal from the server (a wrong password, a taken address) moves the
  // focus too, in forms that hand over their element (`ref`). With
  // `refocusOnFormError`, a refusal of the whole form ("Benutzername oder
  // Passwort falsch!") puts it back into the form's first field when it was
  // lost: the submit button had it, and gave it up when disabled for the wait.
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    if (answer?.errors) focusFirstError(form, answer.errors, fields, focusNames);
    else if (refocusOnFormError && answer?.formError && document.activeElement === document.body) {
      form.querySelector<HTMLElement>('input:not([type="hidden"]):not([tabindex="-1"]), textarea, select')?.focus();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new answer moves the focus
  }, [answer]);

  /** For <Form onSubmit>: stops a submit the schema refuses, shows why and focuses the first field. Returns whether it may go. */
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const check = checks.current();
    if (check === undefined) {
      // Its code is on the way (the reader was quick): submit again once it is here.
      event.preventDefault();
      const submitter = (event.nativeEvent as SubmitEvent).submitter;
      void checks.fetchCheck().then(() => form.requestSubmit(submitter));
      return false;
    }
    if (check === 'unavailable') return true;
    const result = check(new FormData(form));
    if (result.success) {
      // Nothing left to point at: older messages go (the next answer brings its own).
      if (Object.keys(current.errors).length > 0 || current.checkedHere) setShown({ answer, errors: NO_ERRORS, checkedHere: false });
      return true;
    }
    event.preventDefault();
    setShown({ answer, errors: result.errors, checkedHere: true });
    focusFirstError(form, result.errors, fields, focusNames);
    return false;
  }

  /** Takes a field's message away once it has been changed. */
  function clearError(field: string) {
    if (field in current.errors) {
      setShown((state) => {
        const errors = { ...state.errors };
        delete errors[field as Field];
        return { ...state, errors };
      });
    }
  }

  return {
    errors: current.errors,
    // Hidden while a new submission is under way and when this page found the form incomplete itself.
    formError: current.checkedHere || pending ? undefined : answer?.formError,
    pending,
    onSubmit,
    clearError,
    /** For <Form ref>: lets the server's field messages move the focus as well. */
    ref: formRef,
  };
}

/**
 * The form's check: the given one, or, with `loadCheck`, a function that
 * returns it once fetched (the fetch starts when the form is near the
 * viewport, or at the latest when it is submitted).
 */
function useCheck<Field extends string>(option: { check: Check<Field> } | { loadCheck: () => Promise<Check<Field>> }, formRef: RefObject<HTMLFormElement | null>) {
  // Refs, not state: the check is never rendered, and a submit right after it arrived must see it.
  const fetched = useRef<Promise<Check<Field> | undefined>>(undefined);
  const arrived = useRef<Check<Field> | 'unavailable'>(undefined);
  const load = 'loadCheck' in option ? option.loadCheck : undefined;
  const fetchCheck = () =>
    (fetched.current ??= (load ?? (() => Promise.reject(new Error('no loadCheck'))))().then(
      (check) => (arrived.current = check),
      // Not fetched (offline, a newer build): the action still checks.
      () => ((arrived.current = 'unavailable'), undefined),
    ));

  useEffect(() => {
    const form = formRef.current;
    if (!load || !form) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        void fetchCheck();
      },
      { rootMargin: NEAR_VIEWPORT },
    );
    observer.observe(form);
    return () => observer.disconnect();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- fetched once per form; `load` may be a new function each render
  }, []);

  return {
    /** The check, 'unavailable' (submit without it), or undefined while it is still coming. */
    current: () => ('check' in option ? option.check : arrived.current),
    fetchCheck,
  };
}
