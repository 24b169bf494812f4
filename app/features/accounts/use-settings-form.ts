// One form of the account page: the form kit's hook, fed only with the
// action's answers to this form (the page has several, the answer names its
// intent), and where the form posts (its section, without JavaScript).
import type { z } from 'zod';
import { validate } from '../../components/form/form-answer.ts';
import { useForm } from '../../components/form/use-form.ts';
import { useHydrated } from '../../utils/use-hydrated.ts';
import type { AccountField, SettingsAnswer, SettingsIntent } from './account-schemas.ts';
import { settingsFormAction } from './settings-sections.ts';

export function useSettingsForm(
  intent: SettingsIntent,
  schema: z.ZodObject<Partial<Record<AccountField, z.ZodType>>>,
  actionData: SettingsAnswer | undefined,
) {
  const answer = actionData?.intent === intent ? actionData : undefined;
  const form = useForm<AccountField>({
    answer,
    check: (data) => validate(schema, Object.fromEntries(data)),
    fields: schema.keyof().options,
    intent,
  });
  const action = settingsFormAction(intent, useHydrated());
  return { ...form, answer, action, message: form.pending ? undefined : answer?.message };
}
