// The signed-in reader's session, looked up on every personal render. Better
// Auth's getSession finds it through its endpoint machinery (context, hooks,
// its adapter's two statements and output filters): about a fifth of a full
// render (bench/RESULTS.md). The common case, a valid cookie of a live
// session, is answered here with the same checks, the secret and the cookie
// name taken from Better Auth's own context, and one statement; every other
// case (no valid signature, no such session, an expired one) goes to Better
// Auth itself, which also cleans up expired sessions.
//
// On PGlite the sessions found are also remembered, until the next change to
// any session or person: the database says so at the change's commit (a
// trigger, drizzle/0007) and the memory is forgotten before the writer goes
// on, so a session ended or a person renamed is seen at once. The statement,
// even prepared once, cost a third of a render under load (bench/RESULTS.md);
// now it runs once per session and change. PostgreSQL, with other instances
// writing, looks every session up.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { type Database, getConnection } from '../db/client.server.ts';
import { sessions, users } from '../db/schema/auth.ts';
import type { Auth, SessionUser } from './auth.server.ts';

export type LiveSession = { sessionId: string; updatedAt: Date; user: SessionUser };

/** The first value of the named cookie, decoded as Better Auth's cookie parser does. */
function readCookie(header: string, name: string): string | undefined {
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"')) value = value.slice(1, -1);
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}

/**
 * The token of a cookie value `token.signature` whose signature (base64 of
 * HMAC-SHA-256 with the auth secret, as Better Auth signs it) is right.
 */
function verifiedToken(cookieValue: string, secret: string): string | undefined {
  const dot = cookieValue.lastIndexOf('.');
  if (dot < 1) return undefined;
  const token = cookieValue.slice(0, dot);
  // Compared as text: only the exact base64 form passes here (a lenient decoder
  // would also take trailing junk, which Better Auth refuses).
  const signature = Buffer.from(cookieValue.slice(dot + 1));
  const expected = Buffer.from(createHmac('sha256', secret).update(token).digest('base64'));
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? token : undefined;
}

/**
 * The live session this Cookie header names, or undefined when it names none
 * for certain here (then ask Better Auth: it returns null, or cleans up).
 * The cookie's name and the signing secret are the ones Better Auth uses.
 */
export async function findLiveSession(cookieHeader: string, auth: Pick<Auth, '$context'>): Promise<LiveSession | undefined> {
  const { secret, authCookies } = await auth.$context;
  const value = readCookie(cookieHeader, authCookies.sessionToken.name);
  if (!value) return undefined;
  const { pglite, db } = getConnection();
  const memory = pglite && (await memoryOf(pglite));
  const known = memory?.rows.get(value);
  if (known && isLive(known)) return liveSession(known);
  const token = verifiedToken(value, secret);
  if (!token) return undefined;
  const generation = memory?.generation;
  const row = await selectSession(db, token);
  if (!row || !isLive(row)) return undefined;
  // Not if a change was heard meanwhile: the row may be from before it.
  if (memory && memory.generation === generation) memory.remember(value, row);
  return liveSession(row);
}

type SessionRow = LiveSession & { expiresAt: Date };

const isLive = (row: SessionRow) => row.expiresAt.getTime() > Date.now();
/** A copy for one request: a remembered row serves every request of its session. */
const liveSession = ({ sessionId, updatedAt, user }: SessionRow): LiveSession => ({ sessionId, updatedAt, user: { ...user } });

/** The channel of drizzle/0007_session-change-signal.sql. */
const SESSIONS_CHANGED = 'chuchiblog_sessions_changed';
/** Made-up cookies are never remembered (only verified, live ones); this bounds the honest ones. */
const MAX_REMEMBERED = 10_000;

/** The sessions found since the last change to any session or person, by cookie value. */
class SessionMemory {
  rows = new Map<string, SessionRow>();
  /** Counts the changes heard: a look-up that spans one must not be remembered. */
  generation = 0;

  remember(cookieValue: string, row: SessionRow) {
    if (this.rows.size >= MAX_REMEMBERED) this.rows.clear();
    this.rows.set(cookieValue, row);
  }

  forget() {
    this.generation += 1;
    this.rows.clear();
  }
}

const memories = new WeakMap<PGlite, Promise<SessionMemory>>();

/** The memory of this PGlite, listening before it remembers anything. */
function memoryOf(pglite: PGlite) {
  let memory = memories.get(pglite);
  if (!memory) {
    memory = (async () => {
      const created = new SessionMemory();
      await pglite.listen(SESSIONS_CHANGED, () => created.forget());
      return created;
    })();
    // Not listening, nothing is remembered: the next request tries again.
    memory.catch(() => {
      if (memories.get(pglite) === memory) memories.delete(pglite);
    });
    memories.set(pglite, memory);
  }
  return memory;
}

/** A plain statement, not a named prepared one: poolers in transaction mode refuse those. */
async function selectSession(db: Database, token: string): Promise<SessionRow | undefined> {
  const [row] = await db
    .select({
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      updatedAt: sessions.updatedAt,
      user: { id: users.id, name: users.name, email: users.email },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.token, token))
    .limit(1);
  return row;
}
