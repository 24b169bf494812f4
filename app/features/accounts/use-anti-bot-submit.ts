// Sending a form that needs the anti-bot proof of work (sign-up, the reset
// request, a signed-out report): the token solved while the form was filled
// in goes with the submission; a click before it is ready waits for it; and
// a missing or expired token (the answer's retry hint) is solved anew and the
// same submission sent again, once. Without JavaScript none of this runs.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSubmit } from 'react-router';
import { useAntiBotToken } from './use-anti-bot-token.ts';

export function useAntiBotSubmit(enabled: boolean, answer: { retryChallenge?: boolean } | undefined) {
  const submit = useSubmit();
  const token = useAntiBotToken(enabled);
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

  /** Call from onSubmit once the form's own check passed. Without anti-bot it does nothing: <Form> submits as usual. */
  function submitWithToken(event: FormEvent<HTMLFormElement>) {
    if (!enabled) return;
    event.preventDefault();
    if (sending.current) return; // Enter again while it waits or sends
    retried.current = false;
    void send(new FormData(event.currentTarget));
  }

  useEffect(() => {
    const previous = lastSubmission.current;
    if (!answer?.retryChallenge || retried.current || !previous) {
      // A token is good for one request: the form came back (refused), so the next one is solved now.
      if (answer) token.prepareNext();
      return;
    }
    retried.current = true;
    void send(previous);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new answer may trigger the retry
  }, [answer]);

  return {
    submitWithToken,
    /** Waiting for the proof of work after a click. */
    solving: waiting,
    /** Whether a solved token waits (for the form's data-anti-bot attribute). */
    state: token.state,
  };
}
