// The browser half of every form: the same schema check the action runs,
// before anything is sent; the messages of the last answer, replaced by newer
// findings; the focus on the first field that is not right; one pending flag.
// Without JavaScript none of this runs and the action's answer does it all.
import { useEffect, useRef, useState, type FormEvent } from 'react';
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
 * `null` means the field has no input to focus (its message is an alert).
 */
export function focusFirstError<Field extends string>(
  form: HTMLFormElement,
  errors: FieldErrors<Field>,
  fields: readonly Field[],
  focusNames: Partial<Record<Field, string | null>> = {},
) {
  const first = fields.find((field) => errors[field]);
  if (first === undefined) return;
  const name = focusNames[first] === undefined ? first : focusNames[first];
  if (name !== null) form.querySelector<HTMLElement>(`[name="${CSS.escape(name)}"]`)?.focus();
}

type Options<Field extends string> = {
  /** The action's last answer (React Router's actionData): a new one replaces the shown messages. */
  answer: { errors?: FieldErrors<Field>; formError?: string } | undefined;
  /** The action's own check, on what the form would send. */
  check: (data: FormData) => Validation<unknown, Field>;
  /** The fields in the order the form shows them (the first with a message gets the focus). */
  fields: readonly Field[];
  focusNames?: Partial<Record<Field, string | null>>;
  /** Only a submission with this intent counts as this form's (pages with several forms). */
  intent?: string;
};

export function useForm<Field extends string>({ answer, check, fields, focusNames, intent }: Options<Field>) {
  const pending = usePending(intent);
  const formRef = useRef<HTMLFormElement>(null);
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
  // focus too, in forms that hand over their element (`ref`).
  useEffect(() => {
    if (formRef.current && answer?.errors) focusFirstError(formRef.current, answer.errors, fields, focusNames);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new answer moves the focus
  }, [answer]);

  /** For <Form onSubmit>: stops a submit the schema refuses, shows why and focuses the first field. Returns whether it may go. */
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
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
