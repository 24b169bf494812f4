// The browser side of the anti-bot check: fetches a proof-of-work challenge
// and solves it in Web Workers (ALTCHA) as soon as the page is interactive:
// no click, no visible widget. A token is good for one request, so a new
// one is solved after every submission.
import { useCallback, useEffect, useRef } from 'react';

export const CHALLENGE_PATH = '/api/altcha-challenge';

async function solveOnce(): Promise<string> {
  const response = await fetch(CHALLENGE_PATH, { cache: 'no-store', credentials: 'same-origin' });
  if (!response.ok) throw new Error(`challenge: HTTP ${response.status}`);
  const challenge = await response.json();
  // Loaded on demand: only the login and reset pages need the solver.
  const [{ solveChallengeWorkers }, { default: Pbkdf2Worker }] = await Promise.all([
    import('altcha/lib'),
    import('altcha/workers/pbkdf2?worker'),
  ]);
  const solution = await solveChallengeWorkers({
    challenge,
    concurrency: Math.max(1, Math.min(navigator.hardwareConcurrency || 2, 4)),
    createWorker: () => new Pbkdf2Worker(),
  });
  if (!solution) throw new Error('challenge: no solution found');
  return btoa(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }));
}

export function useAntiBotToken(enabled = true) {
  const current = useRef<Promise<string> | undefined>(undefined);

  const renew = useCallback(() => {
    const job = solveOnce();
    current.current = job;
    job.catch(() => {
      // A failed attempt is forgotten; the next waitForToken() starts anew.
      if (current.current === job) current.current = undefined;
    });
    return job;
  }, []);

  useEffect(() => {
    if (enabled) renew();
  }, [enabled, renew]);

  /** The token being solved (or a fresh attempt if the last one failed). */
  const waitForToken = useCallback(() => current.current ?? renew(), [renew]);

  return { renew, waitForToken };
}
