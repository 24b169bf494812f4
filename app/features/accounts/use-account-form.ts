// Client-side behaviour shared by the account forms: validate with the same
// Zod schema the action uses (errors under the fields without a round trip),
// attach the anti-bot token where needed, and follow the spec's retry rule
// (a missing or expired token: solve a new one and send again, once).
// Without JavaScript the forms are plain POSTs and the action does all of it.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigation, useSubmit } from 'react-router';
import type { z } from 'zod';
import { fieldErrors, type FieldErrors, type FormResult } from './account-schemas.ts';
import { useAntiBotToken } from './use-anti-bot-token.ts';

export function useAccountForm({
  schema,
  actionData,
  antiBot = false,
}: {
  schema: z.ZodType;
  actionData: FormResult | undefined;
  antiBot?: boolean;
}) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const token = useAntiBotToken(antiBot);
  const [clientErrors, setClientErrors] = useState<FieldErrors | undefined>(undefined);
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
    const formData = new FormData(event.currentTarget);
    const parsed = schema.safeParse(Object.fromEntries(formData));
    if (!parsed.success) {
      event.preventDefault();
      const errors = fieldErrors(parsed.error);
      setClientErrors(errors);
      const first = Object.keys(errors)[0];
      if (first) event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setClientErrors(undefined);
    if (!antiBot) return; // <Form> submits as usual
    event.preventDefault();
    retried.current = false;
    void send(formData);
  }

  useEffect(() => {
    const previous = lastSubmission.current;
    if (!actionData?.retryChallenge || retried.current || !previous) return;
    retried.current = true;
    void send(previous);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new answer may trigger the retry
  }, [actionData]);

  return {
    onSubmit,
    errors: clientErrors ?? actionData?.errors ?? {},
    // Hidden while a (re)submission is under way, e.g. the automatic retry.
    formError: clientErrors || navigation.state !== 'idle' ? undefined : actionData?.formError,
    busy: waiting || navigation.state === 'submitting' || (navigation.state === 'loading' && navigation.formMethod !== undefined),
  };
}
