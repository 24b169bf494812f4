// The real `node server.js` on embedded PGlite, killed with SIGKILL in the
// middle of bursts of comment and recipe writes, again and again. After every
// kill the server must start on the directory as the kill left it (no lock
// to remove, no repair), and the database must hold every write the server
// acknowledged, with each recipe's rating_sum/rating_count exactly the sum and
// count of its comments.
//
// Each round: write, kill, copy the database directory as the kill left it,
// then start the server on the directory (its own crash recovery) while the
// copy is opened with the project's database code (the same recovery) and
// checked. The copy spares a second server start per round; what the server
// recovered is checked by every later round, and at the end directly (after
// a graceful stop, with openScriptDatabase). The moments of the kills come
// from a seeded pseudo-random sequence: CRASH_SEED=<n> repeats a run's
// choices (the machine's timing still varies).
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openDatabase, type Database } from '../../app/db/client.server.ts';
import { accounts } from '../../app/db/schema/auth.ts';
import { comments, recipes } from '../../app/db/schema/recipes.ts';
import { openScriptDatabase } from '../../scripts/open-database.ts';
import { createRecipe, createUser } from '../support/factories.ts';
import { sessionCookie, testPasswordHash } from '../support/accounts.ts';
import { copyFolder } from '../support/copy-folder.ts';

const root = path.resolve(import.meta.dirname, '../..');
const SEED = Number(process.env.CRASH_SEED ?? 20_240_917);
const KILLS = 20;
/** Users to spread the writes over: below the per-user quotas, and their sign-ins below the per-IP limit (30 in 15 min). */
const USERS = 12;
/** Comments per user stay below RATE_LIMIT_COMMENTS_PER_USER (10 in 10 minutes), recipes below RATE_LIMIT_RECIPES_PER_USER (20 an hour). */
const COMMENT_BUDGET = 9;
const RECIPE_BUDGET = 19;
/** Parallel writers per burst, each with up to this many writes in a row. */
const STREAMS = 3;
const WRITES_PER_STREAM = 5;

/** mulberry32: a small seeded generator, so a failing run's choices can be repeated. */
function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
const random = seededRandom(SEED);

type Write =
  /** rating null: the commenter owns the recipe, and owners comment without rating. */
  | { kind: 'comment'; marker: string; user: number; recipeId: string; rating: number | null }
  | { kind: 'recipe'; marker: string; user: number };
/**
 * acknowledged: the success answer came; refused: 429 (nothing may be saved);
 * interrupted: the connection broke without an answer (the kill);
 * undelivered: sent after the kill, the connection was refused.
 */
type Outcome = 'acknowledged' | 'refused' | 'interrupted' | 'undelivered';

const sent = new Map<string, { write: Write; outcome: Outcome; kill: number }>();
const problems: string[] = [];
const users: Array<{ email: string; cookie: string; comments: number; recipes: number }> = [];
/** Recipes known to exist (seeded, or found in the database after a restart) and their owners' addresses: what comments go to. */
let recipeIds: Array<{ id: string; ownerEmail: string }> = [];
let dataDir: string;
/** Copies of the database directory, outside DATA_DIR. */
let scratchDir: string;
const children: Array<ReturnType<typeof spawn>> = [];

async function freePort() {
  return new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function startServer() {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    PUBLIC_URL: url,
    LOG_LEVEL: 'silent',
  };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['server.js'], { cwd: root, env });
  children.push(child);
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));
  let gone = false;
  void exited.then(() => (gone = true));
  for (let i = 0; ; i++) {
    if (gone) throw new Error(`The server did not start (seed ${SEED}): ${output}`);
    if (i === 300) throw new Error(`The server did not answer /healthz within 30 s (seed ${SEED}): ${output}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { child, url, exited, output: () => output };
}
type Server = Awaited<ReturnType<typeof startServer>>;

async function stopGracefully(server: Server) {
  server.child.kill('SIGTERM');
  expect(await server.exited, server.output()).toBe(0);
}

function formBody(write: Write) {
  if (write.kind === 'comment') {
    return new URLSearchParams({
      intent: 'create-comment',
      ...(write.rating === null ? {} : { rating: String(write.rating) }),
      nickname: 'Crashtest',
      comment: `Kommentar ${write.marker}`,
    });
  }
  return new URLSearchParams({
    intent: 'save',
    title: `Rezept ${write.marker}`,
    lead: 'Geschrieben, während der Server abstürzt.',
    category: 'Hauptgang',
    level: 'Einfach',
    duration: '30',
    quantity: 'für 2 Personen',
    tags: 'Salzig',
    ingredientName: 'Kartoffeln',
    ingredientAmount: '500 g',
    description: 'Schälen, kochen, essen.',
    additional: '',
    imageId: '',
  });
}

/** The answer that means "saved": the comment action's post/redirect/get, the create form's redirect home. */
const SAVED_STATUS = { comment: 303, recipe: 302 } as const;

/** A write's random choices, drawn in advance from the seeded sequence. */
type Draw = { comment: boolean; rating: number; recipe: number; user: number };

function draw(): Draw {
  return { comment: random() < 0.65, rating: 1 + Math.floor(random() * 5), recipe: random(), user: random() };
}

/**
 * The write a draw stands for, by a user whose quotas it stays within; undefined
 * when all are used up. Quotas are counted when a write is sent (it may be saved
 * even if its answer is lost), not when it is drawn.
 */
function toWrite(d: Draw, kill: number, index: number): Write | undefined {
  const marker = `s${SEED}-k${kill}-w${index}-${randomUUID().slice(0, 8)}`;
  const pickBy = (left: (u: (typeof users)[number]) => boolean) => {
    const candidates = users.map((u, i) => ({ u, i })).filter(({ u }) => left(u));
    return candidates[Math.floor(d.user * candidates.length)];
  };
  const commenter = d.comment ? pickBy((u) => u.comments < COMMENT_BUDGET) : undefined;
  if (commenter) {
    commenter.u.comments++;
    const recipe = recipeIds[Math.floor(d.recipe * recipeIds.length)]!;
    const own = recipe.ownerEmail === commenter.u.email;
    return { kind: 'comment', marker, user: commenter.i, recipeId: recipe.id, rating: own ? null : d.rating };
  }
  const author = pickBy((u) => u.recipes < RECIPE_BUDGET);
  if (!author) return undefined;
  author.u.recipes++;
  return { kind: 'recipe', marker, user: author.i };
}

/** Writes from several streams at once and kills the server with SIGKILL at a seeded moment among the answers. */
async function burst(server: Server, kill: number) {
  const plan = Array.from({ length: STREAMS }, () => Array.from({ length: WRITES_PER_STREAM }, draw));
  // Kill after this many answers (0: right as the writes go out), plus a few milliseconds:
  // always while writes are still under way, since the streams hold more than that.
  const killAfter = Math.floor(random() * (STREAMS * WRITES_PER_STREAM - 2 * STREAMS));
  const killDelay = random() * 15;
  let killed = false;
  const armKill = () =>
    setTimeout(() => {
      killed = true;
      server.child.kill('SIGKILL');
    }, killDelay);
  if (killAfter === 0) armKill();
  let answers = 0;

  await Promise.all(
    plan.map(async (draws, stream) => {
      for (const [i, d] of draws.entries()) {
        const write = toWrite(d, kill, stream * WRITES_PER_STREAM + i);
        if (!write) return;
        const route = write.kind === 'comment' ? `/detail/${write.recipeId}` : '/create';
        let status: number;
        let text = '';
        try {
          const response = await fetch(`${server.url}${route}`, {
            method: 'POST',
            headers: { origin: server.url, cookie: users[write.user]!.cookie },
            body: formBody(write),
            redirect: 'manual',
          });
          status = response.status;
          text = status === SAVED_STATUS[write.kind] ? '' : (await response.text()).slice(0, 300);
          if (status === SAVED_STATUS[write.kind]) await response.body?.cancel();
        } catch (error) {
          const cause = (error as { cause?: { code?: string } }).cause;
          sent.set(write.marker, { write, outcome: cause?.code === 'ECONNREFUSED' ? 'undelivered' : 'interrupted', kill });
          if (!killed) problems.push(`before kill ${kill}: ${write.marker} failed while the server ran: ${String(error)} (${String(cause)})`);
          return; // the server is gone: this stream stops writing
        }
        if (status === SAVED_STATUS[write.kind]) {
          sent.set(write.marker, { write, outcome: 'acknowledged', kill });
        } else if (status === 429) {
          sent.set(write.marker, { write, outcome: 'refused', kill });
        } else {
          problems.push(`before kill ${kill}: ${write.kind} ${write.marker} answered ${status}: ${text}`);
        }
        if (++answers === killAfter) armKill();
      }
    }),
  );
  if (!killed) {
    // Every write was answered before the kill's timer fired: kill now.
    killed = true;
    server.child.kill('SIGKILL');
  }
  expect(await server.exited).toBe('SIGKILL');
}

/** Checks a database against everything the server acknowledged so far; returns its recipes with their owners. */
async function check(db: Database, label: string) {
  const storedComments = await db
    .select({
      comment: comments.comment,
      rating: comments.rating,
      ratingCounts: comments.ratingCounts,
      recipeId: comments.recipeId,
      authorId: comments.authorId,
      createdAt: comments.createdAt,
      id: comments.id,
    })
    .from(comments);
  const storedRecipes = await db
    .select({ id: recipes.id, title: recipes.title, userEmail: recipes.userEmail, ratingSum: recipes.ratingSum, ratingCount: recipes.ratingCount })
    .from(recipes);

  const commentByText = new Map(storedComments.map((c) => [c.comment, c]));
  const recipeTitles = new Set(storedRecipes.map((r) => r.title));
  const missing: string[] = [];
  const wrong: string[] = [];
  const savedDespiteRefusal: string[] = [];
  for (const [marker, { write, outcome, kill }] of sent) {
    const stored =
      write.kind === 'comment' ? commentByText.get(`Kommentar ${marker}`) : recipeTitles.has(`Rezept ${marker}`) ? true : undefined;
    if (outcome === 'acknowledged' && !stored) missing.push(`${write.kind} ${marker} (before kill ${kill})`);
    if (outcome === 'refused' && stored) savedDespiteRefusal.push(`${write.kind} ${marker}`);
    if (write.kind === 'comment' && typeof stored === 'object' && (stored.rating !== write.rating || stored.recipeId !== write.recipeId)) {
      wrong.push(`comment ${marker}: stored rating ${stored.rating} on ${stored.recipeId}`);
    }
  }

  // Each person's latest rated comment on a recipe counts, and only that one.
  const latestRated = new Map<string, (typeof storedComments)[number]>();
  for (const c of storedComments) {
    if (c.rating === null) continue;
    const key = `${c.recipeId}/${c.authorId}`;
    const latest = latestRated.get(key);
    if (!latest || c.createdAt > latest.createdAt || (+c.createdAt === +latest.createdAt && c.id > latest.id)) latestRated.set(key, c);
  }
  const counting = new Set([...latestRated.values()].map((c) => c.id));
  for (const c of storedComments) {
    if (c.ratingCounts !== counting.has(c.id)) wrong.push(`comment ${c.comment}: counts ${c.ratingCounts}, latest rated ${counting.has(c.id)}`);
  }
  const totals = new Map<string, { sum: number; count: number }>();
  for (const c of latestRated.values()) {
    const total = totals.get(c.recipeId) ?? { sum: 0, count: 0 };
    total.sum += c.rating!;
    total.count += 1;
    totals.set(c.recipeId, total);
  }
  const ratingDrift = storedRecipes
    .filter((r) => {
      const total = totals.get(r.id) ?? { sum: 0, count: 0 };
      return r.ratingSum !== total.sum || r.ratingCount !== total.count;
    })
    .map((r) => `${r.title}: stored ${r.ratingSum}/${r.ratingCount}, comments ${JSON.stringify(totals.get(r.id) ?? { sum: 0, count: 0 })}`);

  expect({ missing, wrong, savedDespiteRefusal, ratingDrift, problems }, `${label} (seed ${SEED})`).toEqual({
    missing: [],
    wrong: [],
    savedDespiteRefusal: [],
    ratingDrift: [],
    problems: [],
  });
  return storedRecipes.map((r) => ({ id: r.id, ownerEmail: r.userEmail }));
}

/** Copies the database directory as the kill left it (nothing runs on it now). */
async function copyAfterKill(kill: number) {
  const image = path.join(scratchDir, `db-after-kill-${kill}`);
  await copyFolder(path.join(dataDir, 'db'), image);
  return image;
}

/** Opens the copy (PGlite recovers it as it would the directory) and checks it. */
async function checkCopy(image: string, kill: number) {
  const connection = await openDatabase({ engine: 'pglite', dataDir: image });
  try {
    recipeIds = await check(connection.db, `the database after kill ${kill}`);
  } finally {
    await connection.close();
    await rm(image, { recursive: true, force: true });
  }
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'chuchiblog-crash-'));
  scratchDir = await mkdtemp(path.join(tmpdir(), 'chuchiblog-crash-copies-'));
  // openScriptDatabase reads the configuration of this process: the embedded database in dataDir.
  process.env.DATA_DIR = dataDir;
  delete process.env.DATABASE_URL;
  const { connection, close } = await openScriptDatabase();
  try {
    const hash = await testPasswordHash(); // one hash serves every test user
    for (let i = 0; i < USERS; i++) {
      const user = await createUser({ name: `Crash Tester ${i}`, email: `crash-${i}@example.ch`, emailVerified: true });
      await connection.db
        .insert(accounts)
        .values({ id: randomUUID(), accountId: user.id, providerId: 'credential', userId: user.id, password: hash });
      users.push({ email: user.email, cookie: '', comments: 0, recipes: 0 });
      if (i < 3) recipeIds.push({ id: (await createRecipe(user, { title: `Startrezept ${i}` })).id, ownerEmail: user.email });
    }
  } finally {
    await close();
  }
});

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await rm(dataDir, { recursive: true, force: true });
  await rm(scratchDir, { recursive: true, force: true });
});

test(`SIGKILL during writes, ${KILLS} times: every restart needs no help and keeps every acknowledged write`, { timeout: 240_000 }, async () => {
  let server = await startServer();
  // Sign in over HTTP, a few at a time; the sessions live in the database and outlast the kills.
  for (let i = 0; i < USERS; i += 4) {
    await Promise.all(
      users.slice(i, i + 4).map(async (user) => {
        user.cookie = await sessionCookie(server.url, user.email);
        expect(user.cookie).toMatch(/session_token=/);
      }),
    );
  }

  for (let kill = 1; kill <= KILLS; kill++) {
    await burst(server, kill);
    const image = await copyAfterKill(kill);
    // The server starts on the killed server's directory (no lock to remove),
    // while the copy of that directory is checked.
    [server] = await Promise.all([startServer(), checkCopy(image, kill)]);
  }

  // What the server itself recovered, and wrote since, read from the directory
  // (its lock is free again after the graceful stop).
  await stopGracefully(server);
  const { connection, close } = await openScriptDatabase();
  try {
    await check(connection.db, 'the database after the last restart');
  } finally {
    await close();
  }

  const outcomes = [...sent.values()].map((s) => s.outcome);
  const count = (o: Outcome) => outcomes.filter((x) => x === o).length;
  console.log(
    `crash test (seed ${SEED}): ${KILLS} kills, ${count('acknowledged')} acknowledged writes kept, ` +
      `${count('interrupted')} interrupted by a kill, ${count('undelivered')} undelivered, ${count('refused')} refused`,
  );
  // The run wrote for real and the kills hit writes under way.
  expect(count('acknowledged')).toBeGreaterThan(3 * KILLS);
  expect(count('interrupted')).toBeGreaterThan(KILLS);
});
