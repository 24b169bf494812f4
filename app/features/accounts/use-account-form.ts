// The account forms in the browser: the form kit's check, messages, focus and
// pending flag, plus the anti-bot token where the flow asks for one
// (use-anti-bot-submit.ts). Without JavaScript the forms are plain POSTs and
// the action does all of it.
import type { FormEvent } from 'react';
import type { z } from 'zod';
import { validate } from '../../components/form/form-answer.ts';
import { useForm } from '../../components/form/use-form.ts';
import type { AccountAnswer, AccountField } from './account-schemas.ts';
import { useAntiBotSubmit } from './use-anti-bot-submit.ts';

export function useAccountForm({
  schema,
  actionData,
  antiBot = false,
}: {
  schema: z.ZodObject<Partial<Record<AccountField, z.ZodType>>>;
  actionData: AccountAnswer | undefined;
  antiBot?: boolean;
}) {
  const antiBotSubmit = useAntiBotSubmit(antiBot, actionData);
  const form = useForm<AccountField>({
    answer: actionData,
    check: (data) => validate(schema, Object.fromEntries(data)),
    fields: schema.keyof().options,
    refocusOnFormError: true,
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (form.onSubmit(event)) antiBotSubmit.submitWithToken(event);
  }

  return {
    onSubmit,
    errors: form.errors,
    formError: form.formError,
    busy: antiBotSubmit.solving || form.pending,
    /** Waiting for the proof of work after a click: the button says "Einen Moment …". */
    solving: antiBotSubmit.solving,
    /** For the form's data-anti-bot attribute: whether a solved token waits. */
    antiBotState: antiBotSubmit.state,
    /** For <Form ref>: the server's messages move the focus (useForm). */
    ref: form.ref,
  };
}
