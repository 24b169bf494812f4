// Accounts through the real pages: registration with the mailed
// verification link, the account menu, logout, login (wrong and right),
// password reset by mail, and the redirects in both directions.
import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createRecipe } from '../support/factories.ts';
import { createAccount, logIn } from './support/accounts.ts';
import { launchBrowser, openPage, waitForHydration, type TrackedPage } from './support/browser.ts';
import { startSmtpSink } from './support/smtp-sink.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let app: TestApp;
let browser: Browser;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;

beforeAll(async () => {
  smtp = await startSmtpSink();
  app = await startTestApp({ SMTP_URL: smtp.url });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await smtp?.stop();
});

/** JavaScript errors, without the browser's own line for a refused form (answered with status 400 or 401). */
function jsErrors(page: TrackedPage) {
  return page.errors.filter((e) => !/status of 40[01]/.test(e));
}

test('register, confirm the address by mail, use the account menu, log out and in again', async () => {
  const page = await openPage(browser, 'mobile');
  const email = `vreni-${randomUUID().slice(0, 8)}@example.ch`;
  await page.goto(`${app.url}/login`);
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Anmelden');
  await page.getByRole('link', { name: 'Bist du neu hier? Registrieren' }).click();
  await page.getByRole('heading', { name: 'Registrieren' }).waitFor();

  // Field errors in German under the fields, before anything is sent.
  await page.getByLabel('Vorname').fill('Vreni');
  await page.getByLabel('Nachname').fill('Muster');
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel(/^Passwort\W*$/).fill('kurz');
  await page.getByRole('button', { name: 'Registrieren' }).click();
  await page.getByText('Das Passwort muss mindestens 8 Zeichen lang sein.').waitFor();

  await page.getByLabel(/^Passwort\W*$/).fill('Zopf-am-Sonntag-1');
  await page.getByRole('button', { name: 'Passwort anzeigen' }).click();
  expect(await page.getByLabel(/^Passwort\W*$/).getAttribute('type')).toBe('text');
  await page.getByRole('button', { name: 'Registrieren' }).click();
  await page.waitForURL(`${app.url}/`);
  await page.getByRole('link', { name: 'Rezept erfassen' }).waitFor();

  const mail = await smtp.waitForMail(email, /bestätige/);
  expect(mail.text).toContain('Hallo Vreni Muster');
  const link = mail.links.find((l) => l.startsWith(`${app.url}/verify-email?token=`));
  expect(link).toBeDefined();
  await page.goto(link!);
  await page.getByText('Deine E-Mail-Adresse wurde bestätigt.').waitFor();

  // The account menu: Profil closes the menu and shows the own (empty) list.
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Open' }).click();
  await page.getByRole('menuitem', { name: 'Profil' }).click();
  await page.waitForURL(`${app.url}/profile`);
  await page.getByRole('heading', { name: 'Hallo Vreni Muster' }).waitFor();
  await page.getByText('Hier siehst du alle deine bis jetzt verfassten Rezepte:').waitFor();
  expect(await page.getByRole('menu').count()).toBe(0);

  await page.getByRole('button', { name: 'Open' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.waitForURL(`${app.url}/`);
  await page.getByRole('link', { name: 'Login' }).waitFor();
  expect(await page.getByRole('link', { name: 'Rezept erfassen' }).count()).toBe(0);

  await page.goto(`${app.url}/login`);
  await waitForHydration(page);
  await logIn(page, email, 'falsches-Passwort');
  await page.getByText('Benutzername oder Passwort falsch!').waitFor();
  await logIn(page, email, 'Zopf-am-Sonntag-1');
  await page.waitForURL(`${app.url}/`);
  await page.getByRole('button', { name: 'Open' }).waitFor();
  expect(jsErrors(page)).toEqual([]);
});

test('forgot password: the mailed link sets a new one and ends the other sessions', async () => {
  const user = await createAccount('Beat Keller', 'Alter-Zopf-123');
  const elsewhere = await openPage(browser);
  await elsewhere.goto(`${app.url}/login`);
  // Pages are hydrated and rendered before they are left: the errors asserted at the end include React's.
  await waitForHydration(elsewhere);
  await logIn(elsewhere, user.email, 'Alter-Zopf-123');
  await elsewhere.waitForURL(`${app.url}/`);
  await elsewhere.getByRole('button', { name: 'Open' }).waitFor();

  const page = await openPage(browser, 'mobile');
  await page.goto(`${app.url}/login`);
  await waitForHydration(page);
  await page.getByRole('link', { name: 'Passwort vergessen?' }).click();
  await page.waitForURL(`${app.url}/forgot`);
  // The URL changes before the new page has rendered; the login page has an E-Mail field too.
  await page.getByRole('heading', { name: 'Passwort vergessen?' }).waitFor();
  await page.getByLabel('E-Mail').fill(user.email);
  await page.getByRole('button', { name: 'Passwort zurücksetzen' }).click();
  await page
    .getByText('E-Mail um das Passwort zurückzusetzen wurde gesendet. Bitte überprüfe deinen Posteingang.')
    .waitFor();

  const mail = await smtp.waitForMail(user.email, /Passwort zurücksetzen/);
  const link = mail.links.find((l) => l.startsWith(`${app.url}/reset-password?token=`))!;
  await page.goto(link);
  await waitForHydration(page);
  await page.getByLabel(/^Neues Passwort\W*$/).fill('Neuer-Zopf-456');
  await page.getByRole('button', { name: 'Passwort speichern' }).click();
  await page.waitForURL(/\/login\?passwort=geaendert$/);
  await page.getByText('Dein Passwort wurde geändert.', { exact: false }).waitFor();
  await logIn(page, user.email, 'Neuer-Zopf-456');
  await page.waitForURL(`${app.url}/`);
  await page.getByRole('button', { name: 'Open' }).waitFor();

  // The session from before the reset is gone; the used link is refused.
  await elsewhere.goto(`${app.url}/`);
  await elsewhere.getByRole('link', { name: 'Login' }).waitFor();
  await waitForHydration(elsewhere);
  await page.goto(link);
  await waitForHydration(page);
  await page.getByLabel(/^Neues Passwort\W*$/).fill('Dritter-Zopf-789');
  await page.getByRole('button', { name: 'Passwort speichern' }).click();
  await page.getByText('Dieser Link ist abgelaufen oder wurde bereits verwendet.', { exact: false }).waitFor();
  expect([...jsErrors(page), ...jsErrors(elsewhere)]).toEqual([]);
});

test('the same answer for an unknown address, and no mail', async () => {
  const page = await openPage(browser);
  await page.goto(`${app.url}/forgot`);
  await waitForHydration(page);
  await page.getByLabel('E-Mail').fill('niemand@example.ch');
  await page.getByRole('button', { name: 'Passwort zurücksetzen' }).click();
  await page.getByText('E-Mail um das Passwort zurückzusetzen wurde gesendet.', { exact: false }).waitFor();
  // Mails go out in the background, after the answer: a mail asked for later
  // arriving shows that one to the unknown address would have arrived by now.
  const known = await createAccount('Beat Keller');
  await page.getByLabel('E-Mail').fill(known.email);
  await page.getByRole('button', { name: 'Passwort zurücksetzen' }).click();
  await smtp.waitForMail(known.email, /Passwort zurücksetzen/);
  expect(smtp.mails.some((m) => m.to.includes('niemand@example.ch'))).toBe(false);
});

test('redirects: signed out to /login and back, signed in away from /login; FAB and Erfassen', async () => {
  const user = await createAccount('Beat Keller', 'Birchermues-1');
  await createRecipe(user, { title: 'Birchermüesli' });
  // Without JavaScript: the login form is a plain POST.
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
  const plain = await context.newPage();
  await plain.goto(`${app.url}/profile`);
  expect(plain.url()).toBe(`${app.url}/login?redirectTo=%2Fprofile`);
  await plain.getByLabel('E-Mail').fill(user.email);
  await plain.getByLabel(/^Passwort\W*$/).fill('Birchermues-1');
  await plain.getByRole('button', { name: 'Anmelden' }).click();
  await plain.waitForURL(`${app.url}/profile`);
  await plain.getByRole('heading', { name: 'Hallo Beat Keller' }).waitFor();
  await plain.getByRole('link', { name: 'Birchermüesli' }).first().waitFor();

  await plain.goto(`${app.url}/login`);
  expect(plain.url()).toBe(`${app.url}/`);
  expect(await plain.getByRole('link', { name: 'Erfassen', exact: true }).count()).toBe(1);
  expect(await plain.getByRole('link', { name: 'Rezept erfassen' }).count()).toBe(1);
  await plain.goto(`${app.url}/create`);
  // The form first: an error page would lack both links too.
  await plain.getByRole('heading', { name: 'Erfasse ein Rezept' }).waitFor();
  expect(await plain.getByRole('link', { name: 'Erfassen', exact: true }).count()).toBe(0);
  expect(await plain.getByRole('link', { name: 'Rezept erfassen' }).count()).toBe(0);
  await context.close();
});
