import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Route } from './+types/imprint';
import { OwnerContact, TextSection } from '../components/text-page.tsx';
import { getEnv } from '../lib/env.server.ts';
import { pageMeta } from '../utils/meta.ts';
import { canonicalLink, siteUrlOf } from '../utils/seo.ts';

export function meta({ matches }: Route.MetaArgs) {
  return [
    ...pageMeta('Impressum', 'Impressum des Chuchiblog: verantwortliche Person, Kontakt, Haftungsausschluss, Urheberrecht und Gerichtsstand.'),
    canonicalLink(siteUrlOf(matches), '/imprint'),
  ];
}

/** Owner, address and contact come from configuration (SITE_*), not code. */
export function loader() {
  const env = getEnv();
  return { owner: env.SITE_OWNER, address: env.SITE_ADDRESS, email: env.SITE_EMAIL, site: env.publicUrl, jurisdiction: env.SITE_JURISDICTION };
}

export default function Imprint({ loaderData }: Route.ComponentProps) {
  const { owner, address, email, site, jurisdiction } = loaderData;
  return (
    <Paper sx={{ p: { xs: 3, md: 6 }, maxWidth: 860 }}>
      <Stack spacing={4}>
        <Typography variant="h1">Impressum</Typography>
        <TextSection title="Verantwortlich für den Inhalt">
          <OwnerContact owner={owner} address={address} email={email}>
            <br />
            Website: {site}
          </OwnerContact>
        </TextSection>
        <TextSection title="Haftungsausschluss">
          <Typography>
            Die Inhalte dieser Website wurden mit grösster Sorgfalt erstellt. Für die Richtigkeit, Vollständigkeit und
            Aktualität der Rezepte und Texte übernehmen wir jedoch keine Gewähr. Die Zubereitung der Rezepte erfolgt auf
            eigene Verantwortung; achte insbesondere auf Unverträglichkeiten und Allergien.
          </Typography>
        </TextSection>
        <TextSection title="Nutzungsbedingungen">
          <Typography>
            Registrierte Benutzerinnen und Benutzer sind für die von ihnen erfassten Rezepte, Bilder und Kommentare selbst
            verantwortlich. Sie dürfen nur Inhalte veröffentlichen, an denen sie die Rechte besitzen. Wir behalten uns vor,
            rechtswidrige oder unpassende Inhalte ohne Ankündigung zu entfernen.
          </Typography>
        </TextSection>
        <TextSection title="Haftung für Links">
          <Typography>
            Verweise auf Websites Dritter liegen ausserhalb unseres Verantwortungsbereichs. Jegliche Verantwortung für
            solche Websites wird abgelehnt. Der Zugriff und die Nutzung erfolgen auf eigene Gefahr.
          </Typography>
        </TextSection>
        <TextSection title="Gewährleistungsausschluss">
          <Typography>
            Haftungsansprüche gegen den Betreiber wegen Schäden materieller oder immaterieller Art, die aus dem Zugriff auf
            oder der Nutzung bzw. Nichtnutzung der veröffentlichten Informationen entstanden sind, werden ausgeschlossen,
            soweit das Gesetz dies zulässt.
          </Typography>
        </TextSection>
        <TextSection title="Urheberrechte">
          <Typography>
            Die Rezepte stammen aus eigener Küche oder – mit Quellenangabe – aus Kochbüchern von Verlagen. Bilder stammen
            von den Autorinnen und Autoren selbst oder von einem Bildarchiv (Stock-Fotografie). Ein Teil der Inhalte wurde
            mit Hilfe eines KI-Modells erstellt und von uns geprüft. Die Urheber- und alle anderen Rechte an Inhalten,
            Bildern und Dateien gehören ausschliesslich dem Betreiber oder den genannten Rechteinhabern.
          </Typography>
        </TextSection>
        <TextSection title="Anwendbares Recht und Gerichtsstand">
          <Typography>
            Es gilt ausschliesslich schweizerisches Recht. Gerichtsstand ist {jurisdiction}, Schweiz.
          </Typography>
        </TextSection>
      </Stack>
    </Paper>
  );
}
