// Debian's Chromium driven by playwright-core (a browser download is not
// possible here). Pages collect JavaScript errors so a journey can assert
// that none happened.
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

export const VIEWPORTS = {
  mobile: { width: 375, height: 812 },
  desktop: { width: 1280, height: 900 },
} as const;

export type TrackedPage = Page & { errors: string[] };

/** A fresh page whose uncaught errors and console errors land in `page.errors`. */
export async function openPage(browser: Browser, viewport: keyof typeof VIEWPORTS = 'desktop'): Promise<TrackedPage> {
  const context = await browser.newContext({ viewport: VIEWPORTS[viewport], locale: 'de-CH' });
  const page = (await context.newPage()) as TrackedPage;
  page.errors = [];
  page.on('pageerror', (error) => page.errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    // A 404 page makes the browser log its own status line; that one is expected.
    if (message.type() === 'error' && !/status of 404/.test(message.text())) {
      page.errors.push(`console: ${message.text()}`);
    }
  });
  return page;
}

/** Resolves once React has hydrated the page (client-side handlers attached). */
export async function waitForHydration(page: Page) {
  // React Router's <ScrollRestoration> sets this in an effect, so only once the
  // hydrated app has committed. (The route modules being loaded and the network
  // idle come earlier: on a busy CPU React was often still hydrating.)
  await page.waitForFunction(() => window.history.scrollRestoration === 'manual');
  await page.waitForLoadState('networkidle');
}
