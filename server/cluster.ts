// Several worker processes on one port (WEB_CONCURRENCY; PostgreSQL only, see
// docs/decisions/006-workers.md). server.js imports this file as source (Node
// strips the types) in the primary process, which serves nothing itself: it
// forks the workers (node:cluster: they share the listening socket, the
// primary hands out connections in turn), replaces one that dies, and stops
// them all on SIGTERM/SIGINT. It loads nothing of the app, so it stays small.
import cluster, { type Worker } from 'node:cluster';
import { availableParallelism } from 'node:os';
import process from 'node:process';
import type { ChangeScope } from '../app/lib/content-version.server.ts';

/** Tells a worker which slot it fills (1 … n); slot 1 runs the scheduled jobs. */
export const WORKER_SLOT = 'CHUCHIBLOG_WORKER_SLOT';

/** A worker that lived this long before it ended was not crash-looping. */
export const STABLE_AFTER_MS = 30_000;
/** How long the primary waits for the workers to finish open requests on a stop. */
const STOP_TIMEOUT_MS = 30_000;

/**
 * How many processes to run, read leniently from WEB_CONCURRENCY: `auto` is
 * one per core on PostgreSQL and one on the embedded database (one process
 * per DATA_DIR). Anything the primary cannot use gives 1: the single process
 * then validates the configuration and names a bad value in one line
 * (app/lib/env.server.ts refuses a count above 1 without DATABASE_URL).
 */
export function workerCount(source: NodeJS.ProcessEnv = process.env): number {
  if (!source.DATABASE_URL?.trim()) return 1;
  const raw = source.WEB_CONCURRENCY?.trim() ?? '';
  if (raw === 'auto') return availableParallelism();
  if (!/^[1-9]\d*$/.test(raw)) return 1;
  const count = Number(raw);
  return count <= 256 ? count : 1;
}

/**
 * The wait before a slot's next worker, given how many of its workers in a
 * row ended before STABLE_AFTER_MS: the first at once, then 0.5, 1, 2 … s, at
 * most 30 s, so a worker that cannot start (database gone, disk full) does
 * not spin.
 */
export function restartDelay(failuresInARow: number): number {
  if (failuresInARow <= 1) return 0;
  return Math.min(30_000, 500 * 2 ** (failuresInARow - 2));
}

type Slot = {
  index: number;
  worker?: Worker;
  /** It listens: its app is loaded and hears content messages. */
  ready: boolean;
  startedAt: number;
  failuresInARow: number;
  restart?: NodeJS.Timeout;
};

/**
 * Content changes between the workers (docs/decisions/006): a worker that
 * wrote sends `changed`; the primary passes it to every other ready worker,
 * each marks its pages stale and answers `stale`; once all have, the primary
 * answers the writer `done`, and only then does the writer answer its
 * client. So the next request, whichever worker gets it, sees the write.
 */
type ContentMessage = { chuchiblog: 'content-changed' | 'content-stale' | 'content-done'; id: string; scope?: ChangeScope };

function isContentMessage(message: unknown): message is ContentMessage {
  return typeof message === 'object' && message !== null && 'chuchiblog' in message && 'id' in message;
}

/** How long a writer waits for its siblings at most: a hung worker must not hold every write. */
const SIBLING_WAIT_MS = 2_000;

/**
 * Worker side: hears the siblings' changes (calls `markStale`) and returns the
 * function that tells them of this worker's change, resolving once each has
 * marked its pages stale (or after SIBLING_WAIT_MS, or at once without a primary).
 */
export function joinSiblings(markStale: (scope: ChangeScope) => void): (scope: ChangeScope) => Promise<void> {
  const waiting = new Map<string, () => void>();
  process.on('message', (message) => {
    if (!isContentMessage(message)) return;
    if (message.chuchiblog === 'content-changed') {
      markStale(message.scope === 'pages' ? 'pages' : 'everything');
      send({ chuchiblog: 'content-stale', id: message.id });
    } else if (message.chuchiblog === 'content-done') {
      waiting.get(message.id)?.();
    }
  });
  let sequence = 0;
  return (scope) =>
    new Promise<void>((resolve) => {
      const id = String(sequence++);
      const timer = setTimeout(() => {
        console.error(`Worker ${process.env[WORKER_SLOT]}: the other workers did not confirm a content change within ${SIBLING_WAIT_MS / 1000} s`);
        finish();
      }, SIBLING_WAIT_MS);
      const finish = () => {
        clearTimeout(timer);
        waiting.delete(id);
        resolve();
      };
      waiting.set(id, finish);
      if (!send({ chuchiblog: 'content-changed', id, scope }, finish)) finish();
    });
}

/** Sends to the primary; false when the channel is gone (the primary ended), then or later (`onFailure`). */
function send(message: ContentMessage, onFailure: () => void = () => {}) {
  if (!process.connected || !process.send) return false;
  // With a callback a closed channel is an argument, not an 'error' event that would end the worker.
  process.send(message, undefined, {}, (error: Error | null) => {
    if (error) onFailure();
  });
  return true;
}

/** Sends to a worker; one that is ending has left the relay already (its exit calls forget). */
function tell(worker: Worker, message: ContentMessage) {
  // With a callback a closed channel is an argument, not an 'error' event that would end the primary.
  if (worker.isConnected()) worker.send(message, () => {});
}

/** Runs the primary: forks `count` workers of this script and looks after them until a signal stops it. */
export function runPrimary(count: number) {
  const slots: Slot[] = Array.from({ length: count }, (_, i) => ({ index: i + 1, ready: false, startedAt: 0, failuresInARow: 0 }));
  /** Content changes in flight: the writer and the workers that have not yet marked their pages stale. */
  const changes = new Map<string, { writer: Worker; id: string; pending: Set<Worker> }>();

  function settle(key: string) {
    const change = changes.get(key);
    if (!change || change.pending.size > 0) return;
    changes.delete(key);
    tell(change.writer, { chuchiblog: 'content-done', id: change.id });
  }

  function relay(writer: Worker, message: ContentMessage) {
    if (message.chuchiblog === 'content-changed') {
      const key = `${writer.id}:${message.id}`;
      const pending = new Set(slots.filter((s) => s.ready && s.worker && s.worker !== writer).map((s) => s.worker!));
      changes.set(key, { writer, id: message.id, pending });
      for (const worker of pending) tell(worker, { chuchiblog: 'content-changed', id: key, scope: message.scope });
      settle(key);
    } else if (message.chuchiblog === 'content-stale') {
      changes.get(message.id)?.pending.delete(writer);
      settle(message.id);
    }
  }

  /** A worker that ended has nothing left to mark stale, and nobody to answer. */
  function forget(worker: Worker) {
    for (const [key, change] of changes) {
      if (change.writer === worker) changes.delete(key);
      else if (change.pending.delete(worker)) settle(key);
    }
  }

  // The first start forks one worker after the other, each once the previous
  // one listens: the first applies the migrations and writes
  // DATA_DIR/auth-secret (when AUTH_SECRET is not set) before any other reads
  // them, and a bad configuration is reported once, by the first.
  let starting = true;
  let stopping = false;
  let exitCode = 0;

  function fork(slot: Slot) {
    slot.startedAt = Date.now();
    const worker = cluster.fork({ [WORKER_SLOT]: String(slot.index) });
    slot.worker = worker;
    worker.on('message', (message) => {
      if (isContentMessage(message)) relay(worker, message);
    });
    worker.once('listening', () => {
      slot.ready = true;
      if (!starting || stopping) return;
      const next = slots.find((s) => !s.worker);
      if (next) return fork(next);
      starting = false;
      const pids = slots.map((s) => s.worker?.process.pid).join(', ');
      console.log(`Chuchiblog: ${count} Worker-Prozesse bereit (PID ${pids})`);
    });
    worker.once('exit', (code, signal) => ended(slot, worker, code, signal));
  }

  function ended(slot: Slot, worker: Worker, code: number | null, signal: string | null) {
    if (slot.worker !== worker) return;
    slot.worker = undefined;
    slot.ready = false;
    forget(worker);
    if (stopping) {
      if (code !== 0) exitCode = 1;
      if (slots.every((s) => !s.worker)) process.exit(exitCode);
      return;
    }
    if (starting) {
      // It never came up (configuration, database, port): another try would
      // end the same way. The worker has said why; the primary stops too.
      exitCode = 1;
      stop();
      return;
    }
    slot.failuresInARow = Date.now() - slot.startedAt >= STABLE_AFTER_MS ? 1 : slot.failuresInARow + 1;
    const delay = restartDelay(slot.failuresInARow);
    console.error(
      `Worker ${slot.index} (PID ${worker.process.pid}) ended unexpectedly (${signal ?? `exit code ${code}`}); a new one starts in ${delay / 1000} s`,
    );
    slot.restart = setTimeout(() => {
      slot.restart = undefined;
      if (!stopping) fork(slot);
    }, delay);
  }

  function stop(signal?: string) {
    if (stopping) return;
    stopping = true;
    if (signal) console.log(`${signal} received, stopping ${count} worker processes`);
    for (const slot of slots) {
      clearTimeout(slot.restart);
      // Each worker finishes its open requests and closes the database (server.js).
      slot.worker?.process.kill('SIGTERM');
    }
    if (slots.every((s) => !s.worker)) process.exit(exitCode);
    setTimeout(() => {
      for (const slot of slots) slot.worker?.process.kill('SIGKILL');
    }, STOP_TIMEOUT_MS).unref();
  }

  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  fork(slots[0]!);
}
