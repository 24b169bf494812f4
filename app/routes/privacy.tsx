// /datenschutz: what the blog stores and shows, how long, and the rights of
// the people it stores it about (Swiss revDSG, GDPR). Public and the same for
// everybody (kept by the page cache); the numbers come from the code and the
// configuration that decide them, so the page cannot drift from what happens.
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { AppLink } from '../components/app-link.tsx';
import type { Route } from './+types/privacy';
import { OwnerContact, TextSection } from '../components/text-page.tsx';
import { SESSION_DAYS } from '../lib/auth.server.ts';
import { BACKUP_GENERATIONS } from '../lib/backup.server.ts';
import { getEnv } from '../lib/env.server.ts';
import { longestRateLimitWindowSeconds } from '../lib/rate-limit.server.ts';
import { pageMeta } from '../utils/meta.ts';
import { canonicalLink, siteUrlOf } from '../utils/seo.ts';

/** The hourly sweep (rate-limit.server.ts) deletes counters an hour at most after their window ended. */
const SWEEP_SECONDS = 60 * 60;

export function meta({ matches }: Route.MetaArgs) {
  return [
    ...pageMeta(
      'Datenschutz',
      'Datenschutz im Chuchiblog: welche Daten wir speichern und zeigen, wie lange, und wie du sie herunterlädst, berichtigst oder löschst.',
    ),
    canonicalLink(siteUrlOf(matches), '/datenschutz'),
  ];
}

/** "2 Stunden", "1 Tag", "15 Minuten". */
function duration(seconds: number) {
  if (seconds % 86_400 === 0) return seconds === 86_400 ? '1 Tag' : `${seconds / 86_400} Tagen`;
  if (seconds % 3_600 === 0) return seconds === 3_600 ? '1 Stunde' : `${seconds / 3_600} Stunden`;
  return `${Math.ceil(seconds / 60)} Minuten`;
}

export function loader() {
  const env = getEnv();
  return {
    owner: env.SITE_OWNER,
    address: env.SITE_ADDRESS,
    email: env.SITE_EMAIL,
    sessionDays: SESSION_DAYS,
    counterLifetime: duration(longestRateLimitWindowSeconds() + SWEEP_SECONDS),
    // The embedded database keeps its own daily backups; a PostgreSQL server's are the operator's.
    backupDays: env.DATABASE_URL ? undefined : BACKUP_GENERATIONS,
  };
}

function Item({ term, children }: { term: string; children: ReactNode }) {
  return (
    <Typography component="li">
      <strong>{term}:</strong> {children}
    </Typography>
  );
}

function List({ children }: { children: ReactNode }) {
  return (
    <Box component="ul" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 1.25 }}>
      {children}
    </Box>
  );
}

export default function Privacy({ loaderData }: Route.ComponentProps) {
  const { owner, address, email, sessionDays, counterLifetime, backupDays } = loaderData;
  return (
    <Paper sx={{ p: { xs: 2.5, sm: 3, md: 6 }, maxWidth: 860 }}>
      <Stack spacing={4}>
        <Stack spacing={1.5}>
          <Typography variant="h1">Datenschutz</Typography>
          <Typography sx={{ fontSize: '1.125rem' }}>
            Der Chuchiblog speichert nur, was er für die Rezepte, die Kommentare und deinen Account braucht. Hier steht, was
            das ist, was davon öffentlich ist, wie lange wir es aufbewahren und welche Rechte du hast.
          </Typography>
        </Stack>

        <TextSection id="verantwortlich" title="Verantwortlich">
          <OwnerContact owner={owner} address={address} email={email} />
          <Typography>
            Für Fragen zum Datenschutz schreibst du am besten an diese Adresse. Weitere Angaben findest du im{' '}
            <AppLink to="/imprint">Impressum</AppLink>.
          </Typography>
        </TextSection>

        <TextSection id="was-wir-speichern" title="Was wir speichern und zeigen">
          <List>
            <Item term="Dein Account">
              Vorname, Nachname und E-Mail-Adresse; das Passwort nur als sicherer Hash, nie im Klartext. Dein Name steht als
              Autorin oder Autor bei deinen Rezepten. Deine E-Mail-Adresse zeigen wir auf keiner Seite: Wer eines deiner
              Rezepte liest, kann dir über «Autor kontaktieren» schreiben – dieser Link öffnet das E-Mail-Programm der
              Leserin oder des Lesers mit deiner Adresse. Automatische Programme (Bots) bekommen sie nicht.
            </Item>
            <Item term="Rezepte und Bilder">
              Was du in einem Rezept erfasst, ist öffentlich. Bilder speichern wir ohne Metadaten: Angaben wie Kamera,
              Aufnahmezeit und GPS-Standort (EXIF) entfernen wir beim Hochladen.
            </Item>
            <Item term="Kommentare und Bewertungen">
              Nickname, Text und Sterne sind beim Rezept für alle sichtbar. Dazu speichern wir, von welchem Account der
              Kommentar stammt; das zeigen wir nicht an.
            </Item>
            <Item term="Meldungen">
              Wenn du einen Kommentar meldest, speichern wir den Grund und – damit jede Person einen Kommentar nur einmal
              meldet – deinen Account oder, ohne Anmeldung, deine IP-Adresse als unlesbaren Hash. Der Betreiber bekommt die
              Meldung per E-Mail: den Kommentar, seinen Nicknamen und den Grund, nicht aber, wer gemeldet hat.
            </Item>
            <Item term="Anmeldungen">
              Wenn du dich anmeldest, speichern wir eine Sitzung mit Gerät und Browser sowie der IP-Adresse, als Protokoll
              der Anmeldung. Dafür setzen wir ein Cookie, nur für die Anmeldung. Nach der Registrierung und nach dem
              Erfassen oder Löschen eines Rezepts bringt ein zweites den Hinweis dazu auf die nächste Seite; es wird dort gelöscht und
              verfällt spätestens nach einer Minute. Wer nur liest, bekommt kein Cookie.
              Im Kochmodus merkt sich dein Browser die abgehakten Zutaten – nur auf deinem Gerät, wir erfahren davon nichts.
            </Item>
            <Item term="Schutz vor Missbrauch">
              Damit niemand massenhaft Accounts anlegt, Passwörter ausprobiert oder Kommentare meldet, zählen wir Versuche pro
              IP-Adresse und pro E-Mail-Adresse (diese nur als unlesbarer Hash). Die Sicherheitsprüfung bei der Registrierung,
              bei «Passwort vergessen» und beim Melden ohne Anmeldung rechnet dein Browser selbst, ohne fremden Dienst.
            </Item>
          </List>
        </TextSection>

        <TextSection id="was-wir-nicht-tun" title="Was wir nicht tun">
          <List>
            <Typography component="li">
              Keine Drittanbieter auf der Seite: Schriften, Bilder und Skripte kommen vom Chuchiblog selbst.
            </Typography>
            <Typography component="li">Kein Tracking, keine Analyse-Werkzeuge, keine Werbung.</Typography>
            <Typography component="li">
              Wir verkaufen keine Daten und geben sie nicht weiter. Für den Versand von E-Mails und die Ablage der Bilder kann
              der Betreiber einen Dienstleister einsetzen, der die Daten nur in seinem Auftrag bearbeitet.
            </Typography>
          </List>
        </TextSection>

        <TextSection id="wie-lange" title="Wie lange wir Daten aufbewahren">
          <List>
            <Item term="Anmeldungen">
              {sessionDays} Tage ab der Anmeldung; beim Abmelden löschen wir die Sitzung sofort, ein neues Passwort beendet
              alle.
            </Item>
            <Item term="Zähler gegen Missbrauch">
              nur so lange, wie die Begrenzung sie braucht: Sie werden gelöscht, sobald ihr Zeitfenster abgelaufen ist,
              spätestens nach {counterLifetime}.
            </Item>
            <Item term="Links in E-Mails">
              Der Link zum Bestätigen der E-Mail-Adresse gilt 24 Stunden, der Link für ein neues Passwort eine Stunde.
            </Item>
            {backupDays !== undefined && (
              <Item term="Sicherungskopien">
                Der Blog legt jeden Tag eine Sicherungskopie an und behält die letzten {backupDays}. Was du löschst, ist
                darum spätestens nach {backupDays} Tagen auch aus den Sicherungskopien verschwunden.
              </Item>
            )}
            <Item term="Meldungen">so lange wie der gemeldete Kommentar, oder bis du deinen Account löschst.</Item>
            <Item term="Alles andere">
              Account, Rezepte, Bilder und Kommentare, bis du sie löschst oder deinen Account löschst.
            </Item>
          </List>
        </TextSection>

        <TextSection id="deine-rechte" title="Deine Rechte">
          <List>
            <Item term="Auskunft und Kopie">
              Unter <AppLink to="/konto">Mein Konto</AppLink> lädst du mit «Meine Daten herunterladen» alles herunter, was der
              Chuchiblog über dich speichert: Account, Rezepte, Kommentare, deine Meldungen und deine Bilder, in einer
              ZIP-Datei.
            </Item>
            <Item term="Berichtigung">
              Namen, E-Mail-Adresse und Passwort änderst du unter <AppLink to="/konto">Mein Konto</AppLink>; deine Rezepte
              bearbeitest du direkt beim Rezept.
            </Item>
            <Item term="Löschung">
              Unter <AppLink to="/konto">Mein Konto</AppLink> löschst du deinen Account. Damit verschwinden auch deine Sitzungen,
              deine Rezepte mit ihren Bildern und deine Kommentare.
            </Item>
          </List>
          <Typography>
            Bei Fragen oder wenn du findest, dass wir deine Daten nicht richtig bearbeiten, schreib an{' '}
            <a href={`mailto:${email}`}>{email}</a>. Du kannst dich auch an den Eidgenössischen Datenschutz- und
            Öffentlichkeitsbeauftragten (EDÖB) wenden.
          </Typography>
        </TextSection>
      </Stack>
    </Paper>
  );
}
