// The real `node server.js` process: configuration errors, the data
// directory lock, and a graceful stop on SIGTERM.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
let dataDir: string;
const running: ChildProcess[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'chuchiblog-proc-'));
});

afterAll(async () => {
  for (const child of running) child.kill('SIGKILL');
  await rm(dataDir, { recursive: true, force: true });
});

async function freePort() {
  return new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['server.js'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env },
  });
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

async function waitForHealth(url: string) {
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not come up');
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
  const first = startServer({ PORT: String(port) });
  await waitForHealth(url);
  expect(existsSync(path.join(dataDir, 'chuchiblog.lock'))).toBe(true);

  const second = startServer({ PORT: String(await freePort()) });
  expect(await second.exited).toBe(1);
  expect(second.output()).toContain('is in use by another Chuchiblog process');

  // A request under way when the signal arrives still gets its answer. Not left
  // to timing: the server has read the headers (100 Continue) and waits for the
  // body until the signal has arrived.
  const body = new URLSearchParams({ email: 'niemand@example.ch', password: 'Falsches-Passwort-1' }).toString();
  const pending = httpRequest(`${url}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body), expect: '100-continue' },
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
  await waitForHealth(url);
  again.child.kill('SIGINT');
  expect(await again.exited).toBe(0);
});
