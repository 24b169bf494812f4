import '@fontsource/lora/latin-400.css';
import '@fontsource/lora/latin-400-italic.css';
import '@fontsource/lora/latin-600.css';
import '@fontsource/dancing-script/latin-600.css';
import loraRegular from '@fontsource/lora/files/lora-latin-400-normal.woff2?url';
import './theme/montserrat.css';
import './theme/font-fallbacks.css';
import './theme/theme.generated.css';
import './theme/global.css';
import './theme/print.css';
import { useEffect, type ReactNode } from 'react';
import { data, Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches } from 'react-router';
import type { Route } from './+types/root';
import { ErrorScreen } from './components/error-screen.tsx';
import { SiteLayout } from './components/layout/site-layout.tsx';
import { usePlaceLostFocusOnNavigation } from './components/lost-focus.ts';
import { useOptionalUser } from './features/accounts/use-optional-user.ts';
import { getSessionUser } from './lib/auth.server.ts';
import { getEnv } from './lib/env.server.ts';
import { takeNotice } from './lib/notice.server.ts';
import { AccountControl, CreateRecipeFab, preloadSignedInParts } from './signed-in-parts.ts';
import { useNonce } from './utils/nonce.ts';
import { keepDataWhenOnlyServingsChange } from './utils/servings-param.ts';

/**
 * The body text's face, fetched with the page instead of after the stylesheet
 * that names it; the others load when text needs them. Preloading the two
 * Montserrat faces of headings and navigation as well put them on
 * Lighthouse's simulated critical path (LCP up to 3.5 s, bench/RESULTS.md).
 */
export const links: Route.LinksFunction = () => [
  { rel: 'preload', href: loraRegular, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
];

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  usePlaceLostFocusOnNavigation();
  // Says that the page's controls respond: browser tests wait for it.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <html lang="de-CH">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1d1b19" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        {/* Stylesheets come from our own origin; they need no nonce. */}
        <Links nonce="" />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * The signed-in user (or null) for the header's account control; PUBLIC_URL for canonical and
 * share addresses; a one-time notice a form's redirect left (its cookie removed as it is read).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const page = { user: await getSessionUser(request), siteUrl: getEnv().publicUrl };
  const taken = await takeNotice(request);
  if (!taken) return { ...page, notice: null };
  return data({ ...page, notice: taken.notice }, { headers: { 'Set-Cookie': taken.clear } });
}

/** The signed-in user does not change with the servings of a recipe. */
export const shouldRevalidate = keepDataWhenOnlyServingsChange;

export default function App({ loaderData }: Route.ComponentProps) {
  const { user, notice } = loaderData;
  // A signed-in reader's next page may show their own recipes or a comment form: have their code ready.
  const signedIn = user !== null;
  useEffect(() => {
    if (signedIn) preloadSignedInParts();
  }, [signedIn]);
  // A page that takes the whole screen (cook mode) says so in its route's handle.
  const fullScreen = useMatches().some((match) => (match.handle as { fullScreen?: boolean } | undefined)?.fullScreen);
  if (fullScreen) return <Outlet />;
  return (
    <SiteLayout accountControl={user ? <AccountControl userName={user.name} /> : undefined} notice={notice}>
      <Outlet />
      {user && <CreateRecipeFab />}
    </SiteLayout>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // The root loader's data, when it ran before the error.
  const user = useOptionalUser();
  return (
    <SiteLayout accountControl={user ? <AccountControl userName={user.name} /> : undefined}>
      <ErrorScreen error={error} />
      {/* A page not found is a page of the site like any other: the button stays (CreateRecipeFab says where it does not). */}
      {user && <CreateRecipeFab />}
    </SiteLayout>
  );
}
