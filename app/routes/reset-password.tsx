import type { Route } from './+types/reset-password';
import { resetLinkIsLive, resetPassword } from '../features/accounts/account-actions.server.ts';
import { resetPasswordSchema } from '../features/accounts/account-schemas.ts';
import { ResetPasswordForm } from '../features/accounts/components/reset-password-form.tsx';
import { readFormData } from '../lib/form-data.server.ts';
import { getClientIp } from '../lib/request-context.server.ts';
import { pageMeta } from '../utils/meta.ts';

export function meta() {
  return [...pageMeta('Neues Passwort', 'Setze ein neues Passwort für dein Konto im Chuchiblog.'), { name: 'robots', content: 'noindex' }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  // A used or expired link says so at once, not after a new password was typed. A token of a form
  // no link of ours has (a NUL, which the database refuses) is not even looked up.
  const live = resetPasswordSchema.shape.token.safeParse(token).success && (await resetLinkIsLive(token));
  return { token: live ? token : '' };
}

export async function action({ request, context }: Route.ActionArgs) {
  return resetPassword({ request, form: await readFormData(request), clientIp: getClientIp(context) });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  return <ResetPasswordForm token={loaderData.token} actionData={actionData} />;
}
