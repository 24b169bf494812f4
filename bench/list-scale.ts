// Lists that scale: the category page with 100 and with 10,000 recipes, each
// a full render (signed in: the anonymous page cache would answer from memory
// and hide what the queries cost), measured with wrk (64 connections) against
// the production server as its own process on PGlite (the default storage),
// with its resident memory from /proc. Then the plans: EXPLAIN ANALYZE of the
// category page's two statements at 10,000 recipes on PGlite and on a real
// PostgreSQL started for the purpose (the tests' postgres lane does the same).
// Targets (issue 9): p50 at 10,000 at most 1.3× the p50 at 100; the server
// under that load at most 400 MB.
// Run: npm run build && node bench/list-scale.ts   (BENCH_SECONDS=n, default 10)
import { execFileSync, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { openDatabase, setDatabase, type DatabaseConnection } from '../app/db/client.server.ts';
import { migrate } from '../app/db/migrate.server.ts';
import { accounts, users } from '../app/db/schema/auth.ts';
import { storeImage } from '../app/features/images/image-mutations.server.ts';
import { listFilters, pageCountQuery, pageRowsQuery } from '../app/features/recipes/recipe-queries.server.ts';
import { vacuumAnalyze } from '../app/lib/db-maintenance.server.ts';
import { hashPassword } from '../app/lib/password-hash.server.ts';
import { openScriptDatabase } from '../scripts/open-database.ts';
import { insertBulkRecipes } from '../scripts/seed/bulk-recipes.ts';
import { renderDemoImage } from '../scripts/seed/demo-image.ts';
import { demoRecipes } from '../scripts/seed/demo-recipes.ts';
import { findPgBin, startPostgres } from '../tests/support/postgres-server.ts';
import { BENCH_PASSWORD, signIn, startServer } from './support/server-process.ts';

const DURATION = process.env.BENCH_SECONDS ?? '10';
const CONNECTIONS = 64;
const TARGET_RATIO = 1.3;
const TARGET_RSS_MB = 400;
const CATEGORY = 'Hauptgang'; // the page with a side column (Vegetarisch, within the category)
const PATH = '/hauptgang';

if (spawnSync('sh', ['-c', 'command -v wrk']).status !== 0) {
  console.error('wrk is missing: apt-get install wrk');
  process.exit(1);
}

type Result = { rps: number; p50: number; p99: number };

/** wrk's requests per second and latency percentiles (in ms). */
function wrk(url: string, headers: Record<string, string>): Result {
  const args = ['-t2', `-c${CONNECTIONS}`, `-d${DURATION}s`, '--timeout', '30s', '--latency', ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]), url];
  const out = spawnSync('wrk', args, { encoding: 'utf8' }).stdout;
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  if (!rps || /Non-2xx or 3xx responses/.test(out)) throw new Error(`wrk ${url} failed:\n${out}`);
  const ms = (p: number) => {
    const [, value, unit] = new RegExp(`Latency Distribution[\\s\\S]*?\\n\\s+${p}%\\s+([\\d.]+)(us|ms|s)`).exec(out)!;
    return Number(value) * { us: 0.001, ms: 1, s: 1000 }[unit as 'us' | 'ms' | 's'];
  };
  return { rps, p50: ms(50), p99: ms(99) };
}

/** VmRSS and VmHWM in MB (10^6 bytes, as the target says), from /proc. */
function memory(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: (kb('VmRSS') * 1024) / 1e6, hwm: (kb('VmHWM') * 1024) / 1e6 };
}

const fmt = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(1)} ms`);
const check = (met: boolean) => (met ? 'met' : 'MISSED');

const owner = { id: randomUUID(), name: 'Massen Bäckerin', email: 'massen@example.ch' };

/** A blog in a fresh DATA_DIR: one user (who signs in), four pictures for the cards, `count` recipes. */
async function prepare() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'chuchiblog-bench-lists-'));
  process.env.DATA_DIR = dataDir;
  process.env.LOG_LEVEL = 'silent';
  const { connection, close } = await openScriptDatabase();
  await connection.db.insert(users).values({ ...owner, emailVerified: true });
  await connection.db
    .insert(accounts)
    .values({ id: randomUUID(), accountId: owner.id, providerId: 'credential', userId: owner.id, password: await hashPassword(BENCH_PASSWORD) });
  const imageIds: string[] = [];
  for (const [i, demo] of demoRecipes.slice(0, 4).entries()) {
    imageIds.push((await storeImage(await renderDemoImage(demo.image, i + 1), owner.id)).id);
  }
  await close();
  return { dataDir, imageIds };
}

/** Adds recipes to the blog in DATA_DIR (the server must be stopped: PGlite is one process). */
async function addRecipes(count: number, offset: number, imageIds: string[]) {
  const { connection, close } = await openScriptDatabase();
  const started = performance.now();
  await insertBulkRecipes(connection.db, { count, offset, owner, imageIds });
  const ms = performance.now() - started;
  // What the server does a minute after start and then hourly on PGlite (lib/db-maintenance.server.ts):
  // measured as a blog that has run for a while, not the first minute after a bulk import.
  await vacuumAnalyze(connection);
  await close();
  return ms;
}

/** The category page under load, signed in (a full render every time), and the server's memory meanwhile. */
async function measure(dataDir: string, recipes: number) {
  const server = await startServer(dataDir);
  try {
    const cookie = await signIn(server.url, owner.email);
    const headers = { Cookie: cookie, 'Accept-Encoding': 'gzip' };
    // Warm-up: the first renders load code and fill PGlite's buffers.
    for (let i = 0; i < 20; i++) await (await fetch(`${server.url}${PATH}`, { headers })).text();
    const page = await (await fetch(`${server.url}${PATH}`, { headers })).text();
    const cards = (page.match(/<article/g) ?? []).length;
    // One request at a time: what one render costs, without wrk's queue in front of it.
    const alone: number[] = [];
    for (let i = 0; i < 40; i++) {
      const sent = performance.now();
      await (await fetch(`${server.url}${PATH}`, { headers })).text();
      alone.push(performance.now() - sent);
    }
    alone.sort((a, b) => a - b);
    const aloneP50 = alone[Math.floor(alone.length / 2)]!;
    const before = memory(server.pid);
    let hwmReset = true;
    try {
      writeFileSync(`/proc/${server.pid}/clear_refs`, '5'); // VmHWM from here on: the load only
    } catch {
      hwmReset = false;
    }
    let peak = before.rss;
    const sampler = setInterval(() => {
      try {
        peak = Math.max(peak, memory(server.pid).rss);
      } catch {
        // the process is gone; wrk will say so
      }
    }, 50);
    const result = wrk(`${server.url}${PATH}`, headers);
    clearInterval(sampler);
    // wrk has gone, but requests it left queued still run: one more, queued behind them, before the
    // stop. (Twice if need be: the first may go out on a kept-alive socket the server has closed.)
    await fetch(`${server.url}${PATH}`, { headers })
      .catch(() => fetch(`${server.url}${PATH}`, { headers }))
      .then((response) => response.text());
    const after = memory(server.pid);
    peak = Math.max(peak, after.rss, hwmReset ? after.hwm : 0);
    return { recipes, cards, html: page.length, aloneP50, ...result, rssBefore: before.rss, rssPeak: peak, startupHwm: before.hwm };
  } finally {
    await server.stop();
  }
}

/** EXPLAIN (ANALYZE, BUFFERS) of a statement, as text. */
async function explain(connection: DatabaseConnection, query: SQL) {
  const result = await connection.db.execute(sql`explain (analyze, buffers) ${query}`);
  // postgres-js answers an array of rows, PGlite an object with `rows`.
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{ 'QUERY PLAN': string }>;
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

/** The category page's statements (first page and page 100, and the count), explained on the database `connection` holds. */
async function explainCategory(connection: DatabaseConnection) {
  setDatabase(connection); // the query builders use the app's connection
  const where = listFilters.category(CATEGORY);
  const out = [
    `-- page 1:\n${await explain(connection, pageRowsQuery(where, 1).getSQL())}`,
    `-- page 100:\n${await explain(connection, pageRowsQuery(where, 100).getSQL())}`,
    `-- the count for the page links:\n${await explain(connection, pageCountQuery(where).getSQL())}`,
  ].join('\n');
  setDatabase(undefined);
  return out;
}

const { dataDir, imageIds } = await prepare();
try {
  console.log(`list scale: ${PATH} signed in (full render, no page cache), wrk ${CONNECTIONS} connections, ${DURATION} s each; PGlite; node ${process.version}`);
  await addRecipes(100, 0, imageIds);
  const small = await measure(dataDir, 100);
  const insertMs = await addRecipes(9_900, 100, imageIds);
  console.log(`9,900 more recipes inserted in ${Math.round(insertMs)} ms`);
  const large = await measure(dataDir, 10_000);

  console.table(
    [small, large].map((r) => ({
      recipes: r.recipes,
      'cards on the page': r.cards,
      'HTML KB': Math.round(r.html / 1024),
      'one at a time p50': fmt(r.aloneP50),
      'req/s': Math.round(r.rps),
      p50: fmt(r.p50),
      p99: fmt(r.p99),
      'RSS before MB': Math.round(r.rssBefore),
      'RSS peak under load MB': Math.round(r.rssPeak),
    })),
  );
  const ratio = large.p50 / small.p50;
  console.log(`target p50 at 10,000 ≤ ${TARGET_RATIO}× p50 at 100: ${check(ratio <= TARGET_RATIO)} (${ratio.toFixed(2)}×; req/s ${(large.rps / small.rps).toFixed(2)}×; one request at a time ${(large.aloneP50 / small.aloneP50).toFixed(2)}×)`);
  console.log(`target server RSS under load at 10,000 ≤ ${TARGET_RSS_MB} MB: ${check(large.rssPeak <= TARGET_RSS_MB)} (${Math.round(large.rssPeak)} MB; start-up peaked at ${Math.round(large.startupHwm)} MB before the load)`);

  // The plans at 10,000 recipes, on PGlite as the server left it (after the app's VACUUM (ANALYZE), see addRecipes).
  const { connection, close } = await openScriptDatabase();
  console.log(`\nPGlite, ${PATH} at 10,000 recipes:\n${await explainCategory(connection)}`);
  await close();
} finally {
  await rm(dataDir, { recursive: true, force: true });
}

// PostgreSQL: the same 10,000 recipes, after VACUUM ANALYZE (what autovacuum does after such an insert).
const pgBin = findPgBin();
const postgresServer = pgBin ? await startPostgres(pgBin) : undefined;
if (!pgBin || !postgresServer) {
  console.log('PostgreSQL server binary not found: the PostgreSQL EXPLAIN is skipped.');
} else {
  try {
    const connection = await openDatabase({ engine: 'postgres', url: postgresServer.url });
    try {
      await migrate(connection);
      await connection.db.insert(users).values({ ...owner, emailVerified: true });
      await connection.db
        .insert(accounts)
        .values({ id: randomUUID(), accountId: owner.id, providerId: 'credential', userId: owner.id, password: await hashPassword(BENCH_PASSWORD) });
      await insertBulkRecipes(connection.db, { count: 10_000, owner });
      await vacuumAnalyze(connection); // autovacuum's work, done now
      // Seen on PostgreSQL 15 here: the first pass after the bulk insert left the visibility map
      // empty (pg_class.relallvisible 0 of 667 pages), so counts and deep pages read the table;
      // the next pass, as autovacuum would make it, sets it (658 of 667).
      await connection.db.execute(sql`vacuum`);
      console.log(`\n${execFileSync(path.join(pgBin, 'postgres'), ['--version'], { encoding: 'utf8' }).trim()}, ${PATH} at 10,000 recipes (after VACUUM ANALYZE):\n${await explainCategory(connection)}`);
    } finally {
      await connection.close();
    }
    // The same load on the server with DATABASE_URL (the production recommendation): no WebAssembly database in its memory.
    const pgDataDir = await mkdtemp(path.join(tmpdir(), 'chuchiblog-bench-lists-pg-'));
    process.env.DATABASE_URL = postgresServer.url;
    try {
      const onPostgres = await measure(pgDataDir, 10_000);
      console.log(
        `\nthe server on PostgreSQL, ${PATH} at 10,000 recipes, signed in: one at a time p50 ${fmt(onPostgres.aloneP50)}; ${Math.round(onPostgres.rps)} req/s, p50 ${fmt(onPostgres.p50)}, p99 ${fmt(onPostgres.p99)}; ` +
          `RSS ${Math.round(onPostgres.rssBefore)} MB before, peak ${Math.round(onPostgres.rssPeak)} MB under load (target ≤ ${TARGET_RSS_MB} MB: ${check(onPostgres.rssPeak <= TARGET_RSS_MB)})`,
      );
    } finally {
      delete process.env.DATABASE_URL;
      await rm(pgDataDir, { recursive: true, force: true });
    }
  } finally {
    await postgresServer.stop();
  }
}
