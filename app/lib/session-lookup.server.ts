// The signed-in reader's session, looked up on every personal render. Better
// Auth's getSession finds it through its endpoint machinery (context, hooks,
// its adapter's two statements and output filters): about a fifth of a full
// render (bench/RESULTS.md). The common case, a valid cookie of a live
// session, is answered here with the same checks, the secret and the cookie
// name taken from Better Auth's own context, and one statement; every other
// case (no valid signature, no such session, an expired one) goes to Better
// Auth itself, which also cleans up expired sessions. Nothing is remembered
// between requests: a session ended elsewhere is gone at once.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { getDb } from '../db/client.server.ts';
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
  const token = value && verifiedToken(value, secret);
  if (!token) return undefined;
  // A plain statement, not a named prepared one: poolers in transaction mode refuse those.
  const [row] = await getDb()
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
  if (!row || row.expiresAt.getTime() <= Date.now()) return undefined;
  return { sessionId: row.sessionId, updatedAt: row.updatedAt, user: row.user };
}
