// /konto: the signed-in person's own account: name, address, password, the
// devices signed in, a copy of the data, and leaving. Every form posts here;
// its `intent` picks the flow (features/accounts/account-settings.server.ts).
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
import { Form } from 'react-router';
import type { Route } from './+types/account';
import { ButtonLink } from '../components/button-link.tsx';
import { LeaveGuard } from '../components/form/leave-guard.tsx';
import { UnsavedChangesDialog } from '../components/form/unsaved-changes-dialog.tsx';
import { useUnsavedChanges } from '../components/form/use-unsaved-changes.ts';
import { splitName } from '../features/accounts/account-schemas.ts';
import { footprintInWords, type AccountFootprint } from '../features/accounts/account-footprint.ts';
import { accountDetails, accountFootprint } from '../features/accounts/account-queries.server.ts';
import { listSessions } from '../features/accounts/account-sessions.server.ts';
import { accountSettingsAction } from '../features/accounts/account-settings.server.ts';
import { DeleteAccountForm } from '../features/accounts/components/settings/delete-account-form.tsx';
import { EmailForm } from '../features/accounts/components/settings/email-form.tsx';
import { NameForm } from '../features/accounts/components/settings/name-form.tsx';
import { PasswordChangeForm } from '../features/accounts/components/settings/password-change-form.tsx';
import { SessionList } from '../features/accounts/components/settings/session-list.tsx';
import { VerificationForm } from '../features/accounts/components/settings/verification-form.tsx';
import { SettingsSection } from '../features/accounts/components/settings/settings-section.tsx';
import { SETTINGS_SECTIONS } from '../features/accounts/settings-sections.ts';
import { requireCurrentSession } from '../lib/auth.server.ts';
import { readFormData } from '../lib/form-data.server.ts';
import { pageMeta } from '../utils/meta.ts';

export function meta() {
  return [...pageMeta('Mein Konto'), { name: 'robots', content: 'noindex' }];
}

export async function loader({ request, url }: Route.LoaderArgs) {
  const { user, sessionId } = await requireCurrentSession(request, url);
  const [sessions, footprint, details] = await Promise.all([listSessions(user.id, sessionId), accountFootprint(user.id), accountDetails(user.id)]);
  return {
    ...splitName(user.name, details.firstName),
    emailVerified: details.emailVerified,
    name: user.name,
    email: user.email,
    sessions,
    footprint,
    passwordNotice: url.searchParams.get('geaendert') === 'passwort' ? 'Dein Passwort ist geändert. Alle anderen Geräte sind abgemeldet.' : undefined,
  };
}

export async function action({ request, url }: Route.ActionArgs) {
  const { user, sessionId } = await requireCurrentSession(request, url);
  return accountSettingsAction({ request, form: await readFormData(request), user, sessionId });
}

export default function AccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const { firstName, lastName, name, email, emailVerified, sessions, footprint, passwordNotice } = loaderData;
  const answer = actionData && 'intent' in actionData ? actionData : undefined;
  // A link away asks while any form holds what it has not saved; a saved form shows what it saved.
  const formsRef = useRef<HTMLDivElement>(null);
  const unsaved = useUnsavedChanges(formsRef, { untilSaved: true });
  return (
    // Centred, as the other forms' pages (login, create).
    <Stack ref={formsRef} spacing={{ xs: 3, md: 4 }} sx={{ maxWidth: 720, mx: 'auto' }}>
      <Stack spacing={1}>
        <Typography variant="h1">Mein Konto</Typography>
        <Typography sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
          Angemeldet als {name} ({email})
        </Typography>
        {/* What the header's account menu offers, here too: without JavaScript the menu is this page. */}
        <Form method="post" action="/logout">
          <Stack direction="row" spacing={1} sx={{ pt: 1 }}>
            <ButtonLink to="/profile" variant="outlined" size="small">
              Mein Profil
            </ButtonLink>
            <Button type="submit" variant="outlined" size="small">
              Logout
            </Button>
          </Stack>
        </Form>
      </Stack>
      <SettingsSection id={SETTINGS_SECTIONS.name} title="Name" intro="So steht dein Name bei deinen Rezepten und Kommentaren.">
        <NameForm firstName={firstName} lastName={lastName} actionData={answer} />
      </SettingsSection>
      <SettingsSection id={SETTINGS_SECTIONS.email} title="E-Mail-Adresse" intro={<>Deine Adresse ist jetzt <strong>{email}</strong>.</>}>
        <Stack spacing={3}>
          {/* Also for its answer when the address was confirmed meanwhile (in another tab): "schon bestätigt". */}
          {(!emailVerified || answer?.intent === 'resend-verification') && <VerificationForm emailVerified={emailVerified} actionData={answer} />}
          <EmailForm actionData={answer} />
        </Stack>
      </SettingsSection>
      <SettingsSection id={SETTINGS_SECTIONS.password} title="Passwort" intro="Nach der Änderung sind alle anderen Geräte abgemeldet.">
        <PasswordChangeForm actionData={answer} notice={passwordNotice} email={email} />
      </SettingsSection>
      <SettingsSection id={SETTINGS_SECTIONS.sessions} title="Angemeldete Geräte" intro="Hier bist du angemeldet. Ein Gerät, das du nicht kennst, meldest du ab.">
        <SessionList sessions={sessions} actionData={answer} />
      </SettingsSection>
      <SettingsSection
        id={SETTINGS_SECTIONS.data}
        title="Meine Daten"
        intro="Lade alles herunter, was der Chuchiblog über dich speichert: dein Konto, deine Rezepte und Kommentare (als JSON), jedes Rezept zum Lesen (als Markdown) und deine Bilder – in einer ZIP-Datei."
      >
        <div>
          {/* A download, not a page: leaving nothing, it asks nothing (the forms' leave question, the browser's). */}
          <ButtonLink href="/konto/export" download variant="contained">
            Meine Daten herunterladen
          </ButtonLink>
        </div>
      </SettingsSection>
      <SettingsSection
        id={SETTINGS_SECTIONS.deleteAccount}
        title="Konto löschen"
        tone="danger"
        intro={deletionIntro(footprint)}
      >
        <DeleteAccountForm actionData={answer} email={email} />
      </SettingsSection>
      <LeaveGuard changes={unsaved.changes} shouldBlock={unsaved.shouldBlock} Dialog={UnsavedChangesDialog} />
    </Stack>
  );
}

/** What deleting takes with it, named only where there is something ("mit 1 Rezept und 1 Bild"). */
function deletionIntro(footprint: AccountFootprint) {
  const taken = footprintInWords(footprint, 'dative');
  const othersComments = footprint.recipes > 0 ? ' – auch die Kommentare anderer zu deinen Rezepten' : '';
  return `Dein Konto wird endgültig gelöscht${taken ? `, mit ${taken}` : ''}${othersComments}. Das lässt sich nicht rückgängig machen. Lade vorher deine Daten herunter, wenn du sie behalten möchtest.`;
}
