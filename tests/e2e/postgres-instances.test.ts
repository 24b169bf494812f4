// Scale-out: two real server processes on one PostgreSQL database
// (DATABASE_URL), as behind a load balancer. Both migrate and serve the same
// data, a session started on one is valid on the other, and a write on one
// is seen at once on the other despite its page cache (and a picture deleted
// on one is no longer sent from the other's memory). And on PostgreSQL,
// where a render waits for the database, readers who arrive together at a
// page share one render.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import postgres from 'postgres';
import { afterAll, expect, inject, test } from 'vitest';
import { createS3Storage } from '../../app/lib/storage/s3-storage.server.ts';
import { TEST_PASSWORD } from '../support/accounts.ts';
import { createPostgresDatabase, seedAuthorWithRecipe } from '../support/postgres-blog.ts';
import { arriveTogether, type RawAnswer } from '../support/raw-http.ts';
import { findPgBin, startPostgres } from '../support/postgres-server.ts';
import { startS3Server } from '../support/s3-server.ts';
import { startSilentProxy } from '../support/silent-proxy.ts';

const root = path.resolve(import.meta.dirname, '../..');
const adminUrl = inject('postgresUrl');
const children: ChildProcess[] = [];
const cleanups: Array<() => Promise<unknown>> = [];

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function freePort() {
  return new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function startInstance(databaseUrl: string, extraEnv: Record<string, string> = {}) {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'chuchiblog-pg-instance-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['server.js'], {
    cwd: root,
    stdio: 'ignore',
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      PUBLIC_URL: url,
      AUTH_SECRET: 'ein-gemeinsames-geheimnis-fuer-alle-instanzen-2024',
      LOG_LEVEL: 'silent',
      WEB_CONCURRENCY: '1', // one process each, whatever the environment says
      ...extraEnv,
    },
  });
  children.push(child);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  for (let i = 0; i < 200; i++) {
    const healthy = await fetch(`${url}/healthz`).then((r) => r.ok, () => false);
    if (healthy) return { url, child, exited };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('instance did not come up');
}

/** Vreni Graf's session cookie, signed in on the instance at `url`. */
async function signInOn(url: string) {
  const login = await fetch(`${url}/login`, {
    method: 'POST',
    headers: { origin: url },
    body: new URLSearchParams({ email: 'vreni@example.ch', password: TEST_PASSWORD }),
    redirect: 'manual',
  });
  return login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** Vreni's comment on her own recipe, sent to the instance at `url` (without stars: owners do not rate their own recipes). */
function commentOn(url: string, cookie: string, recipePath: string, text: string) {
  return fetch(`${url}${recipePath}`, {
    method: 'POST',
    headers: { origin: url, cookie },
    body: new URLSearchParams({ intent: 'create-comment', nickname: 'Vreni', comment: text }),
    redirect: 'manual',
  });
}

/** A database of its own on the test's PostgreSQL (or the server at `serverUrl`); `seed` writes Vreni Graf (who can sign in) and one recipe of hers once the instances have migrated it. */
async function createBlogDatabase(serverUrl = adminUrl!) {
  const database = await createPostgresDatabase(serverUrl);
  cleanups.push(database.drop);
  return {
    databaseUrl: database.url,
    seed: async () => ({
      recipeId: await seedAuthorWithRecipe(database.url, { name: 'Vreni Graf', email: 'vreni@example.ch' }, {
        title: 'Luzerner Chügelipastete',
        lead: 'Das Festessen der Innerschweiz.',
        duration: 120,
        category: 'Hauptgang',
        level: 'Schwierig',
        quantity: 'für 6 Personen',
        ingredients: [{ name: 'Blätterteig', amount: '500 g' }],
        description: 'Pastete backen und füllen.',
      }),
    }),
  };
}

// Skipped only where Debian's PostgreSQL server is not installed; CI installs it.
test.skipIf(!adminUrl)('two instances share one PostgreSQL database and its sessions', async () => {
  const blog = await createBlogDatabase();
  // Both start at once: the migrations must cope with a concurrent start.
  const [a, b] = await Promise.all([startInstance(blog.databaseUrl), startInstance(blog.databaseUrl)]);
  const { recipeId } = await blog.seed();

  const cookie = await signInOn(a.url);
  expect(cookie).toMatch(/chuchiblog\.session_token=/);

  const profileOnB = await fetch(`${b.url}/profile`, { headers: { cookie }, redirect: 'manual' });
  expect(profileOnB.status).toBe(200);
  expect(await profileOnB.text()).toContain('Vreni Graf');
  expect((await fetch(`${b.url}/`)).status).toBe(200);

  // B keeps the page in its page cache; a comment written on A is seen on B at once:
  // A answers only after B has confirmed that its pages are stale. While B is
  // stopped (SIGSTOP) it cannot confirm, so A's answer waits for it.
  const detail = `/detail/${recipeId}`;
  await fetch(`${b.url}${detail}`);
  const cached = await fetch(`${b.url}${detail}`);
  expect(cached.headers.get('x-page-cache')).toBe('hit');
  expect(await cached.text()).not.toContain('Sehr fein, wie bei Grosi.');
  b.child.kill('SIGSTOP');
  let answered = false;
  const commenting = commentOn(a.url, cookie, detail, 'Sehr fein, wie bei Grosi.').finally(() => (answered = true));
  await new Promise((resolve) => setTimeout(resolve, 500)); // A waits up to 2 s for B's confirmation
  expect(answered).toBe(false);
  b.child.kill('SIGCONT');
  const comment = await commenting;
  expect(comment.status).toBe(303);
  const onB = await fetch(`${b.url}${detail}`);
  expect(onB.headers.get('x-page-cache')).toBe('miss');
  expect(await onB.text()).toContain('Sehr fein, wie bei Grosi.');

  a.child.kill('SIGTERM');
  b.child.kill('SIGTERM');
  expect(await Promise.all([a.exited, b.exited])).toEqual([0, 0]);
});

test.skipIf(!adminUrl)('an instance whose listening connection was lost catches up when it is back: its pages fresh, and known again to the others', async () => {
  const blog = await createBlogDatabase();
  const [a, b] = await Promise.all([startInstance(blog.databaseUrl), startInstance(blog.databaseUrl)]);
  const { recipeId } = await blog.seed();
  const cookie = await signInOn(a.url);
  const detail = `/detail/${recipeId}`;
  const comment = (text: string) => commentOn(a.url, cookie, detail, text);
  await fetch(`${b.url}${detail}`);
  expect((await fetch(`${b.url}${detail}`)).headers.get('x-page-cache')).toBe('hit');

  // B stopped, its listening connection ended by the server: A's notice of the comment goes
  // nowhere, and A, without B's confirmation, forgets B after 2 s and answers.
  b.child.kill('SIGSTOP');
  const admin = postgres(adminUrl!, { max: 1, onnotice: () => {} });
  cleanups.push(() => admin.end());
  const name = decodeURIComponent(new URL(blog.databaseUrl).pathname.slice(1));
  const ended = await admin`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${name} and query ilike 'listen%'`;
  expect(ended.length).toBeGreaterThanOrEqual(2); // A's and B's
  expect((await comment('Wie bei Grosi.')).status).toBe(303);
  b.child.kill('SIGCONT');

  // B listens again and, not knowing what it missed, renders afresh.
  await expect.poll(async () => (await (await fetch(`${b.url}${detail}`)).text()).includes('Wie bei Grosi.'), { timeout: 5_000 }).toBe(true);

  // And says hello again: A waits for B's confirmation once more before it answers.
  b.child.kill('SIGSTOP');
  let answered = false;
  const second = comment('Noch einmal gemacht.').finally(() => (answered = true));
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(answered).toBe(false);
  b.child.kill('SIGCONT');
  expect((await second).status).toBe(303);
  expect(await (await fetch(`${b.url}${detail}`)).text()).toContain('Noch einmal gemacht.');

  a.child.kill('SIGTERM');
  b.child.kill('SIGTERM');
  expect(await Promise.all([a.exited, b.exited])).toEqual([0, 0]);
});

test.skipIf(!adminUrl)('an instance whose listening connection goes silent without closing notices within seconds: it renders afresh, then hears the others again', async () => {
  const blog = await createBlogDatabase();
  const proxy = await startSilentProxy(blog.databaseUrl);
  cleanups.push(proxy.stop);
  // B reaches the database through the proxy.
  const [a, b] = await Promise.all([startInstance(blog.databaseUrl), startInstance(proxy.url)]);
  const { recipeId } = await blog.seed();
  const cookie = await signInOn(a.url);
  const detail = `/detail/${recipeId}`;
  const comment = (text: string) => commentOn(a.url, cookie, detail, text);
  await fetch(`${b.url}${detail}`);
  expect((await fetch(`${b.url}${detail}`)).headers.get('x-page-cache')).toBe('hit');

  // B's listening connection goes silent. B's side sees it open (TCP's keepalive would give up
  // after about twelve minutes); A's notice of the comment never arrives, and A forgets B after 2 s.
  expect(proxy.silenceListening()).toBe(1);
  expect((await comment('Wie bei Grosi.')).status).toBe(303);
  // B misses its own heartbeat, forgets its pages and renders afresh.
  await expect.poll(async () => (await (await fetch(`${b.url}${detail}`)).text()).includes('Wie bei Grosi.'), { timeout: 15_000, interval: 250 }).toBe(true);

  // Meanwhile it listens on a new connection, hears its heartbeat again and keeps pages again.
  await expect
    .poll(
      async () => {
        await fetch(`${b.url}${detail}`);
        return (await fetch(`${b.url}${detail}`)).headers.get('x-page-cache');
      },
      { timeout: 15_000, interval: 250 },
    )
    .toBe('hit');
  expect(proxy.listeningCount()).toBe(1);
  // And it said hello: A, which had forgotten B, waits for B's confirmation again before it answers.
  b.child.kill('SIGSTOP');
  let answered = false;
  const second = comment('Noch einmal gemacht.').finally(() => (answered = true));
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(answered).toBe(false);
  b.child.kill('SIGCONT');
  expect((await second).status).toBe(303);
  const next = await fetch(`${b.url}${detail}`);
  expect(next.headers.get('x-page-cache')).toBe('miss');
  expect(await next.text()).toContain('Noch einmal gemacht.');

  a.child.kill('SIGTERM');
  b.child.kill('SIGTERM');
  expect(await Promise.all([a.exited, b.exited])).toEqual([0, 0]);
});

test.skipIf(!adminUrl)('after a restart of PostgreSQL both instances listen again: a write on one is seen on the other', async () => {
  // A server of this test's own, restarted while the two instances run.
  const server = await startPostgres(findPgBin()!);
  cleanups.push(() => server.stop());
  const blog = await createBlogDatabase(server.url);
  const [a, b] = await Promise.all([startInstance(blog.databaseUrl), startInstance(blog.databaseUrl)]);
  const { recipeId } = await blog.seed();
  const detail = `/detail/${recipeId}`;
  await fetch(`${b.url}${detail}`);
  expect((await fetch(`${b.url}${detail}`)).headers.get('x-page-cache')).toBe('hit');

  // Down for a second: every connection ends, and what is notified meanwhile is lost.
  await server.restart(1_000);
  const cookie = await signInOn(a.url); // A's pool is back
  expect(cookie).toMatch(/chuchiblog\.session_token=/);
  const comment = await commentOn(a.url, cookie, detail, 'Nach dem Neustart.');
  expect(comment.status).toBe(303);
  // postgres-js listens again by itself once the server is back (trying again after a growing pause,
  // at most about 20 s); B, not knowing what it missed, then renders afresh.
  await expect.poll(async () => (await (await fetch(`${b.url}${detail}`)).text()).includes('Nach dem Neustart.'), { timeout: 30_000, interval: 500 }).toBe(true);

  a.child.kill('SIGTERM');
  b.child.kill('SIGTERM');
  expect(await Promise.all([a.exited, b.exited])).toEqual([0, 0]);
});

test.skipIf(!adminUrl)('a picture another instance keeps in memory stays there through a comment and is gone the moment its recipe is deleted', async () => {
  // Pictures in one S3 store (s3rver), as several instances need them.
  const s3 = await startS3Server();
  cleanups.push(() => s3.stop());
  const s3Env = { S3_BUCKET: s3.options.bucket, S3_ENDPOINT: s3.options.endpoint, S3_ACCESS_KEY_ID: s3.options.accessKeyId, S3_SECRET_ACCESS_KEY: s3.options.secretAccessKey };
  const blog = await createBlogDatabase();
  const [a, b] = await Promise.all([startInstance(blog.databaseUrl, s3Env), startInstance(blog.databaseUrl, s3Env)]);
  const { recipeId } = await blog.seed();
  // The recipe's picture: two renditions in the store, its row, the recipe pointing at it.
  const store = createS3Storage(s3.options);
  const imageId = randomUUID();
  const small = randomBytes(3_000);
  for (const width of [480, 960]) await store.put(`images/${imageId}/${width}.avif`, small, 'image/avif');
  const sql = postgres(blog.databaseUrl, { max: 1, onnotice: () => {} });
  cleanups.push(() => sql.end());
  await sql`insert into images (id, width, height, widths) values (${imageId}, 960, 640, ${[480, 960]})`;
  await sql`update recipes set image_id = ${imageId} where id = ${recipeId}`;

  const picture = (width: number) => fetch(`${b.url}/images/${imageId}/${width}.avif`);
  for (const width of [480, 960]) expect((await picture(width)).status).toBe(200);
  // One rendition taken from the store behind B's back (no signal): B still sends it, from memory.
  await store.removePrefix(`images/${imageId}/960.avif`);
  const kept = await picture(960);
  expect(Buffer.from(await kept.arrayBuffer()).equals(small)).toBe(true);
  // A comment on A changes B's pages, not its pictures: B still sends the rendition from memory.
  await fetch(`${b.url}/detail/${recipeId}`);
  expect((await fetch(`${b.url}/detail/${recipeId}`)).headers.get('x-page-cache')).toBe('hit');
  const cookie = await signInOn(a.url);
  const commented = await commentOn(a.url, cookie, `/detail/${recipeId}`, 'Mit Bild noch schöner.');
  expect(commented.status).toBe(303);
  expect(await (await fetch(`${b.url}/detail/${recipeId}`)).text()).toContain('Mit Bild noch schöner.');
  expect((await picture(960)).status).toBe(200);

  // The owner deletes the recipe on A; its picture goes with it. Once A has answered, B sends neither.
  const deleted = await fetch(`${a.url}/detail/${recipeId}/delete`, {
    method: 'POST',
    headers: { origin: a.url, cookie },
    body: new URLSearchParams({ intent: 'delete' }),
    redirect: 'manual',
  });
  expect(deleted.status).toBe(200); // { deleted: true }: the page deleted from shows the outcome
  expect(await store.list(`images/${imageId}/`)).toEqual([]);
  for (const width of [480, 960]) expect((await picture(width)).status).toBe(404);
  store.close?.();

  a.child.kill('SIGTERM');
  b.child.kill('SIGTERM');
  expect(await Promise.all([a.exited, b.exited])).toEqual([0, 0]);
});

test.skipIf(!adminUrl)('readers who arrive together at a page nobody has read yet: four render it, the others get the kept page, exactly as a later hit', async () => {
  const blog = await createBlogDatabase();
  const instance = await startInstance(blog.databaseUrl);
  const { recipeId } = await blog.seed();
  const path = `/detail/${recipeId}`;
  const encodings = ['gzip, deflate, br', 'gzip', 'identity', 'deflate'];
  const headerSets = Array.from({ length: 40 }, (_, i) => ({ 'Accept-Encoding': encodings[i % encodings.length]! }));

  // A render waits for PostgreSQL, so all forty are in before the first is done; four render at a time (server/render-queue.ts).
  const together = await arriveTogether(instance.url, path, headerSets);
  expect(together.map((answer) => answer.status)).toEqual(headerSets.map(() => 200));
  const rendered = together.filter((answer) => answer.headers['x-page-cache'] === 'miss');
  expect(rendered.length).toBeGreaterThan(0);
  expect(rendered.length).toBeLessThanOrEqual(4);

  // An answer from the cache given while others rendered is sent as any later hit: the same headers
  // (each render has its own nonce, so its own ETag), the page whole in the encoding the client
  // asked for, hashing to its ETag (the compression middleware left it alone).
  const later = await arriveTogether(instance.url, path, headerSets);
  const sameAsLater = ({ headers: { date: _date, etag: _etag, 'content-length': _length, ...headers } }: RawAnswer) => headers;
  const decode = { br: brotliDecompressSync, gzip: gunzipSync } as Record<string, (body: Buffer) => Buffer>;
  const etagOf = (page: Buffer) => `"${createHash('sha256').update(page).digest('base64url').slice(0, 27)}"`;
  for (const [i, answer] of together.entries()) {
    if (answer.headers['x-page-cache'] !== 'hit') continue;
    expect(sameAsLater(answer), `answer ${i}`).toEqual(sameAsLater(later[i]!));
    expect(answer.body.length, `answer ${i}`).toBe(Number(answer.headers['content-length']));
    const page = decode[answer.headers['content-encoding'] ?? '']?.(answer.body) ?? answer.body;
    expect(etagOf(page), `answer ${i}`).toBe(answer.headers.etag);
  }
  const notModified = await arriveTogether(instance.url, path, headerSets.map((headers) => ({ ...headers, 'If-None-Match': later[0]!.headers.etag! })));
  for (const answer of notModified) {
    expect(answer.status).toBe(304);
    expect(answer.headers['content-encoding']).toBeUndefined();
  }

  instance.child.kill('SIGTERM');
  expect(await instance.exited).toBe(0);
});
