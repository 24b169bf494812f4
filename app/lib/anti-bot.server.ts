// Proof-of-work against bots (ALTCHA): the browser solves a challenge before
// sign-up and the password-reset request; the server checks the solution and
// accepts each solved challenge once (used_challenges, shared by instances).
import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { lt } from 'drizzle-orm';
import { getDb } from '../db/client.server.ts';
import { usedChallenges } from '../db/schema/auth.ts';
import { deriveSecret } from './auth-secret.server.ts';

const ALGORITHM = 'PBKDF2/SHA-256';
/** About half a second of work for a browser, a millisecond to check. */
const COST = 1_000;
const VALID_SECONDS = 10 * 60;

function secrets() {
  return {
    hmacSignatureSecret: deriveSecret('altcha-signature'),
    hmacKeySignatureSecret: deriveSecret('altcha-key-signature'),
  };
}

export async function createAntiBotChallenge(): Promise<Challenge> {
  return createChallenge({
    algorithm: ALGORITHM,
    cost: COST,
    counter: randomInt(2_000, 500),
    deriveKey,
    expiresAt: new Date(Date.now() + VALID_SECONDS * 1000),
    ...secrets(),
  });
}

/** missing and expired make the page solve a new challenge and retry once. */
export type AntiBotResult = 'ok' | 'missing' | 'expired' | 'invalid' | 'used';

function parsePayload(payload: string): { challenge: Challenge; solution: Solution } | undefined {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
    if (!parsed || typeof parsed !== 'object') return undefined;
    const { challenge, solution } = parsed as { challenge?: Challenge; solution?: Solution };
    if (!challenge?.parameters || typeof challenge.signature !== 'string' || !solution) return undefined;
    if (challenge.parameters.algorithm !== ALGORITHM || challenge.parameters.cost !== COST) return undefined;
    return { challenge, solution };
  } catch {
    return undefined;
  }
}

export async function redeemAntiBotPayload(payload: unknown): Promise<AntiBotResult> {
  if (typeof payload !== 'string' || payload.length === 0) return 'missing';
  if (payload.length > 4_000) return 'invalid';
  const parsed = parsePayload(payload);
  if (!parsed) return 'invalid';
  let result;
  try {
    result = await verifySolution({ ...parsed, deriveKey, ...secrets() });
  } catch {
    return 'invalid';
  }
  if (result.expired) return 'expired';
  if (!result.verified) return 'invalid';

  const db = getDb();
  const expiresAt = new Date((parsed.challenge.parameters.expiresAt ?? 0) * 1000);
  await db.delete(usedChallenges).where(lt(usedChallenges.expiresAt, new Date()));
  const inserted = await db
    .insert(usedChallenges)
    .values({ signature: parsed.challenge.signature!, expiresAt })
    .onConflictDoNothing()
    .returning({ signature: usedChallenges.signature });
  return inserted.length === 1 ? 'ok' : 'used';
}
