// The account forms in the browser: the form kit's check, messages, focus and
// pending flag, plus what only these forms need: the anti-bot token where
// the flow asks for one (solved while the form is filled in, see
// use-anti-bot-token.ts), and the retry rule (a missing or expired token:
// solve a new one and send again, once). Without JavaScript the forms are
// plain POSTs and the action does all of it.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSubmit } from 'react-router';
import type { z } from 'zod';
import { validate } from '../../components/form/form-answer.ts';
import { useForm } from '../../components/form/use-form.ts';
import type { AccountAnswer, AccountField } from './account-schemas.ts';
import { useAntiBotToken } from './use-anti-bot-token.ts';

export function useAccountForm({
  schema,
  actionData,
  antiBot = false,
}: {
  schema: z.ZodObject<Partial<Record<AccountField, z.ZodType>>>;
  actionData: AccountAnswer | undefined;
  antiBot?: boolean;
}) {
  const submit = useSubmit();
  const token = useAntiBotToken(antiBot);
  const form = useForm<AccountField>({
    answer: actionData,
    check: (data) => validate(schema, Object.fromEntries(data)),
    fields: schema.keyof().options,
  });
  /** Clicked before the token was solved: the form sends itself once it is. */
  const [waiting, setWaiting] = useState(false);
  const sending = useRef(false);
  const lastSubmission = useRef<FormData | undefined>(undefined);
  const retried = useRef(false);

  async function send(formData: FormData) {
    sending.current = true;
    setWaiting(true);
    try {
      formData.set('altcha', await token.takeToken());
    } catch {
      formData.delete('altcha'); // the server answers with the retry hint
    } finally {
      setWaiting(false);
    }
    lastSubmission.current = formData;
    try {
      await submit(formData, { method: 'post' });
    } finally {
      sending.current = false;
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (!form.onSubmit(event)) return;
    if (!antiBot) return; // <Form> submits as usual
    event.preventDefault();
    if (sending.current) return; // Enter again while it waits or sends
    retried.current = false;
    void send(new FormData(event.currentTarget));
  }

  useEffect(() => {
    const previous = lastSubmission.current;
    if (!actionData?.retryChallenge || retried.current || !previous) {
      // A token is good for one request: the form came back (refused), so the next one is solved now.
      if (actionData) token.prepareNext();
      return;
    }
    retried.current = true;
    void send(previous);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new answer may trigger the retry
  }, [actionData]);

  return {
    onSubmit,
    errors: form.errors,
    formError: form.formError,
    busy: waiting || form.pending,
    /** Waiting for the proof of work after a click: the button says "Einen Moment …". */
    solving: waiting,
    /** For the form's data-anti-bot attribute: whether a solved token waits. */
    antiBotState: token.state,
  };
}
