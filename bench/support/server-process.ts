// The real production server as its own process, for benchmarks that load
// it from outside (its memory and CPU are its own, as in production), and a
// blog prepared before it starts.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { accounts, users } from '../../app/db/schema/auth.ts';
import { recipes } from '../../app/db/schema/recipes.ts';
import { hashPassword } from '../../app/lib/password-hash.server.ts';
import { openScriptDatabase } from '../../scripts/open-database.ts';

const root = path.resolve(import.meta.dirname, '../..');
export const BENCH_PASSWORD = 'Bench-Passwort-2024';

export async function freePort() {
  return new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = (server.address() as AddressInfo);
      server.close(() => resolve(port));
    });
  });
}

/** A fresh DATA_DIR with `userCount` verified users (one shared password) and one recipe by the first. */
export async function prepareBlog(userCount: number) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'chuchiblog-bench-'));
  process.env.DATA_DIR = dataDir;
  process.env.LOG_LEVEL = 'silent';
  const { connection, close } = await openScriptDatabase();
  const hash = await hashPassword(BENCH_PASSWORD);
  const emails: string[] = [];
  const ids: string[] = [];
  for (let i = 0; i < userCount; i++) {
    const id = randomUUID();
    const email = `leserin-${i}@example.ch`;
    await connection.db.insert(users).values({ id, name: `Leserin ${i}`, email, emailVerified: true });
    await connection.db.insert(accounts).values({ id: randomUUID(), accountId: id, providerId: 'credential', userId: id, password: hash });
    emails.push(email);
    ids.push(id);
  }
  const [recipe] = await connection.db
    .insert(recipes)
    .values({
      userId: ids[0]!,
      userEmail: emails[0]!,
      author: 'Leserin 0',
      title: 'Zürcher Geschnetzeltes',
      lead: 'Mit Rösti, wie es sich gehört.',
      duration: 40,
      category: 'Hauptgang',
      level: 'Mittel',
      tags: ['Salzig'],
      quantity: 'für 4 Personen',
      ingredients: [{ name: 'Kalbfleisch', amount: '600 g' }],
      description: 'Fleisch anbraten.\n\nMit Rahm ablöschen.',
    })
    .returning({ id: recipes.id });
  await close();
  return { dataDir, emails, recipeId: recipe!.id, remove: () => rm(dataDir, { recursive: true, force: true }) };
}

export type ServerProcess = { url: string; pid: number; startUpJobsDone: () => Promise<void>; stop: () => Promise<void> };

/**
 * The server's start-up work a minute after start (the first backup of a fresh DATA_DIR, VACUUM,
 * the sweeps; server-side, scheduleHourly and scheduleBackups) is done by then. On the embedded
 * database it used to hold the server's one thread for a few seconds, which fell into whichever
 * target was measured then (a p99 of 170-390 ms in a row of 10 ms otherwise); it runs in small
 * steps now (bench/RESULTS.md, "The embedded database's chores in small steps"), but the backup's
 * compression still takes a core for a second or two.
 */
const START_UP_JOBS_DONE_MS = 70_000;

/**
 * `node server.js` on a free loopback port; resolves once /healthz answers
 * and, with `WEB_CONCURRENCY` above 1 in `env`, once every worker is up.
 * BENCH_SERVER_FLAGS adds Node flags to the server only, e.g.
 * `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it under the load.
 */
export async function startServer(dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const flags = process.env.BENCH_SERVER_FLAGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...flags, 'server.js'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: url, LOG_LEVEL: 'silent', ...env },
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const workers = Number(env.WEB_CONCURRENCY ?? 1);
  for (let i = 0; ; i++) {
    const healthy = await fetch(`${url}/healthz`).then((r) => r.ok, () => false);
    if (healthy && (workers <= 1 || output.includes('Worker-Prozesse bereit'))) break;
    if (i > 600) throw new Error(`the server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const readyAt = Date.now();
  return {
    url,
    pid: child.pid!,
    /** Resolves once the start-up work is done: benchmarks of the steady state wait for it. */
    startUpJobsDone: () => new Promise((r) => setTimeout(r, Math.max(0, readyAt + START_UP_JOBS_DONE_MS - Date.now()))),
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Signs in through the login form; returns the Cookie header. */
export async function signIn(url: string, email: string, password = BENCH_PASSWORD) {
  const response = await fetch(`${url}/login`, {
    method: 'POST',
    headers: { origin: url },
    body: new URLSearchParams({ email, password }),
    redirect: 'manual',
  });
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (!cookie) throw new Error(`sign-in of ${email} failed: ${response.status}`);
  return cookie;
}
