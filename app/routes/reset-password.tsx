import type { Route } from './+types/reset-password';
import { resetLinkIsLive, resetPassword } from '../features/accounts/account-actions.server.ts';
import { ResetPasswordForm } from '../features/accounts/components/reset-password-form.tsx';
import { readFormData } from '../lib/form-data.server.ts';
import { getClientIp } from '../lib/request-context.server.ts';
import { pageMeta } from '../utils/meta.ts';

export function meta() {
  return [...pageMeta('Neues Passwort', 'Setze ein neues Passwort für dein Konto im Chuchiblog.'), { name: 'robots', content: 'noindex' }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  // A used or expired link says so at once, not after a new password was typed.
  const live = token.length > 0 && token.length <= 500 && (await resetLinkIsLive(token));
  return { token: live ? token : '' };
}

export async function action({ request, context }: Route.ActionArgs) {
  return resetPassword({ request, form: await readFormData(request), clientIp: getClientIp(context) });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  return <ResetPasswordForm token={loaderData.token} actionData={actionData} />;
}
