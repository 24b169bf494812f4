// Accounts through the real pages: registration with the mailed
// verification link, the account menu, logout, login (wrong and right),
// password reset by mail, and the redirects in both directions.
import { randomUUID } from 'node:crypto';
import { createAccount } from '../support/accounts.ts';
import { createRecipe } from '../support/factories.ts';
import { expect, hydrated, journeys, logIn, type TrackedPage } from './support/fixtures.ts';

const test = journeys();

/** JavaScript errors, without the browser's own line for a refused form (answered with status 400 or 401). */
function jsErrors(page: TrackedPage) {
  return page.errors.filter((e) => !/status of 40[01]/.test(e));
}

const passwordField = /^Passwort\W*$/;

test('register, confirm the address by mail, use the account menu, log out and in again', async ({ openPage, app, mail }) => {
  const page = await openPage('mobile');
  const email = `vreni-${randomUUID().slice(0, 8)}@example.ch`;
  await page.goto('/login');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Anmelden');
  await page.getByRole('link', { name: 'Bist du neu hier? Registrieren' }).click();
  await expect(page.getByRole('heading', { name: 'Registrieren' })).toBeVisible();

  // Field errors in German under the fields, before anything is sent.
  await page.getByLabel('Vorname').fill('Vreni');
  await page.getByLabel('Nachname').fill('Muster');
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel(passwordField).fill('kurz');
  await page.getByRole('button', { name: 'Registrieren' }).click();
  await expect(page.getByText('Das Passwort muss mindestens 8 Zeichen lang sein.')).toBeVisible();

  await page.getByLabel(passwordField).fill('Zopf-am-Sonntag-1');
  await page.getByRole('button', { name: 'Passwort anzeigen' }).click();
  await expect(page.getByLabel(passwordField)).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Registrieren' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('link', { name: 'Rezept erfassen' })).toBeVisible();

  const confirmation = await mail.waitForMail(email, /bestätige/);
  expect(confirmation.text).toContain('Hallo Vreni Muster');
  const link = confirmation.links.find((l) => l.startsWith(`${app.url}/verify-email?token=`));
  expect(link).toBeDefined();
  await page.goto(link!);
  await expect(page.getByText('Deine E-Mail-Adresse wurde bestätigt.')).toBeVisible();

  // The account menu: Profil closes the menu and shows the own (empty) list.
  await hydrated(page);
  await page.getByRole('button', { name: 'Open' }).click();
  await page.getByRole('menuitem', { name: 'Profil' }).click();
  await expect(page).toHaveURL('/profile');
  await expect(page.getByRole('heading', { name: 'Hallo Vreni Muster' })).toBeVisible();
  await expect(page.getByText('Hier siehst du alle deine bis jetzt verfassten Rezepte:')).toBeVisible();
  await expect(page.getByRole('menu')).toHaveCount(0);

  await page.getByRole('button', { name: 'Open' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Rezept erfassen' })).toHaveCount(0);

  await page.goto('/login');
  await hydrated(page);
  await logIn(page, email, 'falsches-Passwort');
  await expect(page.getByText('Benutzername oder Passwort falsch!')).toBeVisible();
  await logIn(page, email, 'Zopf-am-Sonntag-1');
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('button', { name: 'Open' })).toBeVisible();
  expect(jsErrors(page)).toEqual([]);
});

test('forgot password: the mailed link sets a new one and ends the other sessions', async ({ openPage, app, mail }) => {
  const user = await createAccount('Beat Keller', 'Alter-Zopf-123');
  const elsewhere = await openPage();
  await elsewhere.goto('/login');
  // Pages are hydrated and rendered before they are left: the errors asserted at the end include React's.
  await hydrated(elsewhere);
  await logIn(elsewhere, user.email, 'Alter-Zopf-123');
  await expect(elsewhere).toHaveURL('/');
  await expect(elsewhere.getByRole('button', { name: 'Open' })).toBeVisible();

  const page = await openPage('mobile');
  await page.goto('/login');
  await hydrated(page);
  await page.getByRole('link', { name: 'Passwort vergessen?' }).click();
  await expect(page).toHaveURL('/forgot');
  // The URL changes before the new page has rendered; the login page has an E-Mail field too.
  await expect(page.getByRole('heading', { name: 'Passwort vergessen?' })).toBeVisible();
  await page.getByLabel('E-Mail').fill(user.email);
  await page.getByRole('button', { name: 'Passwort zurücksetzen' }).click();
  await expect(
    page.getByText('E-Mail um das Passwort zurückzusetzen wurde gesendet. Bitte überprüfe deinen Posteingang.'),
  ).toBeVisible();

  const resetMail = await mail.waitForMail(user.email, /Passwort zurücksetzen/);
  const link = resetMail.links.find((l) => l.startsWith(`${app.url}/reset-password?token=`))!;
  await page.goto(link);
  await hydrated(page);
  await page.getByLabel(/^Neues Passwort\W*$/).fill('Neuer-Zopf-456');
  await page.getByRole('button', { name: 'Passwort speichern' }).click();
  await expect(page).toHaveURL(/\/login\?passwort=geaendert$/);
  await expect(page.getByText('Dein Passwort wurde geändert.', { exact: false })).toBeVisible();
  await logIn(page, user.email, 'Neuer-Zopf-456');
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('button', { name: 'Open' })).toBeVisible();

  // The session from before the reset is gone; the used link is refused.
  await elsewhere.goto('/');
  await expect(elsewhere.getByRole('link', { name: 'Login' })).toBeVisible();
  await hydrated(elsewhere);
  await page.goto(link);
  await hydrated(page);
  await page.getByLabel(/^Neues Passwort\W*$/).fill('Dritter-Zopf-789');
  await page.getByRole('button', { name: 'Passwort speichern' }).click();
  await expect(page.getByText('Dieser Link ist abgelaufen oder wurde bereits verwendet.', { exact: false })).toBeVisible();
  expect([...jsErrors(page), ...jsErrors(elsewhere)]).toEqual([]);
});

test('the same answer for an unknown address, and no mail', async ({ openPage, mail }) => {
  const page = await openPage();
  await page.goto('/forgot');
  await hydrated(page);
  await page.getByLabel('E-Mail').fill('niemand@example.ch');
  await page.getByRole('button', { name: 'Passwort zurücksetzen' }).click();
  await expect(page.getByText('E-Mail um das Passwort zurückzusetzen wurde gesendet.', { exact: false })).toBeVisible();
  // Mails go out in the background, after the answer: a mail asked for later
  // arriving shows that one to the unknown address would have arrived by now.
  const known = await createAccount('Beat Keller');
  await page.getByLabel('E-Mail').fill(known.email);
  await page.getByRole('button', { name: 'Passwort zurücksetzen' }).click();
  await mail.waitForMail(known.email, /Passwort zurücksetzen/);
  expect(mail.mails.some((m) => m.to.includes('niemand@example.ch'))).toBe(false);
});

test('redirects: signed out to /login and back, signed in away from /login; FAB and Erfassen', async ({ openPage, app }) => {
  const user = await createAccount('Beat Keller', 'Birchermues-1');
  await createRecipe(user, { title: 'Birchermüesli' });
  // Without JavaScript: the login form is a plain POST.
  const plain = await openPage('desktop', { javaScriptEnabled: false });
  await plain.goto('/profile');
  expect(plain.url()).toBe(`${app.url}/login?redirectTo=%2Fprofile`);
  await plain.getByLabel('E-Mail').fill(user.email);
  await plain.getByLabel(passwordField).fill('Birchermues-1');
  await plain.getByRole('button', { name: 'Anmelden' }).click();
  await expect(plain).toHaveURL('/profile');
  await expect(plain.getByRole('heading', { name: 'Hallo Beat Keller' })).toBeVisible();
  await expect(plain.getByRole('link', { name: 'Birchermüesli' }).first()).toBeVisible();

  await plain.goto('/login');
  expect(plain.url()).toBe(`${app.url}/`);
  await expect(plain.getByRole('link', { name: 'Erfassen', exact: true })).toHaveCount(1);
  await expect(plain.getByRole('link', { name: 'Rezept erfassen' })).toHaveCount(1);
  await plain.goto('/create');
  // The form first: an error page would lack both links too.
  await expect(plain.getByRole('heading', { name: 'Erfasse ein Rezept' })).toBeVisible();
  await expect(plain.getByRole('link', { name: 'Erfassen', exact: true })).toHaveCount(0);
  await expect(plain.getByRole('link', { name: 'Rezept erfassen' })).toHaveCount(0);
});
