import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import { log } from '../app/lib/logger.server.ts';
import { plainPage } from './http-errors.ts';
import { isRouteDataPath } from './route-data.ts';

/** Renders at once: enough to overlap a render's waits (zlib, PostgreSQL) with another's work (bench/RESULTS.md). */
export const RENDERS_AT_ONCE = 4;
/**
 * How long a finished render keeps its place while its answer leaves
 * (compressed on the thread pool, written): long enough for that under load,
 * short enough that a client who reads slowly, or not at all, holds up no one.
 */
const DELIVERY_GRACE_MS = 500;
/** No answer keeps its place longer (a render is aborted after 6 s: entry.server.tsx; a download goes on outside the line). */
const LONGEST_HOLD_MS = 6_000;
/**
 * When the reader first in line has waited this long, the server gets more
 * renders than it can make: newcomers are told so at once (503) instead of
 * lengthening a wait that only grows. Those already in line are served.
 */
const LONGEST_WAIT_MS = 10_000;
/** Seconds a reader turned away is asked to wait before trying again. */
const RETRY_AFTER_SECONDS = 5;
/** A turned-away reader is logged at most this often (an overload would flood the log). */
const OVERLOAD_LOG_MS = 10_000;

/**
 * Page renders (GET and HEAD that reach React Router) taken a few at a time,
 * in the order they came, each holding its place until its answer has left.
 * Without the line, under 64 connections one request in a hundred waited six
 * to eight times the median; in line each waits for those ahead of it only
 * (bench/RESULTS.md, "Renders in line"). Writes are not queued: a sign-up
 * waits seconds for its password hash and must not hold up the pages.
 *
 * `answerWithoutRendering` is asked when a request's turn comes: the page
 * cache, which the renders ahead of it in line may have filled meanwhile (a
 * write empties the cache, and the readers of a shared recipe all arrive at
 * once: a few render it, the rest get the page they kept).
 */
export function renderQueue({
  limit = RENDERS_AT_ONCE,
  deliveryGraceMs = DELIVERY_GRACE_MS,
  longestHoldMs = LONGEST_HOLD_MS,
  longestWaitMs = LONGEST_WAIT_MS,
  answerWithoutRendering,
}: {
  limit?: number;
  deliveryGraceMs?: number;
  longestHoldMs?: number;
  longestWaitMs?: number;
  answerWithoutRendering?: (req: IncomingMessage, res: ServerResponse) => boolean;
} = {}): RequestHandler {
  let running = 0;
  const waiting: Array<{ since: number; left: () => boolean; start: () => void }> = [];
  let turnedAway = 0;
  let lastLogged = -Infinity;

  function release() {
    running--;
    while (running < limit && waiting.length > 0) waiting.shift()!.start();
    if (waiting.length === 0 && turnedAway > 0) logTurnedAway('render line: moving again');
  }

  function logTurnedAway(message: string) {
    log.warn(message, { turnedAway, longestWaitMs });
    lastLogged = performance.now();
    turnedAway = 0;
  }

  /** Whether the first reader still in line has waited too long (those who left before it are dropped). */
  function overloaded(now: number) {
    while (waiting.length > 0 && waiting[0]!.left()) waiting.shift();
    return waiting.length > 0 && now - waiting[0]!.since > longestWaitMs;
  }

  function turnAway(res: ServerResponse, now: number) {
    turnedAway++;
    if (now - lastLogged >= OVERLOAD_LOG_MS) logTurnedAway('render line: overloaded, readers turned away (503)');
    res.statusCode = 503;
    res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.end(
      plainPage(
        'Gerade sehr gefragt',
        'Chuchiblog hat gerade mehr Besuch, als es auf einmal bedienen kann. Bitte lade die Seite in ein paar Sekunden neu.',
      ),
    );
  }

  /** Whether the cache answered; a failure there is logged and the page renders. */
  function answeredWithoutRendering(req: IncomingMessage, res: ServerResponse) {
    try {
      return answerWithoutRendering?.(req, res) ?? false;
    } catch (error) {
      log.error('page cache: answering a request from the line failed', { error });
      return false;
    }
  }

  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    // Left while in line (a pipelined request's answer has no socket event of its own).
    const left = () => res.destroyed || req.socket.destroyed;
    const start = (waited: boolean) => {
      if (left()) return; // costs nothing
      if (waited && answeredWithoutRendering(req, res)) return;
      running++;
      let held = true;
      const done = () => {
        if (!held) return;
        held = false;
        clearTimeout(timer);
        release();
      };
      let timer = setTimeout(done, longestHoldMs);
      res.once('close', done);
      // The render has handed over its last bytes: its place is kept only while they leave.
      const end = res.end;
      res.end = function (this: ServerResponse, ...args: unknown[]) {
        if (held) {
          clearTimeout(timer);
          timer = setTimeout(done, deliveryGraceMs);
        }
        return (end as (...endArgs: unknown[]) => ServerResponse).apply(this, args);
      } as typeof res.end;
      next();
    };
    if (running < limit) return start(false);
    const now = performance.now();
    // Loader data for a reader already on the site (also after a comment was saved) waits:
    // React Router's error screen could not tell them what happened.
    if (!isRouteDataPath(req.path) && overloaded(now)) return turnAway(res, now);
    waiting.push({ since: now, left, start: () => start(true) });
  };
}
