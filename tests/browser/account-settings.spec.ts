// The account page (/konto) in the browser: reached from the account menu;
// the name, the address by the mailed link, the password, another device
// signed out, and the account deleted, on a phone and on a desktop.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { getDb } from '../../app/db/client.server.ts';
import { users } from '../../app/db/schema/auth.ts';
import { createAccount, TEST_PASSWORD } from '../support/accounts.ts';
import { createRecipe } from '../support/factories.ts';
import { createImage } from '../support/stored-images.ts';
import { expect, expectReloadToAsk, holdRequests, holdScripts, hydrated, journeys, LEAVE_QUESTION, logIn, logInAndGo, PASSWORD_CHANGE_WAIT } from './support/fixtures.ts';

const test = journeys();

test('change the name and see it on the own recipe, with the messages in German', async ({ openPage }) => {
  const user = await createAccount('Heidi Gerber');
  const recipe = await createRecipe(user, { title: 'Heidis Nusstorte' });
  const page = await openPage('mobile');
  await logInAndGo(page, '/', user.email);
  await page.getByRole('button', { name: 'Open' }).click();
  await page.getByRole('menuitem', { name: 'Konto' }).click();
  await expect(page).toHaveURL('/konto');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mein Konto');
  await expect(page.getByRole('link', { name: 'Rezept erfassen' })).toBeVisible();

  const name = page.getByRole('form', { name: 'Name ändern' });
  await expect(name.getByLabel('Vorname')).toHaveValue('Heidi');
  await expect(name.getByLabel('Nachname')).toHaveValue('Gerber');
  await name.getByLabel('Vorname').fill('');
  await name.getByRole('button', { name: 'Name speichern' }).click();
  await expect(name.getByText('Bitte gib deinen Vornamen ein.')).toBeVisible();
  await expect(name.getByLabel('Vorname')).toBeFocused();

  // While the answer is on its way, the button shows that it is working.
  const answer = await holdRequests(page, '**/konto.data');
  await name.getByLabel('Vorname').fill('Adelheid');
  await name.getByRole('button', { name: 'Name speichern' }).click();
  await expect(name.getByRole('progressbar')).toBeVisible();
  answer();
  await expect(name.getByRole('status')).toHaveText('Dein Name ist geändert.');
  // The message takes the focus the waiting button dropped.
  await expect(name.getByRole('status')).toBeFocused();
  await expect(name.getByRole('progressbar')).toHaveCount(0);
  await page.unroute('**/konto.data');
  await expect(page.getByText('Angemeldet als Adelheid Gerber')).toBeVisible();

  await page.goto(`/detail/${recipe.id}`);
  await expect(page.getByText('Adelheid Gerber').first()).toBeVisible();

  // A first name of two words, and a last name with a particle: the form shows them as typed, also later.
  await page.goto('/konto');
  await name.getByLabel('Vorname').fill('Anna Maria');
  await name.getByLabel('Nachname').fill('von Känel');
  await name.getByRole('button', { name: 'Name speichern' }).click();
  await expect(name.getByRole('status')).toHaveText('Dein Name ist geändert.');
  await page.reload();
  await expect(name.getByLabel('Vorname')).toHaveValue('Anna Maria');
  await expect(name.getByLabel('Nachname')).toHaveValue('von Känel');
  await expect(page.getByText('Angemeldet als Anna Maria von Känel')).toBeVisible();
});

test('change the address: it counts after the link in the mail to the new one', async ({ openPage, app, mail }) => {
  const user = await createAccount('Ruedi Frei');
  const newEmail = `ruedi-${randomUUID().slice(0, 8)}@example.ch`;
  const page = await openPage('desktop');
  await logInAndGo(page, '/konto', user.email);
  const form = page.getByRole('form', { name: 'E-Mail-Adresse ändern' });
  await form.getByLabel('Neue E-Mail-Adresse').fill(newEmail);
  await form.getByRole('button', { name: 'Adresse ändern' }).click();
  await expect(form.getByRole('status')).toContainText(`Wir haben dir einen Link an ${newEmail} geschickt.`);
  await expect(page.getByText(`Deine Adresse ist jetzt ${user.email}.`)).toBeVisible();

  const confirmation = await mail.waitForMail(newEmail, /neue E-Mail-Adresse/);
  const link = confirmation.links.find((l) => l.startsWith(`${app.url}/konto/email-bestaetigen?token=`))!;
  await page.goto(link);
  await expect(page.getByRole('status')).toHaveText('Deine neue E-Mail-Adresse ist bestätigt. Ab jetzt meldest du dich mit ihr an.');
  await page.getByRole('link', { name: 'Zum Konto' }).click();
  await expect(page.getByText(`Deine Adresse ist jetzt ${newEmail}.`)).toBeVisible();
  await mail.waitForMail(user.email, /Deine E-Mail-Adresse wurde geändert/);
});

test('a form with unsaved changes asks before a link leads away; a saved one, and one whose link went out, leave unasked', async ({ openPage }) => {
  const user = await createAccount('Vreni Zaudrig');
  const page = await openPage('desktop');
  await logInAndGo(page, '/konto', user.email);
  const question = page.getByRole('dialog', { name: LEAVE_QUESTION });
  const name = page.getByRole('form', { name: 'Name ändern' });
  await name.getByLabel('Vorname').fill('Verena');
  await page.getByRole('link', { name: 'Rezept erfassen' }).click();
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Weiter bearbeiten' }).click();
  await expect(question).toHaveCount(0);
  await expect(page).toHaveURL('/konto');
  await expect(name.getByLabel('Vorname')).toHaveValue('Verena');

  // A reload gets the browser's own question.
  await expectReloadToAsk(page);
  await expect(name.getByLabel('Vorname')).toHaveValue('Verena');

  // Downloading the data leaves nothing: no question, neither ours nor the browser's.
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.type());
    void dialog.dismiss();
  });
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Meine Daten herunterladen' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.zip$/);
  expect(dialogs).toEqual([]);
  await expect(question).toHaveCount(0);

  // Saved, the form shows what it saved: the floating button leads away unasked.
  await name.getByRole('button', { name: 'Name speichern' }).click();
  await expect(name.getByRole('status')).toHaveText('Dein Name ist geändert.');
  await page.getByRole('link', { name: 'Rezept erfassen' }).click();
  await expect(page).toHaveURL('/create');
  await expect(question).toHaveCount(0);

  // A link sent to a new address empties the field: nothing is left to save.
  await page.goto('/konto');
  await hydrated(page);
  const email = page.getByRole('form', { name: 'E-Mail-Adresse ändern' });
  await email.getByLabel('Neue E-Mail-Adresse').fill(`vreni-${randomUUID().slice(0, 8)}@example.ch`);
  await email.getByRole('button', { name: 'Adresse ändern' }).click();
  await expect(email.getByRole('status')).toContainText('Wir haben dir einen Link an');
  await expect(email.getByLabel('Neue E-Mail-Adresse')).toHaveValue('');
  await page.getByRole('link', { name: 'Mein Profil' }).click();
  await expect(page).toHaveURL('/profile');
  await expect(question).toHaveCount(0);

  // A password typed into another form counts as well; "Verlassen" goes.
  await page.goBack();
  await expect(page).toHaveURL('/konto');
  await page.getByRole('form', { name: 'Konto löschen' }).getByLabel(/^Passwort\W*$/).fill(TEST_PASSWORD);
  await page.getByRole('link', { name: 'Mein Profil' }).click();
  await question.getByRole('button', { name: 'Verlassen' }).click();
  await expect(page).toHaveURL('/profile');
  expect(dialogs).toEqual([]);
});

test('an address not confirmed yet: the account page says so and sends a new link; a dead link points there', async ({ openPage, app, mail }) => {
  const user = await createAccount('Ruedi Spät');
  await getDb().update(users).set({ emailVerified: false }).where(eq(users.id, user.id));
  const page = await openPage('mobile');
  await page.goto(`/verify-email?token=abgelaufen`);
  await expect(page.getByText('Dieser Bestätigungslink ist ungültig oder abgelaufen.')).toBeVisible();
  await expect(page.getByText('Ist der Link abgelaufen? Auf deinem Konto kannst du dir einen neuen schicken lassen.')).toBeVisible();
  await page.getByRole('link', { name: 'Zu meinem Konto' }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  await hydrated(page);
  await logIn(page, user.email);
  await expect(page).toHaveURL('/konto');
  await hydrated(page);

  const resend = page.getByRole('form', { name: 'Bestätigungslink nochmals senden' });
  await expect(resend.getByText('noch nicht bestätigt')).toBeVisible();
  await resend.getByRole('button', { name: 'Bestätigungslink nochmals senden' }).click();
  await expect(resend.getByRole('status')).toHaveText(`Wir haben dir einen neuen Link an ${user.email} geschickt. Er ist 24 Stunden gültig.`);
  const confirmation = await mail.waitForMail(user.email, /Bitte bestätige deine E-Mail-Adresse/);
  await page.goto(confirmation.links.find((link) => link.startsWith(`${app.url}/verify-email?token=`))!);
  await expect(page.getByText('Deine E-Mail-Adresse wurde bestätigt.')).toBeVisible();
  await page.goto('/konto');
  await expect(page.getByRole('heading', { name: 'E-Mail-Adresse' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Bestätigungslink nochmals senden' })).toHaveCount(0);
});

test('change the password: the other device is signed out, the new password signs in', async ({ openPage, mail }) => {
  const user = await createAccount('Sandra Wyss');
  const laptop = await openPage('desktop');
  await logInAndGo(laptop, '/', user.email);
  const page = await openPage('mobile');
  await logInAndGo(page, '/konto', user.email);
  const form = page.getByRole('form', { name: 'Passwort ändern' });
  // The address for password managers (which login the new password belongs to): hidden, and not sent.
  const username = form.locator('input[autocomplete="username"]');
  await expect(username).toHaveValue(user.email);
  await expect(username).toBeHidden();
  await expect(username).not.toHaveAttribute('name');
  await form.getByLabel(/^Aktuelles Passwort/).fill('nicht-mein-Passwort');
  await form.getByLabel(/^Neues Passwort/).fill('Neues-Zopf-Passwort-7');
  await form.getByRole('button', { name: 'Passwort ändern' }).click();
  await expect(form.getByText('Das Passwort stimmt nicht.')).toBeVisible(PASSWORD_CHANGE_WAIT);
  await expect(form.getByLabel(/^Aktuelles Passwort/)).toBeFocused();
  // Only the refused password is emptied for the next try; the new one stays typed.
  await expect(form.getByLabel(/^Aktuelles Passwort/)).toHaveValue('');
  await expect(form.getByLabel(/^Neues Passwort/)).toHaveValue('Neues-Zopf-Passwort-7');

  await form.getByLabel(/^Aktuelles Passwort/).fill(TEST_PASSWORD);
  await form.getByRole('button', { name: 'Passwort ändern' }).click();
  await expect(page).toHaveURL('/konto?geaendert=passwort', PASSWORD_CHANGE_WAIT);
  await expect(form.getByRole('status')).toHaveText('Dein Passwort ist geändert. Alle anderen Geräte sind abgemeldet.');
  // The answer to this form: it has the focus its button dropped, not the page's heading above, and
  // the page stays where the form is (the change redirects, which would scroll to the top).
  await expect(form.getByRole('status')).toBeFocused();
  await expect(form.getByRole('status')).toBeInViewport();
  await expect(form.getByLabel(/^Neues Passwort/)).toHaveValue('');
  await mail.waitForMail(user.email, /Dein Passwort wurde geändert/);
  // The notice comes from the address: loaded again, or after another form's answer, it takes no focus.
  await page.reload();
  await hydrated(page);
  await expect(form.getByRole('status')).toBeVisible();
  await expect(form.getByRole('status')).not.toBeFocused();
  const name = page.getByRole('form', { name: 'Name ändern' });
  await name.getByLabel('Vorname').fill('Sandra Maria');
  await name.getByRole('button', { name: 'Name speichern' }).click();
  await expect(name.getByRole('status')).toBeFocused();
  await expect(form.getByRole('status')).not.toBeFocused();
  // A next attempt that the page refuses replaces the old notice; the same password again is refused too.
  await form.getByLabel(/^Aktuelles Passwort/).fill('Neues-Zopf-Passwort-7');
  await form.getByLabel(/^Neues Passwort/).fill('Neues-Zopf-Passwort-7');
  await form.getByRole('button', { name: 'Passwort ändern' }).click();
  await expect(form.getByText('Das neue Passwort muss sich vom aktuellen unterscheiden.')).toBeVisible();
  await expect(form.getByRole('status')).toHaveCount(0);

  await laptop.reload();
  await expect(laptop.getByRole('link', { name: 'Login' })).toBeVisible();
  await laptop.goto('/login');
  await logIn(laptop, user.email, 'Neues-Zopf-Passwort-7');
  await expect(laptop).toHaveURL('/');
});

test('sign out another device from the list', async ({ openPage }) => {
  const user = await createAccount('Peter Moser');
  const tablet = await openPage('mobile');
  await logInAndGo(tablet, '/', user.email);
  const page = await openPage('desktop');
  await logInAndGo(page, '/konto', user.email);
  const devices = page.getByRole('region', { name: 'Angemeldete Geräte' });
  await expect(devices.getByRole('listitem')).toHaveCount(2);
  await expect(devices.getByText('Dieses Gerät')).toBeVisible();
  // Each button names its device and when it was last active: two alike can be told apart.
  // (The visible word first, for speech input: "Abmelden" names it.)
  await expect(devices.getByRole('button', { name: /^Abmelden: \S.* auf \S+, zuletzt aktiv \d{1,2}\. \S+ \d{4}/ })).toHaveCount(1);
  await devices.getByRole('button', { name: /^Abmelden: / }).click();
  await expect(devices.getByRole('status')).toHaveText('Das Gerät ist abgemeldet.');
  await expect(devices.getByRole('status')).toBeFocused();
  await expect(devices.getByRole('listitem')).toHaveCount(1);
  await tablet.reload();
  await expect(tablet.getByRole('link', { name: 'Login' })).toBeVisible();
});

test('"Überall abmelden" asks first: "Abbrechen" keeps every device signed in, confirming ends them all', async ({ openPage }) => {
  const user = await createAccount('Gret Allesweg');
  const tablet = await openPage('mobile');
  await logInAndGo(tablet, '/', user.email);
  const page = await openPage('mobile');
  await logInAndGo(page, '/', user.email);
  // Focused before the page's script runs, the button keeps the focus when it does.
  const release = await holdScripts(page);
  await page.goto('/konto', { waitUntil: 'domcontentloaded' });
  const devices = page.getByRole('region', { name: 'Angemeldete Geräte' });
  await devices.getByRole('button', { name: 'Überall abmelden' }).focus();
  release();
  await hydrated(page);
  await expect(devices.getByRole('button', { name: 'Überall abmelden' })).toBeFocused();
  await page.keyboard.press('Enter');
  const question = page.getByRole('dialog', { name: /Willst du dich auf allen Geräten abmelden\?/ });
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(question).toBeHidden();
  await page.reload();
  await expect(page.getByRole('region', { name: 'Angemeldete Geräte' }).getByRole('listitem')).toHaveCount(2);

  await hydrated(page);
  await devices.getByRole('button', { name: 'Überall abmelden' }).click();
  await question.getByRole('button', { name: 'Überall abmelden' }).click();
  await expect(page).toHaveURL('/login?abgemeldet=ueberall');
  await expect(page.getByText('Du bist jetzt auf allen Geräten abgemeldet.')).toBeVisible();
  await tablet.reload();
  await expect(tablet.getByRole('link', { name: 'Login' })).toBeVisible();
});

test('delete the account: password and a plain yes, then it is gone', async ({ openPage, mail }) => {
  const user = await createAccount('Urs Abschied');
  const recipe = await createRecipe(user, { title: 'Urs’ Abschiedskuchen' });
  // A picture uploaded to a form and never saved: no picture Urs knows of.
  await createImage(user.id);
  const page = await openPage('mobile');
  await logInAndGo(page, '/konto', user.email);
  const section = page.getByRole('region', { name: 'Konto löschen' });
  // Only what there is: no "0 Bildern und 0 Kommentaren".
  await expect(section).toContainText('Dein Konto wird endgültig gelöscht, mit 1 Rezept – auch die Kommentare anderer zu deinen Rezepten.');
  const form = section.getByRole('form', { name: 'Konto löschen' });
  await form.getByLabel(/^Passwort\W*$/).fill(TEST_PASSWORD);
  await form.getByRole('button', { name: 'Konto endgültig löschen' }).click();
  await expect(form.getByText('Bitte bestätige, dass du dein Konto endgültig löschen möchtest.')).toBeVisible();

  await form.getByRole('checkbox', { name: /Ja, lösche mein Konto/ }).check();
  await form.getByRole('button', { name: 'Konto endgültig löschen' }).click();
  await expect(page).toHaveURL('/login?konto=geloescht');
  await expect(page.getByText('Dein Konto und alle deine Daten sind gelöscht. Schade, dass du gehst!')).toBeVisible();
  await mail.waitForMail(user.email, /Dein Konto wurde gelöscht/);

  // Signing in again right there: the refusal replaces the farewell, it does not stand beside it.
  await hydrated(page);
  await logIn(page, user.email);
  await expect(page.getByText('Benutzername oder Passwort falsch!')).toBeVisible();
  await expect(page.getByText('Dein Konto und alle deine Daten sind gelöscht.', { exact: false })).toHaveCount(0);

  const gone = await page.goto(`/detail/${recipe.id}`);
  expect(gone?.status()).toBe(404);
});

test('without JavaScript the forms work as plain posts, and the answer shows where it was asked for', async ({ openPage }) => {
  const user = await createAccount('Mia Ohnejs');
  const page = await openPage('mobile', { javaScriptEnabled: false });
  await page.goto('/login?redirectTo=%2Fkonto');
  await logIn(page, user.email);
  await expect(page).toHaveURL('/konto');
  const name = page.getByRole('form', { name: 'Name ändern' });
  await name.getByLabel('Nachname').fill('Mitform');
  await name.getByRole('button', { name: 'Name speichern' }).click();
  await expect(page.getByText('Dein Name ist geändert.')).toBeVisible();
  await expect(page.getByText('Angemeldet als Mia Mitform')).toBeVisible();
  const remove = page.getByRole('form', { name: 'Konto löschen' });
  await remove.getByLabel(/^Passwort\W*$/).fill('falsches-Passwort');
  await remove.getByRole('checkbox').check();
  await remove.getByRole('button', { name: 'Konto endgültig löschen' }).click();
  // The page comes back at the section (the phone's page is long): the answer is on the screen.
  await expect(page).toHaveURL('/konto#konto-loeschen');
  await expect(page.getByRole('form', { name: 'Konto löschen' }).getByText('Das Passwort stimmt nicht.')).toBeInViewport();
  const password = page.getByRole('form', { name: 'Passwort ändern' });
  await password.getByLabel(/^Aktuelles Passwort\W*$/).fill('falsches-Passwort');
  await password.getByLabel(/^Neues Passwort\W*$/).fill('Neues-Passwort-1');
  await password.getByRole('button', { name: 'Passwort ändern' }).click();
  await expect(page).toHaveURL('/konto#passwort', PASSWORD_CHANGE_WAIT);
  await expect(page.getByRole('form', { name: 'Passwort ändern' }).getByText('Das Passwort stimmt nicht.')).toBeInViewport();
});

test('without JavaScript the account icon leads to the account page, with the profile and Logout', async ({ openPage }) => {
  const user = await createAccount('Nino Ohneskript');
  const page = await openPage('mobile', { javaScriptEnabled: false });
  await page.goto('/login');
  await logIn(page, user.email);
  await expect(page).toHaveURL('/');
  // A plain link without JavaScript (no menu button a screen reader would announce).
  await expect(page.getByRole('button', { name: 'Open' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Open' }).click();
  await expect(page).toHaveURL('/konto');
  await page.getByRole('link', { name: 'Mein Profil' }).click();
  await expect(page).toHaveURL('/profile');
  await page.goBack();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Du bist abgemeldet.' })).toBeVisible();
  await page.goto('/konto');
  await expect(page).toHaveURL(/\/login/);
});

test('with JavaScript the account icon opens the menu, by click and by the space bar', async ({ openPage }) => {
  const user = await createAccount('Lia Mitskript');
  const page = await openPage('desktop');
  await logInAndGo(page, '/', user.email);
  await page.getByRole('button', { name: 'Open' }).click();
  await expect(page.getByRole('menuitem', { name: 'Konto' })).toBeVisible();
  await expect(page).toHaveURL('/');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menuitem', { name: 'Konto' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open' })).toBeFocused();
  await page.keyboard.press(' ');
  await expect(page.getByRole('menuitem', { name: 'Konto' })).toBeVisible();
  expect(page.errors).toEqual([]);
});
