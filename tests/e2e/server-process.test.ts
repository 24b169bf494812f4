// The real `node server.js` process: configuration errors, the data
// directory lock (held by the operating system, so neither a stale lock file
// nor a killed server blocks the next start), a graceful stop on SIGTERM, and what a start loads.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { DataDirLockedError, lockDataDir } from '../../app/lib/data-dir-lock.server.ts';
import { copyMigratedDatabase } from '../support/migrated-database.ts';

// Some tests start two servers, each waited for up to a minute (waitForHealth).
vi.setConfig({ testTimeout: 150_000 });

const root = path.resolve(import.meta.dirname, '../..');
let dataDir: string;
const running: ChildProcess[] = [];
const dataDirs: string[] = [];

async function freshDataDir() {
  const dir = await mkdtemp(path.join(tmpdir(), 'chuchiblog-proc-'));
  dataDirs.push(dir);
  return dir;
}

beforeAll(async () => {
  dataDir = await freshDataDir();
});

afterAll(async () => {
  for (const child of running) child.kill('SIGKILL');
  for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
});

async function freePort() {
  return new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts `node server.js`. With `unreapedParent` the server runs under a shell
 * that then becomes `sleep` and never waits for its children (as under a
 * container's PID 1 that is no init): a killed server stays a zombie, its PID
 * taken. The server's PID is printed first as `pid:<n>`.
 */
function startServer(env: Record<string, string>, { unreapedParent = false } = {}) {
  const child = spawn(
    unreapedParent ? '/bin/sh' : process.execPath,
    unreapedParent ? ['-c', '"$0" server.js & echo "pid:$!"; exec sleep 600', process.execPath] : ['server.js'],
    {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env },
    },
  );
  running.push(child);
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  /** Resolves once the process has printed `text`. */
  const printed = (text: string) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (!output.includes(text)) return;
        child.stdout!.off('data', check);
        resolve();
      };
      child.stdout!.on('data', check);
      check();
    });
  return { child, exited, output: () => output, printed };
}

/** Waits until `url` answers /healthz; fails at once, with its output, if `server` exits first. */
async function waitForHealth(url: string, server?: ReturnType<typeof startServer>) {
  let exited = false;
  void server?.exited.then(() => (exited = true));
  // A first start on a fresh directory makes its database (from the build's image) and migrates it:
  // about 4 s on an idle machine here, several times that beside other e2e files and a type check.
  for (let i = 0; i < 600; i++) {
    if (exited) throw new Error(`server exited before it came up: ${server!.output()}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not come up within 60 s: ${server?.output() ?? ''}`);
}

test('a bad configuration value stops start-up with one clear line', async () => {
  const server = startServer({ PORT: 'achtzig', SMTP_URL: 'ftp://example.ch' });
  expect(await server.exited).toBe(1);
  const lines = server.output().trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^Invalid configuration: PORT .+; SMTP_URL must be a URL starting with smtp:\/\/ or smtps:\/\/$/);
});

test('a second process on the same DATA_DIR is refused; SIGTERM finishes requests and closes cleanly', async () => {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const first = startServer({ PORT: String(port), PUBLIC_URL: url });
  await waitForHealth(url, first);
  expect(readFileSync(path.join(dataDir, 'chuchiblog.lock'), 'utf8')).toBe(String(first.child.pid));
  // On Linux the server replaced itself once (same PID) to run with two malloc arenas, V8's
  // young generation capped and its old generation growing by at most twice (server.js).
  if (process.platform === 'linux' && !process.env.MALLOC_ARENA_MAX) {
    expect(readFileSync(`/proc/${first.child.pid}/environ`, 'utf8').split('\0')).toContain('MALLOC_ARENA_MAX=2');
  }
  if (process.platform === 'linux') {
    const commandLine = readFileSync(`/proc/${first.child.pid}/cmdline`, 'utf8').split('\0');
    if (!/max[-_]semi[-_]space[-_]size/.test(process.env.NODE_OPTIONS ?? '')) expect(commandLine).toContain('--max-semi-space-size=16');
    if (!/heap[-_]growing[-_]percent/.test(process.env.NODE_OPTIONS ?? '')) expect(commandLine).toContain('--heap-growing-percent=100');
  }

  const second = startServer({ PORT: String(await freePort()) });
  expect(await second.exited).toBe(1);
  expect(second.output().trim()).toBe(
    `DATA_DIR ${dataDir} is in use by another Chuchiblog process (PID ${first.child.pid}); stop it first or use another DATA_DIR.`,
  );

  // A request under way when the signal arrives still gets its answer. Not left
  // to timing: the server has read the headers (100 Continue) and waits for the
  // body until the signal has arrived.
  const body = new URLSearchParams({ email: 'niemand@example.ch', password: 'Falsches-Passwort-1' }).toString();
  const pending = httpRequest(`${url}/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'content-length': Buffer.byteLength(body),
      expect: '100-continue',
      origin: url,
    },
  });
  const answered = once(pending, 'response') as Promise<[IncomingMessage]>;
  await once(pending, 'continue');
  first.child.kill('SIGTERM');
  await first.printed('SIGTERM received');
  pending.end(body);
  const [response] = await answered;
  expect(response.statusCode).toBe(401);
  expect((await response.toArray()).join('')).toContain('Benutzername oder Passwort falsch!');
  expect(await first.exited).toBe(0);
  expect(existsSync(path.join(dataDir, 'chuchiblog.lock'))).toBe(false);

  // The database was closed cleanly: the same directory opens again.
  const again = startServer({ PORT: String(port) });
  await waitForHealth(url, again);
  again.child.kill('SIGINT');
  expect(await again.exited).toBe(0);
});

async function stopGracefully(server: ReturnType<typeof startServer>) {
  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);
}

test('a lock file left with a PID in it does not block the start', async () => {
  // The reproduction of the old PID lock's failure: PID 1 is always alive.
  const dir = await freshDataDir();
  writeFileSync(path.join(dir, 'chuchiblog.lock'), '1');
  const port = await freePort();
  const server = startServer({ PORT: String(port), DATA_DIR: dir });
  await waitForHealth(`http://127.0.0.1:${port}`, server);
  expect(readFileSync(path.join(dir, 'chuchiblog.lock'), 'utf8')).toBe(String(server.child.pid));
  await stopGracefully(server);
});

/** PostgreSQL's system identifier of a database: chosen at random by each initdb, kept by a copy. */
async function systemIdentifier(database: { dataDir: string } | { image: string }) {
  const pglite = await PGlite.create('dataDir' in database ? { dataDir: database.dataDir } : { loadDataDir: new Blob([readFileSync(database.image)]) });
  try {
    const { rows } = await pglite.query<{ id: string }>('select system_identifier::text as id from pg_control_system()');
    return rows[0]!.id;
  } finally {
    await pglite.close();
  }
}

test("a first start makes its database from the build's image; the folder a killed first start was making is made anew", async () => {
  const dir = await freshDataDir();
  // What a first start killed while it made the database leaves behind: the folder it was making.
  mkdirSync(path.join(dir, 'db.new'));
  writeFileSync(path.join(dir, 'db.new', 'PG_VERSION'), '17\n');
  const port = await freePort();
  const server = startServer({ PORT: String(port), DATA_DIR: dir });
  await waitForHealth(`http://127.0.0.1:${port}`, server);
  expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200);
  await stopGracefully(server);

  expect(readdirSync(dir).filter((name) => name.startsWith('db')).sort()).toEqual(['db']);
  // Unpacked, not made by an initdb of its own.
  expect(await systemIdentifier({ dataDir: path.join(dir, 'db') })).toBe(await systemIdentifier({ image: path.join(root, 'build/new-database.tar.gz') }));
});

test('after a server is killed with SIGKILL (and left unreaped) the next one starts on the same DATA_DIR', async () => {
  const dir = await freshDataDir();
  const port = await freePort();
  const killed = startServer({ PORT: String(port), DATA_DIR: dir }, { unreapedParent: true });
  await killed.printed('pid:');
  const pid = Number(/pid:(\d+)/.exec(killed.output())![1]);
  await waitForHealth(`http://127.0.0.1:${port}`, killed);
  process.kill(pid, 'SIGKILL');
  // Dead, but not reaped by its parent: a zombie whose PID still answers
  // kill(pid, 0), which the old PID lock took for a running server.
  for (let i = 0; i < 100 && execFileSync('ps', ['-o', 'stat=', '-p', String(pid)]).toString().trim()[0] !== 'Z'; i++) {
    await new Promise((r) => setTimeout(r, 50));
  }
  expect(execFileSync('ps', ['-o', 'stat=', '-p', String(pid)]).toString().trim()[0]).toBe('Z');
  expect(readFileSync(path.join(dir, 'chuchiblog.lock'), 'utf8')).toBe(String(pid));

  const nextPort = await freePort();
  const next = startServer({ PORT: String(nextPort), DATA_DIR: dir });
  await waitForHealth(`http://127.0.0.1:${nextPort}`, next);
  expect(readFileSync(path.join(dir, 'chuchiblog.lock'), 'utf8')).toBe(String(next.child.pid));
  await stopGracefully(next);
  killed.child.kill('SIGKILL'); // the never-reaping parent; its zombie goes with it
});

test('while the imprint shows the placeholder owner, start-up warns once in the log; with SITE_* set it does not', async () => {
  const warningsOf = (output: string) =>
    output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { level: string; event: string; settings?: string[] })
      .filter((entry) => entry.level === 'warn');

  const port = await freePort();
  const placeholder = startServer({ PORT: String(port), DATA_DIR: await freshDataDir(), LOG_LEVEL: 'warn', LOG_FORMAT: 'json' });
  await waitForHealth(`http://127.0.0.1:${port}`, placeholder);
  expect(warningsOf(placeholder.output())).toEqual([
    expect.objectContaining({ event: 'imprint shows placeholders', settings: ['SITE_OWNER', 'SITE_ADDRESS', 'SITE_EMAIL'] }),
  ]);
  await stopGracefully(placeholder);

  const ownPort = await freePort();
  const own = startServer({
    PORT: String(ownPort),
    DATA_DIR: await freshDataDir(),
    LOG_LEVEL: 'warn',
    LOG_FORMAT: 'json',
    SITE_OWNER: 'Vreni Baumann',
    SITE_ADDRESS: 'Dorfstrasse 5, 3000 Bern',
    SITE_EMAIL: 'vreni@example.ch',
    SITE_JURISDICTION: 'Bern',
  });
  await waitForHealth(`http://127.0.0.1:${ownPort}`, own);
  expect(warningsOf(own.output())).toEqual([]);
  // React marks where text and a value meet with <!-- -->; the reader sees neither.
  const imprint = (await (await fetch(`http://127.0.0.1:${ownPort}/imprint`)).text()).replaceAll('<!-- -->', '');
  expect(imprint).toContain('Vreni Baumann');
  expect(imprint).toContain('Gerichtsstand ist Bern, Schweiz.');
  await stopGracefully(own);
});

test('a start and a few pages load no module for pictures, mail or S3 (sharp, nodemailer, the S3 SDK)', async () => {
  const dir = await freshDataDir();
  await copyMigratedDatabase(path.join(dir, 'db'));
  const report = path.join(dir, 'loaded-modules.json');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = startServer({
    PORT: String(port),
    DATA_DIR: dir,
    NODE_OPTIONS: `--import=${path.join(root, 'tests/support/report-loaded-modules.ts')}`,
    LOADED_MODULES_REPORT: report,
  });
  await waitForHealth(url, server);
  // A page, and a picture asked of the storage (none there).
  expect((await fetch(`${url}/`)).status).toBe(200);
  expect((await fetch(`${url}/images/00000000-0000-4000-8000-000000000000/480.avif`)).status).toBe(404);
  await stopGracefully(server);
  const loaded = JSON.parse(readFileSync(report, 'utf8')) as string[];
  expect(loaded, 'the report lists the server\'s packages and its build').toEqual(
    expect.arrayContaining([expect.stringContaining('/node_modules/express/'), expect.stringContaining('/build/server/index.js')]),
  );
  expect(loaded.filter((file) => /\/@aws-sdk\/|\/sharp\/|\/@img\/|\/nodemailer\//.test(file))).toEqual([]);
  // The server build bundles nodemailer (vite.config.ts), each module of it after a comment naming its file.
  const withMailer = loaded.filter((file) => file.includes('/build/server/') && readFileSync(fileURLToPath(file), 'utf8').includes('// node_modules/nodemailer/'));
  expect(withMailer).toEqual([]);
});

test('within one process a second lock on the same directory is refused too', async () => {
  const dir = await freshDataDir();
  const unlock = lockDataDir(dir);
  expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
  // The refused attempt did not release the lock: another process is still kept out.
  const other = startServer({ PORT: String(await freePort()), DATA_DIR: dir });
  expect(await other.exited).toBe(1);
  expect(other.output()).toContain('is in use by another Chuchiblog process');
  unlock();
  expect(existsSync(path.join(dir, 'chuchiblog.lock'))).toBe(false);
  lockDataDir(dir)();
});
