/**
 * The account's address for password managers, in a form that asks only for passwords: with it they
 * know which saved login a changed password belongs to. Not shown, not focusable, not sent (no name).
 */
export function AccountUsername({ email }: { email: string }) {
  return <input type="email" autoComplete="username" value={email} readOnly hidden />;
}
