// The account's sessions as the account page lists them, and ending them.
// Sessions are Better Auth's rows; ending one is deleting it (the next
// request with its cookie is signed out).
import { and, desc, eq, gt, ne } from 'drizzle-orm';
import { getDb } from '../../db/client.server.ts';
import { sessions } from '../../db/schema/auth.ts';
import { deviceName } from '../../utils/device-name.ts';

export type SessionSummary = { id: string; device: string; signedInAt: string; lastSeenAt: string; current: boolean };

/** The account's sessions that have not expired, the one in use first, then by last use. */
export async function listSessions(userId: string, currentSessionId: string): Promise<SessionSummary[]> {
  const rows = await getDb()
    .select({ id: sessions.id, userAgent: sessions.userAgent, createdAt: sessions.createdAt, updatedAt: sessions.updatedAt })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.updatedAt), desc(sessions.id));
  const list = rows.map((row) => ({
    id: row.id,
    device: deviceName(row.userAgent),
    signedInAt: row.createdAt.toISOString(),
    lastSeenAt: row.updatedAt.toISOString(),
    current: row.id === currentSessionId,
  }));
  return [...list.filter((s) => s.current), ...list.filter((s) => !s.current)];
}

/** Ends one of the account's sessions; false when it has no such session (another person's id changes nothing). */
export async function endSession(userId: string, sessionId: string) {
  const ended = await getDb()
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  return ended.length > 0;
}

/** Ends every session of the account except `keepSessionId`. */
export async function endOtherSessions(userId: string, keepSessionId: string) {
  await getDb().delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)));
}
