// All cores: `node server.js` with WEB_CONCURRENCY=2 on a real PostgreSQL runs
// a primary and two worker processes on one port (node:cluster). Which worker
// holds a connection is read from /proc (the socket's inode in the worker's
// file descriptors), so the app exposes nothing for the tests, and each
// request below is sent to the worker it names. On the embedded database more
// than one process is refused.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { TEST_PASSWORD } from '../support/accounts.ts';
import { createPostgresDatabase, seedAuthorWithRecipe } from '../support/postgres-blog.ts';

const root = path.resolve(import.meta.dirname, '../..');
const adminUrl = inject('postgresUrl');
const running: ChildProcess[] = [];
const cleanups: Array<() => Promise<unknown>> = [];

afterAll(async () => {
  for (const child of running) child.kill('SIGKILL');
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

async function freshDataDir() {
  const dir = await mkdtemp(path.join(tmpdir(), 'chuchiblog-workers-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['server.js'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', LOG_LEVEL: 'silent', AUTH_SECRET: '', ...env },
  });
  running.push(child);
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  /** Resolves once the output holds `text` (`times` times); fails if the process ends first. */
  const printed = (text: string, times = 1) =>
    new Promise<void>((resolve, reject) => {
      const count = () => output.split(text).length - 1;
      const check = () => {
        if (count() < times) return;
        child.stdout!.off('data', check);
        child.stderr!.off('data', check);
        resolve();
      };
      child.stdout!.on('data', check);
      child.stderr!.on('data', check);
      void exited.then(() => (count() >= times ? resolve() : reject(new Error(`server exited; output:\n${output}`))));
      check();
    });
  return { child, pid: child.pid!, exited, printed, output: () => output };
}

/** The primary's child processes: its workers. */
function childrenOf(pid: number) {
  try {
    return execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)]).toString().trim().split(/\s+/).filter(Boolean).map(Number).sort();
  } catch {
    return []; // ps exits 1 when there are none
  }
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The server side of a loopback connection: its socket inode, once a process has accepted it. */
function serverSocketInode(serverPort: number, clientPort: number) {
  const hex = (port: number) => `0100007F:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  for (const line of readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1)) {
    const fields = line.trim().split(/\s+/);
    if (fields[1] === hex(serverPort) && fields[2] === hex(clientPort) && fields[9] !== '0') return fields[9];
  }
  return undefined;
}

/** Which of `pids` holds the socket with this inode. */
function holderOf(inode: string, pids: number[]) {
  for (const pid of pids) {
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      try {
        if (readlinkSync(`/proc/${pid}/fd/${fd}`) === `socket:[${inode}]`) return pid;
      } catch {
        // closed meanwhile
      }
    }
  }
  return undefined;
}

/**
 * A connection that worker `pid` has accepted: connects until the primary
 * hands one to that worker (it hands them out in turn), waiting on /proc,
 * not on a clock, to see where each went.
 */
async function connectionTo(port: number, pid: number, workers: number[]): Promise<Socket> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const socket = connect(port, '127.0.0.1');
    await once(socket, 'connect');
    let holder: number | undefined;
    for (let i = 0; i < 500 && holder === undefined; i++) {
      const inode = serverSocketInode(port, socket.localPort!);
      holder = inode ? holderOf(inode, workers) : undefined;
      if (holder === undefined) await new Promise((r) => setTimeout(r, 20));
    }
    if (holder === pid) return socket;
    socket.destroy();
  }
  throw new Error(`no connection reached worker ${pid}`);
}

type Answer = { status: number; headers: IncomingMessage['headers']; text: string };

/** One HTTP request on a connection of worker `pid`. */
async function requestOn(
  server: { port: number; workers: number[] },
  pid: number,
  method: string,
  pathname: string,
  { headers = {}, body }: { headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  const socket = await connectionTo(server.port, pid, server.workers);
  const request = httpRequest({ host: '127.0.0.1', port: server.port, method, path: pathname, headers, createConnection: () => socket });
  const answered = once(request, 'response') as Promise<[IncomingMessage]>;
  request.end(body);
  const [response] = await answered;
  const text = (await response.toArray()).join('');
  socket.destroy();
  return { status: response.statusCode!, headers: response.headers, text };
}

function cookieOf(answer: Answer) {
  return (answer.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
}

/** The slot (1, 2) of a worker of the cluster, from its start line. */
function slotOf(pid: number) {
  return new RegExp(`Worker (\\d+) \\(PID ${pid}\\)`).exec(cluster!.output())![1];
}

let blog: { databaseUrl: string; recipeId: string } | undefined;

beforeAll(async () => {
  if (!adminUrl) return;
  const database = await createPostgresDatabase(adminUrl);
  cleanups.push(database.drop);
  // Migrated by the first server start below; the rows go in afterwards.
  blog = { databaseUrl: database.url, recipeId: '' };
});

function seed(databaseUrl: string) {
  return seedAuthorWithRecipe(databaseUrl, { name: 'Ueli Brunner', email: 'ueli@example.ch' }, {
    title: 'Basler Mehlsuppe',
    lead: 'Für den Morgestraich.',
    duration: 90,
    category: 'Vorspeise',
    level: 'Mittel',
    quantity: 'für 4 Personen',
    ingredients: [{ name: 'Mehl', amount: '80 g' }],
    description: 'Mehl rösten, bis es haselnussbraun ist.',
  });
}

/** The server of the PostgreSQL tests: two workers, no AUTH_SECRET (the generated one in DATA_DIR is shared). */
let cluster: (ReturnType<typeof startServer> & { port: number; workers: number[]; dataDir: string }) | undefined;

async function startCluster() {
  const port = await freePort();
  const dataDir = await freshDataDir();
  const url = `http://127.0.0.1:${port}`;
  const server = startServer({ PORT: String(port), PUBLIC_URL: url, DATA_DIR: dataDir, DATABASE_URL: blog!.databaseUrl, WEB_CONCURRENCY: '2' });
  await server.printed('Worker-Prozesse bereit');
  return { ...server, port, dataDir, workers: childrenOf(server.pid) };
}

test.skipIf(!adminUrl)('WEB_CONCURRENCY=2 on PostgreSQL: two worker processes answer on one port', async () => {
  cluster = await startCluster();
  blog!.recipeId = await seed(blog!.databaseUrl);
  expect(cluster.workers).toHaveLength(2);
  expect(cluster.workers).not.toContain(cluster.pid);
  for (const pid of cluster.workers) {
    const answer = await requestOn(cluster, pid, 'GET', '/healthz');
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('ok');
  }
  // No AUTH_SECRET: the secret was generated into DATA_DIR at start-up (the next test
  // shows that both workers sign with it: a session from one is valid on the other).
  expect(readFileSync(path.join(cluster.dataDir, 'auth-secret'), 'utf8').trim().length).toBeGreaterThanOrEqual(32);
});

test.skipIf(!adminUrl)('a session started on one worker is valid on the other; a comment written through one is seen at once on the other’s cached page', async () => {
  const [a, b] = cluster!.workers as [number, number];
  const login = await requestOn(cluster!, a, 'POST', '/login', {
    headers: { origin: `http://127.0.0.1:${cluster!.port}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: 'ueli@example.ch', password: TEST_PASSWORD }).toString(),
  });
  const cookie = cookieOf(login);
  expect(cookie).toMatch(/chuchiblog\.session_token=/);
  const profileOnB = await requestOn(cluster!, b, 'GET', '/profile', { headers: { cookie } });
  expect(profileOnB.status).toBe(200);
  expect(profileOnB.text).toContain('Ueli Brunner');

  // B keeps the anonymous page in its own page cache (one per process).
  const detail = `/detail/${blog!.recipeId}`;
  await requestOn(cluster!, b, 'GET', detail);
  const cached = await requestOn(cluster!, b, 'GET', detail);
  expect(cached.headers['x-page-cache']).toBe('hit');
  expect(cached.text).not.toContain('Wie an der Fasnacht!');

  // Ueli's own recipe: a comment without stars (owners do not rate their own recipes).
  const comment = await requestOn(cluster!, a, 'POST', detail, {
    headers: { origin: `http://127.0.0.1:${cluster!.port}`, cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ intent: 'create-comment', nickname: 'Ueli', comment: 'Wie an der Fasnacht!' }).toString(),
  });
  expect(comment.status).toBe(303);
  // Before answering, A had B mark its pages stale, through the primary, and waited for it.
  const onB = await requestOn(cluster!, b, 'GET', detail);
  expect(onB.headers['x-page-cache']).toBe('miss');
  expect(onB.text).toContain('Wie an der Fasnacht!');
});

test.skipIf(!adminUrl)('a change’s scope travels between the workers: a comment leaves the other worker’s pictures in memory, a recipe’s deletion empties it', async () => {
  const [a, b] = cluster!.workers as [number, number];
  const origin = `http://127.0.0.1:${cluster!.port}`;
  // A second author's recipe with a picture: two renditions in DATA_DIR/uploads, the row, the recipe pointing at it.
  const recipeId = await seedAuthorWithRecipe(blog!.databaseUrl, { name: 'Vreni Zürcher', email: 'vreni@example.ch' }, {
    title: 'Zürcher Geschnetzeltes',
    lead: 'Mit Rösti.',
    duration: 40,
    category: 'Hauptgang',
    level: 'Einfach',
    quantity: 'für 4 Personen',
    ingredients: [{ name: 'Kalbfleisch', amount: '600 g' }],
    description: 'Fleisch scharf anbraten, Rahmsauce dazu.',
  });
  const imageId = randomUUID();
  const folder = path.join(cluster!.dataDir, 'uploads', 'images', imageId);
  mkdirSync(folder, { recursive: true });
  for (const width of [480, 960]) writeFileSync(path.join(folder, `${width}.avif`), randomBytes(3_000));
  const sql = postgres(blog!.databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await sql`insert into images (id, width, height, widths) values (${imageId}, 960, 640, ${[480, 960]})`;
    await sql`update recipes set image_id = ${imageId} where id = ${recipeId}`;
  } finally {
    await sql.end();
  }
  const pictureOnB = (width: number) => requestOn(cluster!, b, 'GET', `/images/${imageId}/${width}.avif`);
  for (const width of [480, 960]) expect((await pictureOnB(width)).status).toBe(200);
  // Both renditions' files taken away behind B's back (no signal): B still sends them, from memory.
  rmSync(folder, { recursive: true });
  expect((await pictureOnB(960)).status).toBe(200);

  // A comment through A is a change of pages: B marks its pages stale and keeps its pictures.
  const signIn = async (email: string) =>
    cookieOf(
      await requestOn(cluster!, a, 'POST', '/login', {
        headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email, password: TEST_PASSWORD }).toString(),
      }),
    );
  const ueli = await signIn('ueli@example.ch');
  const comment = await requestOn(cluster!, a, 'POST', `/detail/${recipeId}`, {
    headers: { origin, cookie: ueli, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ intent: 'create-comment', nickname: 'Ueli', comment: 'Wie bei der Grossmutter.', rating: '5' }).toString(),
  });
  expect(comment.status).toBe(303);
  expect((await requestOn(cluster!, b, 'GET', `/detail/${recipeId}`)).text).toContain('Wie bei der Grossmutter.');
  expect((await pictureOnB(960)).status).toBe(200);

  // Vreni deletes her recipe through A, and its picture with it: a change of everything, and B forgets the picture.
  const vreni = await signIn('vreni@example.ch');
  const deleted = await requestOn(cluster!, a, 'POST', `/detail/${recipeId}/delete`, {
    headers: { origin, cookie: vreni, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ intent: 'delete' }).toString(),
  });
  expect(deleted.status).toBe(200);
  for (const width of [480, 960]) expect((await pictureOnB(width)).status).toBe(404);
});

test.skipIf(!adminUrl)('a worker that hangs does not hold the other worker’s writes: they are answered after a bounded wait', async () => {
  const [a, b] = cluster!.workers as [number, number];
  const origin = `http://127.0.0.1:${cluster!.port}`;
  const login = await requestOn(cluster!, a, 'POST', '/login', {
    headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: 'ueli@example.ch', password: TEST_PASSWORD }).toString(),
  });
  const cookie = cookieOf(login);
  process.kill(b, 'SIGSTOP');
  try {
    const comment = await requestOn(cluster!, a, 'POST', `/detail/${blog!.recipeId}`, {
      headers: { origin, cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ intent: 'create-comment', nickname: 'Ueli', comment: 'Auch aufgewärmt gut.' }).toString(),
    });
    expect(comment.status).toBe(303);
    expect(cluster!.output()).toContain(`Worker ${slotOf(a)}: the other workers did not confirm a content change within 2 s`);
  } finally {
    process.kill(b, 'SIGCONT');
  }
});

test.skipIf(!adminUrl)('a worker that is killed is replaced by a new one, which serves', async () => {
  const [first, second] = cluster!.workers as [number, number];
  const before = cluster!.output().split('Chuchiblog läuft auf').length;
  process.kill(second, 'SIGKILL');
  await cluster!.printed(`Worker ${slotOf(second)} (PID ${second}) ended unexpectedly (SIGKILL); a new one starts in 0 s`);
  await cluster!.printed('Chuchiblog läuft auf', before); // one more start line: the replacement listens
  const now = childrenOf(cluster!.pid);
  expect(now).toHaveLength(2);
  expect(now).toContain(first);
  expect(now).not.toContain(second);
  expect(isAlive(second)).toBe(false);
  cluster!.workers = now;
  const replacement = now.find((pid) => pid !== first)!;
  const answer = await requestOn(cluster!, replacement, 'GET', `/detail/${blog!.recipeId}`);
  expect(answer.status).toBe(200);
  expect(answer.text).toContain('Wie an der Fasnacht!');
});

test.skipIf(!adminUrl)('SIGTERM: open requests finish, every worker stops, the primary exits 0 and leaves no process behind', async () => {
  const { port, workers } = cluster!;
  // A request under way when the signal arrives still gets its answer: the
  // worker has read the headers (100 Continue) and waits for the body until
  // it has said that it is stopping.
  const socket = await connectionTo(port, workers[0]!, workers);
  const body = new URLSearchParams({ email: 'niemand@example.ch', password: 'Falsches-Passwort-1' }).toString();
  const pending = httpRequest({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/login',
    createConnection: () => socket,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'content-length': Buffer.byteLength(body),
      expect: '100-continue',
      origin: `http://127.0.0.1:${port}`,
    },
  });
  const answered = once(pending, 'response') as Promise<[IncomingMessage]>;
  pending.flushHeaders();
  await once(pending, 'continue');
  cluster!.child.kill('SIGTERM');
  await cluster!.printed('SIGTERM received, stopping 2 worker processes');
  await cluster!.printed('SIGTERM received, finishing open requests', 2);
  pending.end(body);
  const [response] = await answered;
  expect(response.statusCode).toBe(401);
  expect((await response.toArray()).join('')).toContain('Benutzername oder Passwort falsch!');
  expect(await cluster!.exited).toBe(0);
  for (const pid of workers) expect(isAlive(pid)).toBe(false);
});

test.skipIf(!adminUrl)('a primary killed with SIGKILL leaves no worker behind: they end with it', async () => {
  const server = await startCluster();
  expect(server.workers).toHaveLength(2);
  server.child.kill('SIGKILL');
  await server.exited;
  // Each worker hears its channel to the primary close and exits (node:cluster); waited for, not timed.
  for (let i = 0; i < 600 && server.workers.some(isAlive); i++) await new Promise((r) => setTimeout(r, 50));
  for (const pid of server.workers) expect(isAlive(pid)).toBe(false);
});

test.skipIf(!adminUrl)('a bad configuration is reported once, by the first worker, and the primary exits 1', async () => {
  const server = startServer({
    PORT: String(await freePort()),
    DATA_DIR: await freshDataDir(),
    DATABASE_URL: blog!.databaseUrl,
    WEB_CONCURRENCY: '2',
    SMTP_URL: 'ftp://example.ch',
  });
  expect(await server.exited).toBe(1);
  expect(server.output().trim().split('\n')).toEqual(['Invalid configuration: SMTP_URL must be a URL starting with smtp:// or smtps://']);
});

test('on the embedded database WEB_CONCURRENCY=2 is refused with one line', async () => {
  const server = startServer({ PORT: String(await freePort()), DATA_DIR: await freshDataDir(), DATABASE_URL: '', WEB_CONCURRENCY: '2' });
  expect(await server.exited).toBe(1);
  expect(server.output().trim().split('\n')).toEqual([
    'Invalid configuration: WEB_CONCURRENCY must be 1 without DATABASE_URL: the embedded database is one process per DATA_DIR; set DATABASE_URL (PostgreSQL) to run several worker processes',
  ]);
});

test('on the embedded database WEB_CONCURRENCY=auto is one process', async () => {
  const port = await freePort();
  const dataDir = await freshDataDir();
  const server = startServer({ PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', WEB_CONCURRENCY: 'auto' });
  await server.printed('Chuchiblog läuft auf');
  expect(server.output()).not.toContain('Worker');
  expect(childrenOf(server.pid)).toEqual([]);
  expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
  // The one process holds the data directory's lock itself.
  expect(readFileSync(path.join(dataDir, 'chuchiblog.lock'), 'utf8')).toBe(String(server.pid));
  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);
  expect(existsSync(path.join(dataDir, 'chuchiblog.lock'))).toBe(false);
});
