// GET /konto/export over real HTTP: the signed-in person's data as a ZIP that
// a maintained unzip reads, with nobody else's data in it, and a limit.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { getDb } from '../../app/db/client.server.ts';
import { commentReports, comments } from '../../app/db/schema/recipes.ts';
import { createAccount, sessionCookie } from '../support/accounts.ts';
import { createComment, createRecipe } from '../support/factories.ts';
import { createImage } from '../support/stored-images.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

let app: TestApp;
let dir: string;
let cookie: string;
let pictureUrl: string;

beforeAll(async () => {
  app = await startTestApp();
  dir = mkdtempSync(path.join(tmpdir(), 'chuchiblog-export-'));
  const vreni = await createAccount('Vreni Baumann');
  const other = await createAccount('Otto Keller');
  const imageId = await createImage(vreni.id, 40);
  const zopf = await createRecipe(vreni, { title: 'Zopf / Züpfe', imageId, tags: ['Süss'], additional: 'Am Vorabend kneten.' });
  await createRecipe(vreni, { title: 'Rösti', description: 'Kartoffeln reiben.\n\nIn Butter braten.' });
  const foreign = await createRecipe(other, { title: 'Ottos Fondue' });
  await createComment(foreign.id, vreni, { nickname: 'Vreni', comment: 'Sehr fein!', rating: 5 });
  const ottos = await createComment(zopf.id, other, { nickname: 'Otto', comment: 'Ottos Kommentar', rating: 4 });
  // Vreni reported Otto's comment; Otto reported hers (not hers to export).
  const [vrenis] = await getDb().select({ id: comments.id }).from(comments).where(eq(comments.authorId, vreni.id));
  await getDb().insert(commentReports).values([
    { commentId: ottos.id, reporterId: vreni.id, reason: 'Werbung für einen Laden' },
    { commentId: vrenis!.id, reporterId: other.id, reason: 'Ottos Meldung' },
  ]);
  cookie = await sessionCookie(app.url, vreni.email);
  // The export holds the largest JPEG rendition the page offers.
  const html = await (await fetch(`${app.url}/detail/${zopf.id}`)).text();
  const widths = [...html.matchAll(/\/images\/[0-9a-f-]{36}\/(\d+)\.jpg/g)].map((m) => Number(m[1]));
  pictureUrl = `/images/${imageId}/${Math.max(...widths)}.jpg`;
});

afterAll(async () => {
  await app?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** Debian's unzip checks and reads what we wrote: an independent check of the format. */
const unzip = (file: string, ...args: string[]) => execFileSync('unzip', [...args, file]);
/** One file's content; the name as a pattern with * for non-ASCII characters (unzip matches raw names). */
const unzipFile = (file: string, name: string) => execFileSync('unzip', ['-p', file, name.replace(/[^\x20-\x7e]+/g, '*')]);

/** The names in the archive's central directory, as UTF-8 (unzip would print them in the terminal's charset). */
function namesIn(zip: Buffer) {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    names.push(zip.subarray(at + 46, at + 46 + nameLength).toString('utf8'));
    at += 46 + nameLength + extra;
  }
  return names;
}

test('signed out, the export leads to the login', async () => {
  const response = await fetch(`${app.url}/konto/export`, { redirect: 'manual' });
  expect(response.status).toBe(302);
  expect(response.headers.get('location')).toBe(`/login?redirectTo=${encodeURIComponent('/konto/export')}`);
});

test('the ZIP holds the account, the own recipes (JSON, Markdown, pictures), the own comments and reports, nothing of others', async () => {
  const response = await fetch(`${app.url}/konto/export`, { headers: { cookie } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/zip');
  expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="chuchiblog-daten-\d{4}-\d{2}-\d{2}\.zip"$/);
  expect(response.headers.get('cache-control')).toBe('private, no-store');
  // Streamed: no length known in advance.
  expect(response.headers.get('content-length')).toBeNull();
  const file = path.join(dir, 'export.zip');
  const zip = Buffer.from(await response.arrayBuffer());
  writeFileSync(file, zip);

  expect(unzip(file, '-t').toString()).toContain('No errors detected');
  const names = namesIn(zip);
  expect(unzip(file, '-Z1').toString().trim().split('\n')).toHaveLength(names.length);
  expect(names).toHaveLength(7);
  expect(names).toEqual(
    expect.arrayContaining([
      'konto.json',
      'rezepte.json',
      'kommentare.json',
      'meldungen.json',
      expect.stringMatching(/^rezepte\/Rösti-[0-9a-f]{8}\.md$/),
      expect.stringMatching(/^rezepte\/Zopf-Züpfe-[0-9a-f]{8}\.md$/),
      expect.stringMatching(/^bilder\/Zopf-Züpfe-[0-9a-f]{8}\.jpg$/),
    ]),
  );

  const account = JSON.parse(unzipFile(file, 'konto.json').toString('utf8'));
  expect(account).toMatchObject({ name: 'Vreni Baumann', firstName: 'Vreni', lastName: 'Baumann', email: expect.stringMatching(/^vreni-.*@example\.ch$/) });
  expect(Object.keys(account).sort()).toEqual(['createdAt', 'email', 'emailVerified', 'firstName', 'lastName', 'name']);

  const recipes = JSON.parse(unzipFile(file, 'rezepte.json').toString('utf8')) as Array<{ title: string; url: string }>;
  expect(recipes.map((r) => r.title).sort()).toEqual(['Rösti', 'Zopf / Züpfe']);
  expect(recipes[0]!.url).toMatch(new RegExp(`^${app.url}/detail/`));

  const comments = JSON.parse(unzipFile(file, 'kommentare.json').toString('utf8')) as Array<Record<string, unknown>>;
  expect(comments).toEqual([expect.objectContaining({ recipeTitle: 'Ottos Fondue', comment: 'Sehr fein!', rating: 5 })]);

  const reports = JSON.parse(unzipFile(file, 'meldungen.json').toString('utf8')) as Array<Record<string, unknown>>;
  expect(reports).toEqual([expect.objectContaining({ recipeTitle: 'Zopf / Züpfe', nickname: 'Otto', reason: 'Werbung für einen Laden' })]);

  const markdown = unzipFile(file, names.find((n) => n.startsWith('rezepte/Rösti'))!).toString('utf8');
  expect(markdown).toContain('# Rösti');
  expect(markdown).toContain('1. Kartoffeln reiben.\n2. In Butter braten.');

  const picture = unzipFile(file, names.find((n) => n.startsWith('bilder/'))!);
  const served = Buffer.from(await (await fetch(`${app.url}${pictureUrl}`)).arrayBuffer());
  expect(picture.equals(served)).toBe(true);
});

test('OPTIONS on the export downloads nothing and counts no export (the next test sees the whole limit)', async () => {
  for (let i = 0; i < 5; i++) {
    const response = await fetch(`${app.url}/konto/export`, { method: 'OPTIONS', headers: { cookie } });
    expect([response.status, response.headers.get('allow'), response.headers.get('content-disposition'), await response.text()]).toEqual([204, 'GET, HEAD, POST, OPTIONS', null, '']);
  }
});

test('HEAD, as a download manager asks before it downloads, names the type and counts no export (the next test sees the whole limit)', async () => {
  for (let i = 0; i < 5; i++) {
    const response = await fetch(`${app.url}/konto/export`, { method: 'HEAD', headers: { cookie } });
    expect([response.status, response.headers.get('content-type'), response.headers.get('cache-control'), await response.text()]).toEqual([200, 'application/zip', 'private, no-store', '']);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="chuchiblog-daten-\d{4}-\d{2}-\d{2}\.zip"$/);
  }
  const signedOut = await fetch(`${app.url}/konto/export`, { method: 'HEAD', redirect: 'manual' });
  expect(signedOut.status).toBe(302);
});

test('a few exports an hour, then a German 429', async () => {
  // One export was made above (the OPTIONS and HEAD requests before made none); four more are allowed in the hour.
  for (let i = 0; i < 4; i++) {
    const response = await fetch(`${app.url}/konto/export`, { headers: { cookie } });
    expect(response.status).toBe(200);
    await response.arrayBuffer();
  }
  const refused = await fetch(`${app.url}/konto/export`, { headers: { cookie } });
  expect(refused.status).toBe(429);
  expect(refused.headers.get('content-type')).toBe('text/plain; charset=utf-8');
  expect(await refused.text()).toMatch(/^Du hast deine Daten in der letzten Stunde schon oft heruntergeladen\./);
});
