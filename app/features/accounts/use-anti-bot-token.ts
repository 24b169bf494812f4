// The browser side of the anti-bot check: fetches a proof-of-work challenge
// and solves it in Web Workers (ALTCHA) as soon as the form is shown, with no
// click and no visible widget, so that a click on "Registrieren" finds a token
// ready (the work takes seconds on a phone). A challenge expires
// (anti-bot.server.ts) and a solved token is good for one request: the hook
// solves the next one before the current one would expire, and again after
// each submission that comes back (a refusal).
import { useCallback, useEffect, useRef, useState } from 'react';

export const CHALLENGE_PATH = '/api/altcha-challenge';

/** A token handed to a submission must outlive the request that carries it. */
const SUBMIT_MARGIN_MS = 30_000;
/** The next token is solved this long before the current one expires: a slow phone needs seconds for it. */
const REFRESH_MARGIN_MS = 2 * 60_000;
/** When the answer has no usable Date header: less than the server's validity (10 minutes). */
const FALLBACK_LIFETIME_MS = 5 * 60_000;

type Solved = { token: string; freshUntil: number };

/** `ready`: a solved token waits; `solving`: one is being solved; `failed`: the last attempt failed (a submit tries again); `idle`: none (as rendered on the server, before any script runs). */
export type AntiBotState = 'off' | 'idle' | 'solving' | 'ready' | 'failed';

async function solveOnce(signal: AbortSignal): Promise<Solved> {
  const requestedAt = Date.now();
  const response = await fetch(CHALLENGE_PATH, { cache: 'no-store', credentials: 'same-origin', signal });
  if (!response.ok) throw new Error(`challenge: HTTP ${response.status}`);
  const challenge = await response.json();
  // The challenge's expiry is on the server's clock; its lifetime, measured
  // from the server's Date header, is put on ours (the two clocks may differ).
  const serverNow = Date.parse(response.headers.get('date') ?? '');
  const expiresAt = Number(challenge?.parameters?.expiresAt) * 1000;
  const lifetime = Number.isFinite(serverNow) && Number.isFinite(expiresAt) ? expiresAt - serverNow : FALLBACK_LIFETIME_MS;
  // Loaded on demand: only the sign-up and reset forms need the solver.
  const [{ solveChallengeWorkers }, { default: Pbkdf2Worker }] = await Promise.all([
    import('altcha/lib'),
    import('altcha/workers/pbkdf2?worker'),
  ]);
  const controller = new AbortController();
  signal.addEventListener('abort', () => controller.abort(), { once: true });
  const solution = await solveChallengeWorkers({
    challenge,
    controller,
    concurrency: Math.max(1, Math.min(navigator.hardwareConcurrency || 2, 4)),
    createWorker: () => new Pbkdf2Worker(),
  });
  if (!solution || signal.aborted) throw new Error('challenge: no solution found');
  const token = btoa(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }));
  return { token, freshUntil: requestedAt + lifetime };
}

/** Keeps at most one solved token fresh for a form, outside React's renders; `onState` reports what it does. */
function createTokenKeeper(onState: (state: AntiBotState) => void) {
  let ready: Solved | undefined;
  let solving: Promise<Solved> | undefined;
  let controller: AbortController | undefined;
  let refreshTimer: ReturnType<typeof setTimeout> | undefined;
  let disposed = false;

  /** Solves a token (or joins the solve under way); the one that waits stays usable meanwhile. */
  function start(): Promise<Solved> {
    if (solving) return solving;
    const current = new AbortController();
    controller = current;
    const job: Promise<Solved> = solveOnce(current.signal).then(
      (solved) => {
        if (solving === job) solving = undefined;
        if (disposed) return solved;
        ready = solved;
        onState('ready');
        clearTimeout(refreshTimer);
        // Renewed before it expires (a background tab's timer may fire late: onVisible catches that).
        refreshTimer = setTimeout(() => void start().catch(() => {}), Math.max(0, solved.freshUntil - REFRESH_MARGIN_MS - Date.now()));
        return solved;
      },
      (error: unknown) => {
        if (solving === job) solving = undefined;
        if (!disposed) onState(ready ? 'ready' : 'failed');
        throw error;
      },
    );
    solving = job;
    if (!ready) onState('solving');
    return job;
  }

  return {
    start: () => void start().catch(() => {}),

    /** A fresh token for one submission: the one that waits, else the one being solved (or a new attempt). */
    async take(): Promise<string> {
      const waiting = ready;
      ready = undefined;
      clearTimeout(refreshTimer);
      if (waiting && waiting.freshUntil - Date.now() > SUBMIT_MARGIN_MS) {
        onState(solving ? 'solving' : 'idle');
        return waiting.token;
      }
      const solved = await start();
      if (ready === solved) ready = undefined;
      clearTimeout(refreshTimer);
      onState('idle');
      return solved.token;
    },

    /** After a submission came back (the form is still shown: it was refused), the next token. */
    prepareNext() {
      if (!disposed && !ready) void start().catch(() => {});
    },

    /** Back in a tab whose timers slept: renew a token that is about to expire. */
    onVisibilityChange() {
      if (document.visibilityState === 'visible' && ready && ready.freshUntil - Date.now() < REFRESH_MARGIN_MS) void start().catch(() => {});
    },

    dispose() {
      disposed = true;
      clearTimeout(refreshTimer);
      controller?.abort();
    },
  };
}

type TokenKeeper = ReturnType<typeof createTokenKeeper>;

export function useAntiBotToken(enabled = true) {
  const [state, setState] = useState<AntiBotState>(enabled ? 'idle' : 'off');
  const keeper = useRef<TokenKeeper | undefined>(undefined);

  useEffect(() => {
    if (!enabled) return;
    const current = createTokenKeeper(setState);
    keeper.current = current;
    current.start();
    document.addEventListener('visibilitychange', current.onVisibilityChange);
    return () => {
      document.removeEventListener('visibilitychange', current.onVisibilityChange);
      current.dispose();
      if (keeper.current === current) keeper.current = undefined;
    };
  }, [enabled]);

  const takeToken = useCallback(() => keeper.current?.take() ?? Promise.reject(new Error('anti-bot: not started')), []);
  const prepareNext = useCallback(() => keeper.current?.prepareNext(), []);

  return { state, takeToken, prepareNext };
}
