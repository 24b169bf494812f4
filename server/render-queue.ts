import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';

/** Renders at once: enough to overlap a render's waits (zlib, PostgreSQL) with another's work; more only interleave. */
export const RENDERS_AT_ONCE = 4;
/** A render that takes longer than this (a hung query, say) stops holding up the line; it still finishes. */
const LONGEST_HOLD_MS = 10_000;

/**
 * Page renders (GET and HEAD that reach React Router) taken a few at a time,
 * in the order they came. A render is JavaScript on the one main thread,
 * PGlite's queries included, so more at once do not finish more a second:
 * they interleave, each page waits for all the others started with it and
 * the unlucky ones fall far behind (under 64 connections one in a hundred
 * waited eight times the median; bench/RESULTS.md). In line, each waits for
 * those ahead of it only. Writes are not queued: a sign-up waits seconds for
 * its password hash and must not hold up the pages.
 *
 * `answerWithoutRendering` is asked when a request's turn comes: the page
 * cache, which the renders ahead of it in line may have filled meanwhile (a
 * write empties the cache, and the readers of a shared recipe all arrive at
 * once: a few render it, the rest get the page they kept).
 */
export function renderQueue({
  limit = RENDERS_AT_ONCE,
  longestHoldMs = LONGEST_HOLD_MS,
  answerWithoutRendering,
}: {
  limit?: number;
  longestHoldMs?: number;
  answerWithoutRendering?: (req: IncomingMessage, res: ServerResponse) => boolean;
} = {}): RequestHandler {
  let running = 0;
  const waiting: Array<() => void> = [];

  function release() {
    running--;
    while (running < limit && waiting.length > 0) waiting.shift()!();
  }

  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const start = (waited: boolean) => {
      if (res.destroyed) return; // left while in line: costs nothing
      if (waited && answerWithoutRendering?.(req, res)) return;
      running++;
      let held = true;
      const done = () => {
        if (!held) return;
        held = false;
        clearTimeout(timer);
        release();
      };
      const timer = setTimeout(done, longestHoldMs);
      res.once('close', done);
      next();
    };
    if (running < limit) start(false);
    else waiting.push(() => start(true));
  };
}
