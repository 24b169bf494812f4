// The server enforces who may comment and delete, whatever a client sends:
// plain HTTP requests against the real app, with real session cookies.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { getDb } from '../../app/db/client.server.ts';
import { comments, recipes } from '../../app/db/schema/recipes.ts';
import { createRecipe } from '../support/factories.ts';
import { createAccount, sessionCookie } from '../support/accounts.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

let app: TestApp;
let recipeId: string;
let author: Awaited<ReturnType<typeof createAccount>>;
let other: Awaited<ReturnType<typeof createAccount>>;
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
  const owner = await createAccount('Anna Graf');
  author = await createAccount('Beat Keller');
  other = await createAccount('Chiara Rossi');
  recipeId = (await createRecipe(owner)).id;
  cookies.author = await sessionCookie(app.url, author.email);
  cookies.other = await sessionCookie(app.url, other.email);
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
  // Post/redirect/get: back to the comments of the recipe.
  expect(signedIn.status).toBe(303);
  expect(signedIn.headers.get('location')).toBe(`${path}#kommentare`);
  const [stored] = await getDb().select().from(comments).where(eq(comments.recipeId, recipeId));
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
