// /konto over real HTTP against the production build, with a real SMTP sink:
// the name, the address (only after the link to the new one), the password
// (other sessions end, a mail goes out), the session list, and deleting the
// account (nothing of it left in the database or the storage). Every form
// also refused signed out, cross-site and with bad input.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { count, eq, like, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { getDb } from '../../app/db/client.server.ts';
import { accounts, rateLimits, sessions, users, verifications } from '../../app/db/schema/auth.ts';
import { comments, images, recipes } from '../../app/db/schema/recipes.ts';
import { rateLimitKey } from '../../app/lib/rate-limit.server.ts';
import { createAccount, sessionCookie, TEST_PASSWORD } from '../support/accounts.ts';
import { createComment, createRecipe } from '../support/factories.ts';
import { startSmtpSink } from '../support/smtp-sink.ts';
import { createImage } from '../support/stored-images.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

let app: TestApp;
let mail: Awaited<ReturnType<typeof startSmtpSink>>;

beforeAll(async () => {
  mail = await startSmtpSink();
  app = await startTestApp({ SMTP_URL: mail.url });
});

afterAll(async () => {
  await app?.stop();
  await mail?.stop();
});

function post(fields: Record<string, string>, cookie: string, origin = app.url) {
  return fetch(`${app.url}/konto`, {
    method: 'POST',
    headers: { cookie, origin },
    body: new URLSearchParams(fields),
    redirect: 'manual',
  });
}

/** Whether a Cookie header still signs someone in (the account page answers 200, not a redirect to the login). */
async function signedIn(cookie: string) {
  const response = await fetch(`${app.url}/konto`, { headers: { cookie }, redirect: 'manual' });
  return response.status === 200;
}

const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

async function userRow(id: string) {
  const [row] = await getDb().select().from(users).where(eq(users.id, id));
  return row;
}

describe('every form is refused', () => {
  test('signed out: the page and its action lead to the login, nothing changes', async () => {
    const vreni = await createAccount('Vreni Signedout');
    const page = await fetch(`${app.url}/konto`, { redirect: 'manual' });
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toBe(`/login?redirectTo=${encodeURIComponent('/konto')}`);
    const action = await post({ intent: 'name', firstName: 'Fremd', lastName: 'Bestimmt' }, '');
    expect(action.status).toBe(302);
    expect((await userRow(vreni.id))?.name).toBe('Vreni Signedout');
  });

  test('cross-site: 403 and nothing changes, even with a valid session', async () => {
    const vreni = await createAccount('Vreni Crosssite');
    const cookie = await sessionCookie(app.url, vreni.email);
    const response = await post({ intent: 'delete-account', password: TEST_PASSWORD, confirm: 'ja' }, cookie, 'https://evil.example');
    expect(response.status).toBe(403);
    expect(await userRow(vreni.id)).toBeDefined();
    expect(await signedIn(cookie)).toBe(true);
  });

  test('bad input: a German message, status 400, nothing changes', async () => {
    const vreni = await createAccount('Vreni Badinput');
    const cookie = await sessionCookie(app.url, vreni.email);
    const cases: Array<[Record<string, string>, string]> = [
      [{ intent: 'name', firstName: '', lastName: 'X' }, 'Bitte gib deinen Vornamen ein.'],
      [{ intent: 'name', firstName: 'A\u0007', lastName: 'X' }, 'Steuerzeichen'],
      [{ intent: 'email', email: 'kein-at' }, 'Bitte gib eine gültige E-Mail-Adresse ein.'],
      [{ intent: 'email', email: vreni.email }, 'Das ist bereits deine E-Mail-Adresse.'],
      [{ intent: 'password', currentPassword: TEST_PASSWORD, newPassword: 'kurz' }, 'mindestens 8 Zeichen'],
      // The password hash reads trailing NULs as nothing: "abc" and five NULs would be "abc".
      [{ intent: 'password', currentPassword: TEST_PASSWORD, newPassword: 'abc\u0000\u0000\u0000\u0000\u0000' }, 'Steuerzeichen'],
      // …and so the right password with a NUL behind it is a wrong one.
      [{ intent: 'password', currentPassword: `${TEST_PASSWORD}\u0000`, newPassword: 'ein-ganz-neues-Passwort' }, 'Das Passwort stimmt nicht.'],
      [{ intent: 'delete-account', password: TEST_PASSWORD }, 'Bitte bestätige, dass du dein Konto endgültig löschen möchtest.'],
      [{ intent: 'nonsense' }, 'Diese Anfrage können wir so nicht verarbeiten.'],
      [{}, 'Diese Anfrage können wir so nicht verarbeiten.'],
    ];
    for (const [fields, message] of cases) {
      const response = await post(fields, cookie);
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect(await response.text()).toContain(message);
    }
    expect((await userRow(vreni.id))?.name).toBe('Vreni Badinput');
    expect(await signedIn(cookie)).toBe(true);
    // The password is the one it was.
    expect(await signedIn(await sessionCookie(app.url, vreni.email))).toBe(true);
  });
});

test('a new name shows on the recipes and on the comments that carried the old name, at once', async () => {
  const vreni = await createAccount('Vreni Muster');
  const cookie = await sessionCookie(app.url, vreni.email);
  const recipe = await createRecipe(vreni, { title: 'Vrenis Zopf' });
  const other = await createAccount('Otto Andere');
  const foreign = await createRecipe(other, { title: 'Ottos Rösti' });
  await createComment(foreign.id, vreni, { nickname: 'Vreni Muster', comment: 'Mit altem Namen' });
  await createComment(foreign.id, vreni, { nickname: 'Zopfkönigin', comment: 'Mit eigenem Nickname' });
  // The page is in the cache before the change.
  expect(await (await fetch(`${app.url}/detail/${recipe.id}`)).text()).toContain('Vreni Muster');

  const response = await post({ intent: 'name', firstName: 'Verena', lastName: 'Muster-Keller' }, cookie);
  expect(response.status).toBe(200);
  expect(await response.text()).toContain('Dein Name ist geändert.');

  expect((await userRow(vreni.id))?.name).toBe('Verena Muster-Keller');
  const detail = await (await fetch(`${app.url}/detail/${recipe.id}`)).text();
  expect(detail).toContain('Verena Muster-Keller');
  expect(detail).not.toContain('Vreni Muster');
  const nicknames = await getDb().select({ nickname: comments.nickname }).from(comments).where(eq(comments.authorId, vreni.id));
  expect(nicknames.map((c) => c.nickname).sort()).toEqual(['Verena Muster-Keller', 'Zopfkönigin']);
});

test('a new address counts only once the link sent to it is opened; the old address is told', async () => {
  const vreni = await createAccount('Vreni Umzug');
  const recipe = await createRecipe(vreni, { title: 'Umzugs-Zopf' });
  const cookie = await sessionCookie(app.url, vreni.email);
  const newEmail = `vreni-neu-${vreni.id.slice(0, 6)}@example.ch`.toLowerCase();

  const response = await post({ intent: 'email', email: newEmail.toUpperCase() }, cookie);
  expect(response.status).toBe(200);
  expect(await response.text()).toContain(`Wir haben dir einen Link an ${newEmail} geschickt`);
  const confirmation = await mail.waitForMail(newEmail, /Bitte bestätige deine neue E-Mail-Adresse/);
  // Nothing changed yet: the old address still signs in.
  expect((await userRow(vreni.id))?.email).toBe(vreni.email);
  expect(await sessionCookie(app.url, vreni.email)).toContain('session_token');

  const link = confirmation.links.find((l) => l.includes('/konto/email-bestaetigen'))!;
  // A wrong token changes nothing and does not use up the right one.
  const wrong = await fetch(link.replace(/token=([^.]+)\.[\w-]+/, 'token=$1.falschfalschfalschfalschfalsch'));
  expect(wrong.status).toBe(400);
  expect(await wrong.text()).toContain('Dieser Link ist abgelaufen oder wurde bereits verwendet.');
  expect((await userRow(vreni.id))?.email).toBe(vreni.email);

  const opened = await fetch(link);
  expect(opened.status).toBe(200);
  expect(await opened.text()).toContain('Deine neue E-Mail-Adresse ist bestätigt.');
  expect((await userRow(vreni.id))?.email).toBe(newEmail);
  const [stored] = await getDb().select({ userEmail: recipes.userEmail }).from(recipes).where(eq(recipes.id, recipe.id));
  expect(stored?.userEmail).toBe(newEmail);
  const told = await mail.waitForMail(vreni.email, /Deine E-Mail-Adresse wurde geändert/);
  expect(told.text).toContain(newEmail);
  expect(await sessionCookie(app.url, newEmail)).toContain('session_token');
  expect(await sessionCookie(app.url, vreni.email)).not.toContain('session_token');

  // The link works once.
  const again = await fetch(link);
  expect(again.status).toBe(400);
  expect(await again.text()).toContain('Dieser Link ist abgelaufen oder wurde bereits verwendet.');
});

test('an address not confirmed yet: a new link on request (at most 3 an hour), which confirms it; a confirmed one needs none', async () => {
  const ruedi = await createAccount('Ruedi Unbestätigt');
  await getDb().update(users).set({ emailVerified: false }).where(eq(users.id, ruedi.id));
  const cookie = await sessionCookie(app.url, ruedi.email);
  expect(await (await fetch(`${app.url}/konto`, { headers: { cookie } })).text()).toContain('noch nicht bestätigt');

  const asked = await post({ intent: 'resend-verification' }, cookie);
  expect(asked.status).toBe(200);
  expect(await asked.text()).toContain(`Wir haben dir einen neuen Link an ${ruedi.email} geschickt. Er ist 24 Stunden gültig.`);
  const confirmation = await mail.waitForMail(ruedi.email, /Bitte bestätige deine E-Mail-Adresse/);
  // Two more an hour, then a German refusal; no more mails.
  for (let i = 0; i < 2; i++) expect((await post({ intent: 'resend-verification' }, cookie)).status).toBe(200);
  const fourth = await post({ intent: 'resend-verification' }, cookie);
  expect(fourth.status).toBe(429);
  expect(await fourth.text()).toContain('Zu viele Versuche.');

  const opened = await fetch(confirmation.links.find((l) => l.startsWith(`${app.url}/verify-email?token=`))!);
  expect(await opened.text()).toContain('Deine E-Mail-Adresse wurde bestätigt.');
  expect((await userRow(ruedi.id))?.emailVerified).toBe(true);
  const page = await (await fetch(`${app.url}/konto`, { headers: { cookie } })).text();
  expect(page).not.toContain('noch nicht bestätigt');
  expect(page).not.toContain('Bestätigungslink nochmals senden');

  // Confirmed meanwhile (another tab): it says so, and sends nothing. Three links went out, not four
  // or five: counted once a mail asked for afterwards (the password's) has arrived.
  const again = await post({ intent: 'resend-verification' }, cookie);
  expect(again.status).toBe(200);
  const answered = await again.text();
  expect(answered).toContain('Deine E-Mail-Adresse ist schon bestätigt.');
  // Only the answer: not "noch nicht bestätigt" above it (the button goes with that text).
  expect(answered).not.toContain('noch nicht bestätigt');
  const links = () => mail.mails.filter((m) => m.to.includes(ruedi.email) && /Bitte bestätige deine E-Mail-Adresse/.test(m.subject)).length;
  await expect.poll(links, { timeout: 15_000 }).toBe(3); // as long as waitForMail waits
  expect((await post({ intent: 'password', currentPassword: TEST_PASSWORD, newPassword: 'Neues-Passwort-1' }, cookie)).status).toBe(302);
  await mail.waitForMail(ruedi.email, /Dein Passwort wurde geändert/);
  expect(links()).toBe(3);
});

test('an address another account has is refused with a message', async () => {
  const vreni = await createAccount('Vreni Doppelt');
  const otto = await createAccount('Otto Besetzt');
  const cookie = await sessionCookie(app.url, vreni.email);
  const response = await post({ intent: 'email', email: otto.email }, cookie);
  expect(response.status).toBe(400);
  expect(await response.text()).toContain('Diese E-Mail-Adresse gehört schon zu einem anderen Konto.');
});

test('a new password: the current one is required, every other session ends, a mail goes out', async () => {
  const vreni = await createAccount('Vreni Passwort');
  const here = await sessionCookie(app.url, vreni.email);
  const elsewhere = await sessionCookie(app.url, vreni.email);

  const wrong = await post({ intent: 'password', currentPassword: 'nicht-das-richtige', newPassword: 'Neues-Passwort-42' }, here);
  expect(wrong.status).toBe(400);
  expect(await wrong.text()).toContain('Das Passwort stimmt nicht.');
  expect(await signedIn(elsewhere)).toBe(true);

  // The same one again would change nothing but end the other sessions and send a mail: refused.
  const same = await post({ intent: 'password', currentPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD }, here);
  expect(same.status).toBe(400);
  expect(await same.text()).toContain('Das neue Passwort muss sich vom aktuellen unterscheiden.');
  expect(await signedIn(elsewhere)).toBe(true);

  const changed = await post({ intent: 'password', currentPassword: TEST_PASSWORD, newPassword: 'Neues-Passwort-42' }, here);
  expect(changed.status).toBe(302);
  expect(changed.headers.get('location')).toBe('/konto?geaendert=passwort');
  const renewed = cookiesOf(changed);
  expect(await signedIn(renewed)).toBe(true);
  expect(await signedIn(elsewhere)).toBe(false);
  expect(await signedIn(here)).toBe(false);
  await mail.waitForMail(vreni.email, /Dein Passwort wurde geändert/);
  expect(await sessionCookie(app.url, vreni.email, 'Neues-Passwort-42')).toContain('session_token');
  expect(await sessionCookie(app.url, vreni.email)).not.toContain('session_token');
});

describe('sessions', () => {
  test('the list shows each device, marks this one, and ends another one', async () => {
    const vreni = await createAccount('Vreni Geraete');
    const phone = await fetch(`${app.url}/login`, {
      method: 'POST',
      headers: { origin: app.url, 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1' },
      body: new URLSearchParams({ email: vreni.email, password: TEST_PASSWORD }),
      redirect: 'manual',
    });
    const phoneCookie = cookiesOf(phone);
    const desk = await fetch(`${app.url}/login`, {
      method: 'POST',
      headers: { origin: app.url, 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0' },
      body: new URLSearchParams({ email: vreni.email, password: TEST_PASSWORD }),
      redirect: 'manual',
    });
    const deskCookie = cookiesOf(desk);

    const page = await (await fetch(`${app.url}/konto`, { headers: { cookie: deskCookie } })).text();
    expect(page).toContain('Safari auf iPhone');
    expect(page).toContain('Firefox auf Windows');
    expect(page).toContain('Dieses Gerät');
    const phoneSession = await getDb()
      .select({ id: sessions.id })
      .from(sessions)
      .where(sql`${sessions.userId} = ${vreni.id} and ${sessions.userAgent} like '%iPhone%'`);
    // The list names sessions by id; someone else's id ends nothing.
    const otto = await createAccount('Otto Fremd');
    const ottoCookie = await sessionCookie(app.url, otto.email);
    const foreign = await post({ intent: 'end-session', sessionId: phoneSession[0]!.id }, ottoCookie);
    expect(foreign.status).toBe(200);
    expect(await foreign.text()).toContain('Dieses Gerät war schon abgemeldet.'); // not one of Otto's: no claim that it ended
    expect(await signedIn(phoneCookie)).toBe(true);

    const ended = await post({ intent: 'end-session', sessionId: phoneSession[0]!.id }, deskCookie);
    expect(ended.status).toBe(200);
    expect(await ended.text()).toContain('Das Gerät ist abgemeldet.');
    expect(await signedIn(phoneCookie)).toBe(false);
    expect(await signedIn(deskCookie)).toBe(true);
    // Once more, as from a second tab that still lists it.
    const again = await post({ intent: 'end-session', sessionId: phoneSession[0]!.id }, deskCookie);
    expect(await again.text()).toContain('Dieses Gerät war schon abgemeldet.');
  });

  test('"Überall abmelden" ends every session, this one too, and removes the cookie', async () => {
    const vreni = await createAccount('Vreni Ueberall');
    const one = await sessionCookie(app.url, vreni.email);
    const two = await sessionCookie(app.url, vreni.email);
    const response = await post({ intent: 'end-all-sessions' }, one);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/login?abgemeldet=ueberall');
    expect(response.headers.getSetCookie().some((c) => /^chuchiblog\.session_token=;.*Max-Age=0/.test(c))).toBe(true);
    expect(await signedIn(one)).toBe(false);
    expect(await signedIn(two)).toBe(false);
    const [left] = await getDb().select({ n: count() }).from(sessions).where(eq(sessions.userId, vreni.id));
    expect(left?.n).toBe(0);
  });
});

describe('deleting the account', () => {
  test('a wrong password deletes nothing', async () => {
    const vreni = await createAccount('Vreni Bleibt');
    const cookie = await sessionCookie(app.url, vreni.email);
    const response = await post({ intent: 'delete-account', password: 'falsch-falsch', confirm: 'ja' }, cookie);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('Das Passwort stimmt nicht.');
    expect(await userRow(vreni.id)).toBeDefined();
    expect(await signedIn(cookie)).toBe(true);
  });

  test('removes the account and all that belongs to it, keeps other averages exact, says goodbye', async () => {
    const vreni = await createAccount('Vreni Geht');
    const otto = await createAccount('Otto Bleibt');
    const lisa = await createAccount('Lisa Bleibt');
    const vrenisPicture = await createImage(vreni.id, 20);
    const unusedUpload = await createImage(vreni.id, 60);
    const vrenisRecipe = await createRecipe(vreni, { title: 'Vrenis Birchermüesli', imageId: vrenisPicture });
    // One counting rating per person and recipe, as the comment code keeps them.
    await createComment(vrenisRecipe.id, otto, { rating: 2, ratingCounts: true });
    const ottosRecipe = await createRecipe(otto, { title: 'Ottos Älplermagronen' });
    await createComment(ottosRecipe.id, vreni, { rating: 5, ratingCounts: true });
    await createComment(ottosRecipe.id, lisa, { rating: 3, ratingCounts: true });
    // The factory writes comments directly: the sums as the comment code keeps them.
    await getDb().execute(
      sql`update recipes set rating_sum = (select coalesce(sum(rating), 0) from comments where recipe_id = recipes.id and rating_counts),
                             rating_count = (select count(*) from comments where recipe_id = recipes.id and rating_counts)`,
    );
    const cookie = await sessionCookie(app.url, vreni.email);
    const second = await sessionCookie(app.url, vreni.email);
    // Leave traces elsewhere: a pending address change and a reset link.
    await post({ intent: 'email', email: `vreni-spaeter-${vreni.id.slice(0, 6)}@example.ch` }, cookie);
    await fetch(`${app.url}/konto/export`, { headers: { cookie } });
    const pictureDirs = [vrenisPicture, unusedUpload].map((id) => path.join(app.dataDir, 'uploads', 'images', id));
    expect(pictureDirs.every((dir) => existsSync(dir))).toBe(true);
    expect(await (await fetch(`${app.url}/detail/${vrenisRecipe.id}`)).text()).toContain('Vrenis Birchermüesli');

    const response = await post({ intent: 'delete-account', password: TEST_PASSWORD, confirm: 'ja' }, cookie);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/login?konto=geloescht');
    expect(response.headers.getSetCookie().some((c) => /^chuchiblog\.session_token=;.*Max-Age=0/.test(c))).toBe(true);

    const db = getDb();
    const rows = async (query: Promise<Array<{ n: number }>>) => (await query)[0]?.n;
    expect(await rows(db.select({ n: count() }).from(users).where(eq(users.id, vreni.id)))).toBe(0);
    expect(await rows(db.select({ n: count() }).from(sessions).where(eq(sessions.userId, vreni.id)))).toBe(0);
    expect(await rows(db.select({ n: count() }).from(accounts).where(eq(accounts.userId, vreni.id)))).toBe(0);
    expect(await rows(db.select({ n: count() }).from(recipes).where(eq(recipes.userId, vreni.id)))).toBe(0);
    expect(await rows(db.select({ n: count() }).from(comments).where(or(eq(comments.authorId, vreni.id), eq(comments.recipeId, vrenisRecipe.id))))).toBe(0);
    expect(await rows(db.select({ n: count() }).from(images).where(or(eq(images.userId, vreni.id), eq(images.id, vrenisPicture))))).toBe(0);
    expect(await rows(db.select({ n: count() }).from(verifications).where(or(eq(verifications.value, vreni.id), like(verifications.identifier, `%${vreni.id}%`))))).toBe(0);
    const emailHash = rateLimitKey('x', 'email', vreni.email).split(':').pop()!;
    expect(await rows(db.select({ n: count() }).from(rateLimits).where(or(like(rateLimits.key, `%${emailHash}%`), like(rateLimits.key, `%${vreni.id}%`))))).toBe(0);
    expect(pictureDirs.some((dir) => existsSync(dir))).toBe(false);

    // Otto's recipe keeps exactly Lisa's rating.
    const [ottos] = await db.select({ sum: recipes.ratingSum, n: recipes.ratingCount }).from(recipes).where(eq(recipes.id, ottosRecipe.id));
    expect(ottos).toEqual({ sum: 3, n: 1 });

    expect((await fetch(`${app.url}/detail/${vrenisRecipe.id}`)).status).toBe(404);
    expect(await signedIn(second)).toBe(false);
    expect(await sessionCookie(app.url, vreni.email)).not.toContain('session_token');
    const goodbye = await mail.waitForMail(vreni.email, /Dein Konto wurde gelöscht/);
    // The upload never saved goes too, but is no picture Vreni knew of: the recipe's is counted.
    expect(goodbye.text).toContain('mit allem, was dazugehörte: 1 Rezept, 1 Bild und 1 Kommentar.');
  });
});
