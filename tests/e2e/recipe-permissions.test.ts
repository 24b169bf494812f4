// Who may create, change and delete recipes, enforced by the server whatever
// a client sends: plain HTTP requests against the real app, with real
// session cookies from the real login. Refused requests change nothing.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { getDb } from '../../app/db/client.server.ts';
import { images, recipes } from '../../app/db/schema/recipes.ts';
import { getEnv } from '../../app/lib/env.server.ts';
import { createRecipe } from '../support/factories.ts';
import { createAccount, sessionCookie } from '../support/accounts.ts';
import { makeJpeg } from '../support/stored-images.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

let app: TestApp;
let owner: Awaited<ReturnType<typeof createAccount>>;
let other: Awaited<ReturnType<typeof createAccount>>;
const cookies: Record<'owner' | 'other', string> = { owner: '', other: '' };

type Fields = Record<string, string | string[]>;

function form(fields: Fields) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) body.append(name, v);
  return body;
}

function post(path: string, body: BodyInit, cookie?: string, headers: Record<string, string> = {}) {
  return fetch(`${app.url}${path}`, { method: 'POST', body, headers: { origin: app.url, ...(cookie ? { cookie } : {}), ...headers }, redirect: 'manual' });
}

function recipeFields(overrides: Fields = {}): Fields {
  return {
    intent: 'save',
    title: 'Rösti',
    lead: 'Knusprig aus der Pfanne.',
    category: 'Hauptgang',
    level: 'Einfach',
    duration: '30',
    quantity: 'für 2 Personen',
    tags: ['Salzig'],
    ingredientName: ['Kartoffeln', 'Butter'],
    ingredientAmount: ['800 g', '2 EL'],
    description: 'Kartoffeln raffeln und braten.',
    additional: '',
    ...overrides,
  };
}

async function row(id: string) {
  const [found] = await getDb().select().from(recipes).where(eq(recipes.id, id));
  return found;
}

async function titled(title: string) {
  return getDb().select().from(recipes).where(eq(recipes.title, title));
}

function isLoginRedirect(response: Response, path: string) {
  return response.status === 302 && response.headers.get('location') === `/login?redirectTo=${encodeURIComponent(path)}`;
}

beforeAll(async () => {
  app = await startTestApp();
  owner = await createAccount('Anna Graf');
  other = await createAccount('Beat Keller');
  cookies.owner = await sessionCookie(app.url, owner.email);
  cookies.other = await sessionCookie(app.url, other.email);
  expect(cookies.owner).toMatch(/chuchiblog\.session_token=/);
});

afterAll(async () => {
  await app?.stop();
});

test('create: anonymous is sent to the login and nothing is saved; a user saves as themselves', async () => {
  const anonymous = await post('/create', form(recipeFields({ title: 'Anonyme Rösti' })));
  expect(isLoginRedirect(anonymous, '/create')).toBe(true);
  expect(await titled('Anonyme Rösti')).toEqual([]);

  // Owner fields in the form are ignored: the session says who writes.
  const forged = recipeFields({ title: 'Beats Rösti', userId: owner.id, userEmail: owner.email, author: 'Anna Graf', ratingSum: '50', ratingCount: '10' });
  const response = await post('/create', form(forged), cookies.other);
  expect(response.status).toBe(302);
  expect(response.headers.get('location')).toBe('/');
  const [saved] = await titled('Beats Rösti');
  expect(saved).toMatchObject({ userId: other.id, userEmail: other.email, author: 'Beat Keller', ratingSum: 0, ratingCount: 0 });
});

test('create: a user at the hourly limit gets 429 with a German message and nothing is saved', async () => {
  const busy = await createAccount('Chiara Rossi');
  const cookie = await sessionCookie(app.url, busy.email);
  // The limit counts the last hour's recipes, however they were made.
  for (let i = 0; i < getEnv().RATE_LIMIT_RECIPES_PER_USER.max; i++) await createRecipe(busy, { title: `Chiaras Rezept ${i}` });
  const response = await post('/create', form(recipeFields({ title: 'Einer zu viel' })), cookie);
  expect(response.status).toBe(429);
  expect(await response.text()).toContain('Du hast in der letzten Stunde schon viele Rezepte erfasst.');
  expect(await titled('Einer zu viel')).toEqual([]);
});

test('update: anonymous goes to the login, another user gets 403, only the owner changes the recipe', async () => {
  const recipe = await createRecipe(owner, { title: 'Original' });
  const path = `/edit/${recipe.id}`;

  expect(isLoginRedirect(await post(path, form(recipeFields({ title: 'Anonym geändert' }))), path)).toBe(true);
  const refused = await post(path, form(recipeFields({ title: 'Fremd geändert' })), cookies.other);
  expect(refused.status).toBe(403);
  expect(await row(recipe.id)).toEqual(recipe);

  const allowed = await post(path, form(recipeFields({ title: 'Vom Owner geändert', userId: other.id })), cookies.owner);
  expect(allowed.status).toBe(302);
  expect(allowed.headers.get('location')).toBe(`/detail/${recipe.id}`);
  expect(await row(recipe.id)).toMatchObject({ title: 'Vom Owner geändert', userId: owner.id, author: recipe.author });
});

test('the edit page itself: anonymous to the login, others 403, the owner sees the form', async () => {
  const recipe = await createRecipe(owner);
  const path = `/edit/${recipe.id}`;
  expect(isLoginRedirect(await fetch(`${app.url}${path}`, { redirect: 'manual' }), path)).toBe(true);
  expect((await fetch(`${app.url}${path}`, { headers: { cookie: cookies.other } })).status).toBe(403);
  const page = await fetch(`${app.url}${path}`, { headers: { cookie: cookies.owner } });
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('Bearbeite dein Rezept');
});

// The dialog's address, and the confirmation page's own (without JavaScript), which answers a refusal as a page.
test.each([
  ['the dialog', (id: string) => `/detail/${id}/delete`, 'application/json', { status: 200, location: null }],
  ['the confirmation page', (id: string) => `/detail/${id}/loeschen`, 'text/html', { status: 302, location: '/' }],
])('delete through %s: anonymous goes to the login, another user gets 403, the owner deletes', async (_, pathOf, refusalType, afterForeignTarget) => {
  const recipe = await createRecipe(owner, { title: 'Zum Löschen' });
  const path = pathOf(recipe.id);

  const remove = { intent: 'delete' };
  expect(isLoginRedirect(await post(path, form(remove)), path)).toBe(true);
  const forbidden = await post(path, form(remove), cookies.other);
  expect(forbidden.status).toBe(403);
  expect(forbidden.headers.get('content-type')).toContain(refusalType);
  // Without the intent, or with a body that is no form, nothing is deleted.
  const withoutIntent = await post(path, form({}), cookies.owner);
  expect(withoutIntent.status).toBe(400);
  expect(await withoutIntent.text()).toContain('Diese Anfrage können wir so nicht verarbeiten.');
  expect((await post(path, 'kaputt', cookies.owner, { 'content-type': 'multipart/form-data; boundary=nix' })).status).toBe(400);
  expect(await row(recipe.id)).toEqual(recipe);

  const deleted = await post(path, form({ ...remove, redirectTo: '/' }), cookies.owner);
  expect(deleted.status).toBe(302);
  expect(deleted.headers.get('location')).toBe('/');
  expect(await row(recipe.id)).toBeUndefined();
  // Only local paths: a foreign redirect target is ignored (the dialog stays, the page goes home).
  const again = await createRecipe(owner);
  const foreign = await post(pathOf(again.id), form({ ...remove, redirectTo: '/\t/boese.example/' }), cookies.owner);
  expect({ status: foreign.status, location: foreign.headers.get('location') }).toEqual(afterForeignTarget);
  expect(await row(again.id)).toBeUndefined();
  const gone = await post(path, form(remove), cookies.owner);
  expect(gone.status).toBe(404);
  expect(gone.headers.get('content-type')).toContain(refusalType);
});

test('upload: anonymous is refused with 401; a signed-in user gets the stored image', async () => {
  const jpeg = new Uint8Array(await makeJpeg(800, 600));
  const before = await getDb().$count(images);
  const anonymous = await post('/api/uploads', jpeg, undefined, { 'content-type': 'image/jpeg' });
  expect(anonymous.status).toBe(401);
  expect(await anonymous.json()).toEqual({ error: 'Bitte melde dich an, um ein Bild hochzuladen.' });
  // Also for a large file: the answer arrives (the body is read and dropped, the connection not reset).
  const large = await post('/api/uploads', new Uint8Array(15 * 1024 * 1024), undefined, { 'content-type': 'image/jpeg' });
  expect(large.status).toBe(401);
  expect(await getDb().$count(images)).toBe(before);

  const response = await post('/api/uploads', jpeg, cookies.owner, { 'content-type': 'image/jpeg' });
  expect(response.status).toBe(201);
  const { image } = await response.json();
  const [stored] = await getDb().select().from(images).where(eq(images.id, image.id));
  expect(stored!.userId).toBe(owner.id);

  // Someone else's upload cannot be put on one's own recipe.
  const theft = await post('/create', form(recipeFields({ title: 'Fremdes Bild', imageId: image.id })), cookies.other);
  expect(theft.status).toBe(409);
  expect(await titled('Fremdes Bild')).toEqual([]);
  expect((await fetch(`${app.url}/api/uploads`)).status).toBe(405);
});

test('bad input is refused with 4xx and German messages, never a 500, and saves nothing', async () => {
  const before = await getDb().$count(recipes);
  const cases: Array<[string, BodyInit, number, Record<string, string>?]> = [
    ['/create', form(recipeFields({ category: 'Suppe' })), 400],
    ['/create', form(recipeFields({ tags: ['Scharf'] })), 400],
    ['/create', form(recipeFields({ duration: '-1' })), 400],
    ['/create', form(recipeFields({ duration: '1e9' })), 400],
    ['/create', form(recipeFields({ title: 'x'.repeat(121) })), 400],
    ['/create', form(recipeFields({ ingredientName: [], ingredientAmount: [] })), 400],
    ['/create', form(recipeFields({ ingredientName: Array(61).fill('Salz'), ingredientAmount: [] })), 400],
    ['/create', form(recipeFields({ imageId: "1' or '1'='1" })), 400],
    ['/create', form({}), 400],
    ['/create', 'kein multipart', 400, { 'content-type': 'multipart/form-data; boundary=nix' }],
    ['/create', `title=${'x'.repeat(600 * 1024)}`, 413, { 'content-type': 'application/x-www-form-urlencoded' }],
    ['/edit/kaputt', form(recipeFields()), 404],
    ['/edit/00000000-0000-4000-8000-000000000000', form(recipeFields()), 404],
    ['/detail/kaputt/delete', form({ intent: 'delete' }), 404],
  ];
  for (const [path, body, status, headers] of cases) {
    const response = await post(path, body, cookies.owner, headers);
    expect(response.status, `${path} ${String(body).slice(0, 60)}`).toBe(status);
  }
  const invalid = await (await post('/create', form(recipeFields({ title: '' })), cookies.owner)).text();
  expect(invalid).toContain('Bitte gib einen Titel ein.');
  expect(await getDb().$count(recipes)).toBe(before);

  const tooBig = await post('/api/uploads', new Uint8Array(21 * 1024 * 1024), cookies.owner, { 'content-type': 'image/jpeg' });
  expect(tooBig.status).toBe(413);
  const notJpeg = await post('/api/uploads', '<svg xmlns="http://www.w3.org/2000/svg"/>', cookies.owner, { 'content-type': 'image/jpeg' });
  expect(notJpeg.status).toBe(415);
  expect((await notJpeg.json()).error).toMatch(/kein JPEG-Bild/);
});

test('requests from another site are refused', async () => {
  const recipe = await createRecipe(owner, { title: 'CSRF-Ziel' });
  const crossSite = { origin: 'https://boese.example', 'sec-fetch-site': 'cross-site' };
  expect((await post(`/detail/${recipe.id}/delete`, form({ intent: 'delete' }), cookies.owner, crossSite)).status).toBe(403);
  expect((await post(`/edit/${recipe.id}`, form(recipeFields({ title: 'CSRF' })), cookies.owner, crossSite)).status).toBe(403);
  expect((await post('/api/uploads', new Uint8Array(await makeJpeg(200, 200)), cookies.owner, crossSite)).status).toBe(403);
  expect(await row(recipe.id)).toEqual(recipe);
});
