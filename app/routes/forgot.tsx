import type { Route } from './+types/forgot';
import { requestPasswordReset } from '../features/accounts/account-actions.server.ts';
import { ForgotPasswordForm } from '../features/accounts/components/forgot-password-form.tsx';
import { readFormData } from '../lib/form-data.server.ts';
import { getClientIp } from '../lib/request-context.server.ts';
import { pageMeta } from '../utils/meta.ts';
import { NOINDEX } from '../utils/seo.ts';

export function meta() {
  return [...pageMeta('Passwort vergessen', 'Passwort vergessen? Hier bekommst du einen Link, um im Chuchiblog ein neues Passwort zu setzen.'), NOINDEX];
}

export async function action({ request, context }: Route.ActionArgs) {
  return requestPasswordReset({ request, form: await readFormData(request), clientIp: getClientIp(context) });
}

export default function Forgot({ actionData }: Route.ComponentProps) {
  return <ForgotPasswordForm actionData={actionData} />;
}
