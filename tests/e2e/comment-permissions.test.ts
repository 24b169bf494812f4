// The server enforces who may comment and delete, whatever a client sends:
// plain HTTP requests against the real app, with real session cookies.
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { getDb } from '../../app/db/client.server.ts';
import { commentReports, comments, recipes } from '../../app/db/schema/recipes.ts';
import { createRecipe } from '../support/factories.ts';
import { createAccount, sessionCookie } from '../support/accounts.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

let app: TestApp;
let recipeId: string;
let author: Awaited<ReturnType<typeof createAccount>>;
let other: Awaited<ReturnType<typeof createAccount>>;
let owner: Awaited<ReturnType<typeof createAccount>>;
const cookies: Record<string, string> = {};

function post(path: string, fields: Record<string, string>, cookie?: string, headers: Record<string, string> = {}) {
  return fetch(`${app.url}${path}`, {
    method: 'POST',
    body: new URLSearchParams(fields),
    // A browser's form post carries its origin; requests without one are refused.
    headers: { origin: app.url, ...(cookie ? { cookie } : {}), ...headers },
    redirect: 'manual',
  });
}

async function rating() {
  const [row] = await getDb().select().from(recipes).where(eq(recipes.id, recipeId));
  return { sum: row!.ratingSum, count: row!.ratingCount };
}

beforeAll(async () => {
  app = await startTestApp();
  owner = await createAccount('Anna Graf');
  author = await createAccount('Beat Keller');
  other = await createAccount('Chiara Rossi');
  recipeId = (await createRecipe(owner)).id;
  cookies.author = await sessionCookie(app.url, author.email);
  cookies.other = await sessionCookie(app.url, other.email);
  cookies.owner = await sessionCookie(app.url, owner.email);
  expect(cookies.author).toMatch(/chuchiblog\.session_token=/);
});

afterAll(async () => {
  await app?.stop();
});

test('anonymous visitors cannot comment; signed-in users can, as themselves', async () => {
  const path = `/detail/${recipeId}`;
  const anonymous = await post(path, { intent: 'create-comment', rating: '5', nickname: 'Anonym', comment: 'Hallo' });
  expect(anonymous.status).toBe(401);
  expect(await getDb().$count(comments, eq(comments.recipeId, recipeId))).toBe(0);

  // An authorId in the form is ignored: the session says who writes.
  const signedIn = await post(
    path,
    { intent: 'create-comment', rating: '4', nickname: 'Beat', comment: 'Fein', authorId: other.id },
    cookies.author,
  );
  // Post/redirect/get: back to the recipe, at the new comment.
  expect(signedIn.status).toBe(303);
  const [stored] = await getDb().select().from(comments).where(eq(comments.recipeId, recipeId));
  expect(signedIn.headers.get('location')).toBe(`${path}#kommentar-${stored!.id}`);
  expect(stored).toMatchObject({ authorId: author.id, rating: 4, comment: 'Fein' });
  expect(await rating()).toEqual({ sum: 4, count: 1 });
});

test('bad input is refused with 4xx and changes nothing', async () => {
  const path = `/detail/${recipeId}`;
  const before = await rating();
  const cases: Array<[string, Record<string, string>, number]> = [
    [path, { intent: 'create-comment', rating: '0', nickname: 'B', comment: 'x' }, 400],
    [path, { intent: 'create-comment', rating: '6', nickname: 'B', comment: 'x' }, 400],
    [path, { intent: 'create-comment', rating: '2.5', nickname: 'B', comment: 'x' }, 400],
    [path, { intent: 'create-comment', rating: '3', nickname: 'B', comment: 'x'.repeat(2001) }, 400],
    [path, { intent: 'create-comment', rating: '3', nickname: 'B' }, 400],
    [path, { intent: 'was-anderes' }, 400],
    [path, { intent: 'delete-comment', commentId: "1' or 1=1 --" }, 404],
    ['/detail/00000000-0000-4000-8000-000000000000', { intent: 'create-comment', rating: '3', nickname: 'B', comment: 'x' }, 404],
    ['/detail/kaputt', { intent: 'create-comment', rating: '3', nickname: 'B', comment: 'x' }, 404],
  ];
  for (const [target, fields, status] of cases) {
    const response = await post(target, fields, cookies.author);
    expect(response.status, JSON.stringify(fields).slice(0, 80)).toBe(status);
  }
  const garbage = await fetch(`${app.url}${path}`, {
    method: 'POST',
    headers: { origin: app.url, cookie: cookies.author!, 'content-type': 'multipart/form-data; boundary=nix' },
    body: 'kein multipart',
  });
  expect(garbage.status).toBe(400);
  expect(await rating()).toEqual(before);
});

test('only the author deletes a comment', async () => {
  const path = `/detail/${recipeId}`;
  const [mine] = await getDb()
    .select()
    .from(comments)
    .where(and(eq(comments.recipeId, recipeId), eq(comments.authorId, author.id)));
  const remove = { intent: 'delete-comment', commentId: mine!.id };

  expect((await post(path, remove)).status).toBe(401);
  expect((await post(path, remove, cookies.other)).status).toBe(403);
  expect(await getDb().$count(comments, eq(comments.id, mine!.id))).toBe(1);

  expect((await post(path, remove, cookies.author)).status).toBe(200);
  expect(await getDb().$count(comments, eq(comments.id, mine!.id))).toBe(0);
  expect(await rating()).toEqual({ sum: 0, count: 0 });
});

test('a comment posted from another site is refused', async () => {
  const response = await post(
    `/detail/${recipeId}`,
    { intent: 'create-comment', rating: '5', nickname: 'X', comment: 'CSRF' },
    cookies.author,
    { origin: 'https://boese.example', 'sec-fetch-site': 'cross-site' },
  );
  expect(response.status).toBe(403);
  expect(await getDb().$count(comments, eq(comments.comment, 'CSRF'))).toBe(0);
});

/** A comment by `author` on the test recipe, posted over HTTP; returns its row. */
async function postComment(text: string, rating = '4') {
  const response = await post(`/detail/${recipeId}`, { intent: 'create-comment', rating, nickname: 'Beat', comment: text }, cookies.author);
  expect(response.status).toBe(303);
  const [row] = await getDb().select().from(comments).where(eq(comments.comment, text));
  return row!;
}

test('the recipe owner removes any comment on their recipe; the owner of another recipe cannot (403)', async () => {
  const path = `/detail/${recipeId}`;
  const comment = await postComment('Entfernt die Besitzerin');
  const remove = { intent: 'delete-comment', commentId: comment.id };
  // "other" owns a recipe too, but not this one.
  await createRecipe(other, { title: 'Chiaras Risotto' });
  const refused = await post(path, remove, cookies.other);
  expect(refused.status).toBe(403);
  expect(await getDb().$count(comments, eq(comments.id, comment.id))).toBe(1);
  expect(await rating()).toEqual({ sum: 4, count: 1 });

  expect((await post(path, remove, cookies.owner)).status).toBe(200);
  expect(await getDb().$count(comments, eq(comments.id, comment.id))).toBe(0);
  expect(await rating()).toEqual({ sum: 0, count: 0 });
});

test('a comment delete posted from another site is refused', async () => {
  const comment = await postComment('Bleibt trotz fremder Seite');
  const response = await post(`/detail/${recipeId}`, { intent: 'delete-comment', commentId: comment.id }, cookies.owner, {
    origin: 'https://boese.example',
    'sec-fetch-site': 'cross-site',
  });
  expect(response.status).toBe(403);
  expect(await getDb().$count(comments, eq(comments.id, comment.id))).toBe(1);
  await getDb().delete(comments).where(eq(comments.id, comment.id));
  await getDb().update(recipes).set({ ratingSum: 0, ratingCount: 0 }).where(eq(recipes.id, recipeId));
});

test('the owner cannot rate their own recipe, but may comment on it without stars; readers must rate', async () => {
  const path = `/detail/${recipeId}`;
  const rated = await post(path, { intent: 'create-comment', rating: '5', nickname: 'Anna', comment: 'Eigenlob' }, cookies.owner);
  expect(rated.status).toBe(403);
  expect(await rated.text()).toContain('Dein eigenes Rezept kannst du nicht bewerten.');
  expect(await getDb().$count(comments, eq(comments.comment, 'Eigenlob'))).toBe(0);

  const note = await post(path, { intent: 'create-comment', nickname: 'Anna', comment: 'Tipp der Köchin' }, cookies.owner);
  expect(note.status).toBe(303);
  const [stored] = await getDb().select().from(comments).where(eq(comments.comment, 'Tipp der Köchin'));
  expect(stored).toMatchObject({ authorId: owner.id, rating: null, ratingCounts: false });

  const unrated = await post(path, { intent: 'create-comment', rating: '', nickname: 'Beat', comment: 'Ohne Sterne' }, cookies.author);
  expect(unrated.status).toBe(400);
  expect(await unrated.text()).toContain('Bitte gib eine Bewertung ab.');
  expect(await rating()).toEqual({ sum: 0, count: 0 });
  await getDb().delete(comments).where(eq(comments.id, stored!.id));
});

test('an empty form is answered with every message at once: the stars for a reader, only the text for the owner', async () => {
  const path = `/detail/${recipeId}.data`; // the action's answer as data, as the browser's form gets it
  const before = await getDb().$count(comments, eq(comments.recipeId, recipeId));
  const reader = await post(path, { intent: 'create-comment', nickname: 'Beat', comment: '' }, cookies.author);
  expect(reader.status).toBe(400);
  const readerAnswer = await reader.text();
  expect(readerAnswer).toContain('Bitte gib eine Bewertung ab.');
  expect(readerAnswer).toContain('Bitte schreibe einen Kommentar.');

  const ownerAnswer = await (await post(path, { intent: 'create-comment', nickname: 'Anna', comment: '' }, cookies.owner)).text();
  expect(ownerAnswer).toContain('Bitte schreibe einen Kommentar.');
  expect(ownerAnswer).not.toContain('Bitte gib eine Bewertung ab.');
  expect(await getDb().$count(comments, eq(comments.recipeId, recipeId))).toBe(before);
});

test('a second rating by the same person replaces the first in the mean', async () => {
  const first = await postComment('Erstes Mal', '2');
  const second = await postComment('Zweites Mal', '5');
  expect(await rating()).toEqual({ sum: 5, count: 1 });
  const page = await (await fetch(`${app.url}/detail/${recipeId}`)).text();
  expect(page).toContain('Bewertung: 5 von 5 Sternen (1 Bewertung)');
  expect(page).toContain('zählt nicht zum Durchschnitt'); // the first comment keeps its stars, marked
  for (const c of [first, second]) expect((await post(`/detail/${recipeId}`, { intent: 'delete-comment', commentId: c.id }, cookies.author)).status).toBe(200);
  expect(await rating()).toEqual({ sum: 0, count: 0 });
});

test('a saved comment comes back to the servings the page showed; a junk number of servings is dropped', async () => {
  for (const [query, kept] of [
    ['?portionen=6', '?portionen=6'],
    ['?portionen=abc', ''],
  ] as const) {
    const response = await post(`/detail/${recipeId}${query}`, { intent: 'create-comment', rating: '3', nickname: 'Beat', comment: `Portionen ${query}` }, cookies.author);
    expect(response.status, query).toBe(303);
    const [stored] = await getDb().select().from(comments).where(eq(comments.comment, `Portionen ${query}`));
    expect(response.headers.get('location'), query).toBe(`/detail/${recipeId}${kept}#kommentar-${stored!.id}`);
    expect((await post(`/detail/${recipeId}`, { intent: 'delete-comment', commentId: stored!.id }, cookies.author)).status).toBe(200);
  }
  expect(await rating()).toEqual({ sum: 0, count: 0 });
});

test('a filled honeypot is answered like a saved comment, and nothing is stored', async () => {
  const response = await post(
    `/detail/${recipeId}`,
    { intent: 'create-comment', rating: '5', nickname: 'Bot', comment: 'Honigtopf', website: 'https://spam.example' },
    cookies.author,
  );
  expect(response.status).toBe(303);
  // Like a saved comment's answer, with an id that names no comment.
  expect(response.headers.get('location')).toMatch(new RegExp(`^/detail/${recipeId}#kommentar-[0-9a-f-]{36}$`));
  expect(await getDb().$count(comments, eq(comments.comment, 'Honigtopf'))).toBe(0);
  expect(await rating()).toEqual({ sum: 0, count: 0 });
  // Filled as a file part of a multipart form, it is filled too.
  const form = new FormData();
  for (const [name, value] of Object.entries({ intent: 'create-comment', rating: '5', nickname: 'Bot', comment: 'Honigdatei' })) form.set(name, value);
  form.set('website', new Blob(['https://spam.example']), 'website.txt');
  const asFile = await fetch(`${app.url}/detail/${recipeId}`, { method: 'POST', body: form, headers: { origin: app.url, cookie: cookies.author! }, redirect: 'manual' });
  expect(asFile.status).toBe(303);
  expect(await getDb().$count(comments, eq(comments.comment, 'Honigdatei'))).toBe(0);
});

test('more than two links in a comment are refused with a message under the field', async () => {
  const text = 'Schaut hier: https://a.example http://b.example und www.c.example';
  const response = await post(`/detail/${recipeId}`, { intent: 'create-comment', rating: '5', nickname: 'Beat', comment: text }, cookies.author);
  expect(response.status).toBe(400);
  expect(await response.text()).toContain('Ein Kommentar darf höchstens 2 Links enthalten.');
  expect(await getDb().$count(comments, eq(comments.comment, text))).toBe(0);
  const two = await postComment('Zwei gehen: https://a.example und www.b.example');
  await getDb().delete(comments).where(eq(comments.id, two.id));
  await getDb().update(recipes).set({ ratingSum: 0, ratingCount: 0 }).where(eq(recipes.id, recipeId));
});

/** A solved anti-bot token, as the page's Web Workers make it. */
async function solvedToken() {
  const challenge = await (await fetch(`${app.url}/api/altcha-challenge`)).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

test('reports: signed in once per person; signed out only with the proof of work, once per address; never cross-site', async () => {
  const comment = await postComment('Bitte melden');
  const reportPath = `/detail/${recipeId}/kommentare/${comment.id}/melden`;
  const count = () => getDb().$count(commentReports, eq(commentReports.commentId, comment.id));

  // The page is there for everyone, and says noindex.
  const page = await fetch(`${app.url}${reportPath}`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('Bitte melden');
  expect((await fetch(`${app.url}/detail/${recipeId}/kommentare/00000000-0000-4000-8000-000000000000/melden`)).status).toBe(404);

  const crossSite = await post(reportPath, { reason: 'Spam' }, cookies.other, { origin: 'https://boese.example', 'sec-fetch-site': 'cross-site' });
  expect(crossSite.status).toBe(403);
  const noReason = await post(reportPath, { reason: ' ' }, cookies.other);
  expect(noReason.status).toBe(400);
  expect(await count()).toBe(0);

  const first = await post(reportPath, { reason: 'Werbung' }, cookies.other);
  expect(first.status).toBe(200);
  expect(await first.text()).toContain('Danke für deine Meldung!');
  const again = await post(reportPath, { reason: 'Nochmals' }, cookies.other);
  expect(again.status).toBe(200);
  expect(await again.text()).toContain('Du hast diesen Kommentar bereits gemeldet.');
  expect(await count()).toBe(1);

  // Signed out: no proof of work, a forged one: refused, nothing stored.
  const anonymous = await post(reportPath, { reason: 'Spam' });
  expect(anonymous.status).toBe(400);
  expect(await anonymous.text()).toContain('Sicherheitsprüfung');
  const forged = await post(reportPath, { reason: 'Spam', altcha: Buffer.from('{"x":1}').toString('base64') });
  expect(forged.status).toBe(400);
  expect(await count()).toBe(1);

  const solved = await post(reportPath, { reason: 'Spam', altcha: await solvedToken() });
  expect(solved.status).toBe(200);
  expect(await solved.text()).toContain('Danke für deine Meldung!');
  // Same address again, with a new proof of work: already reported.
  const sameAddress = await post(reportPath, { reason: 'Spam', altcha: await solvedToken() });
  expect(await sameAddress.text()).toContain('Du hast diesen Kommentar bereits gemeldet.');
  expect(await count()).toBe(2);
  const stored = await getDb().select().from(commentReports).where(eq(commentReports.commentId, comment.id));
  expect(stored.filter((r) => r.reporterIpHash).map((r) => r.reporterIpHash)).toEqual([expect.stringMatching(/^[0-9a-f]{64}$/)]);
  expect(JSON.stringify(stored)).not.toMatch(/127\.0\.0\.1|::1/);

  // The comment goes, its reports with it.
  expect((await post(`/detail/${recipeId}`, { intent: 'delete-comment', commentId: comment.id }, cookies.owner)).status).toBe(200);
  expect(await count()).toBe(0);
  expect(await rating()).toEqual({ sum: 0, count: 0 });
});
