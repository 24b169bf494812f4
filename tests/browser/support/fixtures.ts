// The fixtures of the browser journeys.
//
// `journeys()` gives a test file its own `test`: the production app started in
// the worker process (so a test can write state straight into the app's
// database with the factories), an SMTP sink it mails to, and pages that
// record script errors. The app reads its configuration once per process, so
// every file must have a process of its own: each call of `journeys()`
// registers new worker fixtures, and Playwright never reuses a worker for a
// different set of worker fixtures.
import { test as base, expect, type BrowserContextOptions, type Page } from '@playwright/test';
import { TEST_PASSWORD, type createAccount } from '../../support/accounts.ts';
import { startSmtpSink } from '../../support/smtp-sink.ts';
import { startTestApp, type TestApp } from '../../support/test-app.ts';
import { VIEWPORTS, type Viewport } from './browser.ts';

export { expect };
/** `site`: the app's address; `scripts`: whether the page runs JavaScript (its context's option). */
export type TrackedPage = Page & { errors: string[]; site: string; scripts: boolean };
export type Account = Awaited<ReturnType<typeof createAccount>>;

type WorkerFixtures = {
  mail: Awaited<ReturnType<typeof startSmtpSink>>;
  app: TestApp;
};

type TestFixtures = {
  /** A page in a fresh context (its own cookies) whose script errors land in `page.errors`. */
  openPage: (viewport?: Viewport, options?: BrowserContextOptions) => Promise<TrackedPage>;
  /** Fails the test when the app (running in this process) logs an error. */
  appErrors: void;
};

export function journeys(env: Record<string, string> = {}) {
  return base.extend<TestFixtures, WorkerFixtures>({
    mail: [
      async ({}, use) => {
        const sink = await startSmtpSink();
        await use(sink);
        await sink.stop();
      },
      { scope: 'worker' },
    ],
    app: [
      async ({ mail }, use) => {
        const app = await startTestApp({ SMTP_URL: mail.url, ...env });
        await use(app);
        await app.stop();
      },
      { scope: 'worker', timeout: 120_000 },
    ],
    baseURL: async ({ app }, use) => use(app.url),

    openPage: async ({ browser, app }, use, testInfo) => {
      const contexts: Array<Awaited<ReturnType<typeof browser.newContext>>> = [];
      const traffic: string[][] = [];
      await use(async (viewport = 'desktop', options = {}) => {
        const context = await browser.newContext({ baseURL: app.url, viewport: VIEWPORTS[viewport], locale: 'de-CH', ...options });
        contexts.push(context);
        const page = (await context.newPage()) as TrackedPage;
        page.errors = [];
        page.site = app.url;
        page.scripts = options.javaScriptEnabled !== false;
        page.on('pageerror', (error) => page.errors.push(`pageerror: ${error.message}`));
        page.on('console', (message) => {
          // A 404 page makes the browser log its own status line; that one is expected.
          if (message.type() === 'error' && !/status of 404/.test(message.text())) {
            page.errors.push(`console: ${message.text()}`);
          }
        });
        traffic.push(recordTraffic(page));
        return page;
      });
      // The trace keeps no network (playwright.config.ts): a failed journey's output shows its pages'.
      if (testInfo.status !== testInfo.expectedStatus) {
        for (const [index, lines] of traffic.entries()) {
          const text = `Page ${index + 1}, its requests and addresses:\n${lines.join('\n')}`;
          console.log(text);
          await testInfo.attach(`traffic of page ${index + 1}`, { body: text, contentType: 'text/plain' });
        }
      }
      for (const context of contexts) await context.close();
    },

    appErrors: [
      async ({}, use) => {
        const original = console.error;
        const logged: string[] = [];
        console.error = (...args: unknown[]) => {
          logged.push(args.map(String).join(' '));
          original(...args);
        };
        await use();
        console.error = original;
        expect(logged, 'errors logged by the app').toEqual([]);
      },
      { auto: true },
    ],
  });
}

/**
 * What a page asked the app for, what came back, and each address it showed (a link followed in the
 * page included), by milliseconds since it opened: for the report of a failed journey.
 */
function recordTraffic(page: TrackedPage) {
  const opened = Date.now();
  const lines: string[] = [];
  const log = (what: string, url: string) => lines.push(`${String(Date.now() - opened).padStart(7)} ms  ${what} ${url.replace(page.site, '')}`);
  page.on('request', (request) => log(`${request.method()}`, request.url()));
  page.on('response', (response) => log(`${response.status()}`, response.url()));
  page.on('requestfailed', (request) => log(`failed (${request.failure()?.errorText})`, request.url()));
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) log('address', frame.url());
  });
  return lines;
}

/** The page's script errors besides the browser's own line for a refused request: journeys that send bad input expect 4xx answers. */
export function errorsBesidesRefusals(page: TrackedPage) {
  return page.errors.filter((error) => !/status of 4\d\d/.test(error));
}

/**
 * For a step that waits for a password change: the server first derives the new password's scrypt
 * key of 128 MiB, then checks the current password at the cost it was set with. That is as much
 * again for one the site set (at sign-up, by a reset), next to nothing for a test account's
 * (playwright.config.ts).
 */
export const PASSWORD_CHANGE_WAIT = { timeout: 40_000 };

/** The question a form with unsaved changes asks before a link leads away (its dialog's name). */
export const LEAVE_QUESTION = 'Deine Änderungen sind noch nicht gespeichert. Willst du die Seite trotzdem verlassen?';

/**
 * Reloads `page` and expects the browser's own question before leaving unsaved changes (it has no
 * text of ours), then stays: the question is dismissed.
 */
export async function expectReloadToAsk(page: Page) {
  const asked = page.waitForEvent('dialog');
  void page.evaluate(() => location.reload());
  const question = await asked;
  expect(question.type()).toBe('beforeunload');
  await question.dismiss();
}

/** Fills the login form and submits it. */
export async function logIn(page: Page, email: string, password = TEST_PASSWORD) {
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel(/^Passwort\W*$/).fill(password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
}

/**
 * Signs the page's context in and opens `path`: the login form's plain POST (the real action: the
 * password checked, the session cookie set in the context), then the page, once React runs it.
 * The login form itself has journeys of its own (accounts.spec.ts, the redirects to it); filling
 * it in every other journey cost the browser about four seconds each.
 */
export async function logInAndGo(page: TrackedPage, path: string, email: string) {
  const answer = await page.request.post('/login', {
    form: { email, password: TEST_PASSWORD },
    headers: { origin: new URL(page.site).origin },
    maxRedirects: 0,
  });
  expect(answer.status(), 'the login answers with its redirect').toBe(302);
  await page.goto(path);
  // The account icon: a button with JavaScript, a link to /konto without.
  await expect(page.getByTitle('Open')).toBeVisible();
  if (page.scripts) await hydrated(page);
}

/** Resolves once React has hydrated the page, so controls that need JavaScript respond. */
export async function hydrated(page: Page) {
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
}

/**
 * Holds back every request of `page` that matches (of one method only, if `method` is given: route data
 * is read with GET and sent with POST to the same address), until the returned function is called: a
 * slow answer, so that what shows while it is on the way can be seen (a fixed delay could run out first).
 */
export async function holdRequests(page: Page, requests: string | RegExp, { method }: { method?: string } = {}) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(requests, async (route) => {
    if (!method || route.request().method() === method) await released;
    await route.continue();
  });
  return release;
}

/**
 * Holds back every script of the pages `page` opens from now on, until the returned function is
 * called: what a reader does before the page's script runs (a slow connection).
 */
export async function holdScripts(page: Page, scripts: RegExp = /\/assets\/.+\.js$/) {
  return holdRequests(page, scripts);
}
