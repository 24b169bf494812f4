// The account forms in the browser: the form kit's check, messages, focus and
// pending flag, plus what only these forms need: the anti-bot token where
// the flow asks for one, and the retry rule (a missing or expired token:
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
  const [waiting, setWaiting] = useState(false);
  const lastSubmission = useRef<FormData | undefined>(undefined);
  const retried = useRef(false);

  async function send(formData: FormData) {
    setWaiting(true);
    try {
      formData.set('altcha', await token.waitForToken());
    } catch {
      formData.delete('altcha'); // the server answers with the retry hint
    } finally {
      setWaiting(false);
    }
    lastSubmission.current = formData;
    submit(formData, { method: 'post' });
    token.renew(); // a token is good for one request
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (!form.onSubmit(event)) return;
    if (!antiBot) return; // <Form> submits as usual
    event.preventDefault();
    retried.current = false;
    void send(new FormData(event.currentTarget));
  }

  useEffect(() => {
    const previous = lastSubmission.current;
    if (!actionData?.retryChallenge || retried.current || !previous) return;
    retried.current = true;
    void send(previous);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new answer may trigger the retry
  }, [actionData]);

  return { onSubmit, errors: form.errors, formError: form.formError, busy: waiting || form.pending };
}
