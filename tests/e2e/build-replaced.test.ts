// An update builds over the running server's files before the server restarts
// (`git pull && npm run build`, then a restart). The server must not need a
// file of its build after it started: a chunk first asked for then would be
// gone or another one, and every page that needs it would fail. Here: a copy
// of the app, started, its server chunks deleted, then a signed-in recipe page,
// which renders the comment form, a part the server loads on demand.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { accounts } from '../../app/db/schema/auth.ts';
import { openScriptDatabase } from '../../scripts/open-database.ts';
import { createRecipe, createUser } from '../support/factories.ts';
import { sessionCookie, testPasswordHash } from '../support/accounts.ts';
import { copyFolder } from '../support/copy-folder.ts';

const root = path.resolve(import.meta.dirname, '../..');
let appDir: string;
let dataDir: string;
let recipeId: string;
let server: ReturnType<typeof spawn> | undefined;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'chuchiblog-rebuilt-data-'));
  appDir = await mkdtemp(path.join(tmpdir(), 'chuchiblog-rebuilt-app-'));
  // openScriptDatabase reads the configuration of this process: the embedded database in dataDir.
  process.env.DATA_DIR = dataDir;
  delete process.env.DATABASE_URL;
  const { connection, close } = await openScriptDatabase();
  try {
    const user = await createUser({ name: 'Urs Update', email: 'urs@example.ch', emailVerified: true });
    await connection.db.insert(accounts).values({ id: randomUUID(), accountId: user.id, providerId: 'credential', userId: user.id, password: await testPasswordHash() });
    recipeId = (await createRecipe(user, { title: 'Nach dem Update' })).id;
  } finally {
    await close();
  }
  for (const entry of ['server.js', 'package.json', 'server', 'build', 'drizzle']) await copyFolder(path.join(root, entry), path.join(appDir, entry));
  await symlink(path.join(root, 'node_modules'), path.join(appDir, 'node_modules'));
});

afterAll(async () => {
  if (server && server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
  await rm(dataDir, { recursive: true, force: true });
  await rm(appDir, { recursive: true, force: true });
});

async function freePort() {
  return new Promise<number>((resolve) => {
    const listener = createServer().listen(0, '127.0.0.1', () => {
      const { port } = listener.address() as AddressInfo;
      listener.close(() => resolve(port));
    });
  });
}

test('a build replaced under the running server: a signed-in recipe page still renders its comment form', { timeout: 120_000 }, async () => {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: url, LOG_LEVEL: 'silent' };
  delete env.DATABASE_URL;
  server = spawn(process.execPath, ['server.js'], { cwd: appDir, env });
  let output = '';
  server.stdout!.on('data', (d) => (output += d));
  server.stderr!.on('data', (d) => (output += d));
  for (let i = 0; ; i++) {
    if (server.exitCode !== null) throw new Error(`The server did not start: ${output}`);
    if (i === 1200) throw new Error(`The server did not answer /healthz within 60 s: ${output}`);
    const healthy = await fetch(`${url}/healthz`).then((response) => response.ok, () => false);
    if (healthy) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  // The update's build: the running server's chunks are gone (a new build names its own).
  await rm(path.join(appDir, 'build/server/assets'), { recursive: true });

  const cookie = await sessionCookie(url, 'urs@example.ch');
  const page = await fetch(`${url}/detail/${recipeId}`, { headers: { cookie } });
  const html = await page.text();
  expect(page.status, output).toBe(200);
  expect(html).toContain('Dein Kommentar zum Rezept');
});
