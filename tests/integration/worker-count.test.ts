// server/cluster.ts: how many workers the primary forks, and how long it
// waits before replacing one that keeps dying.
import { availableParallelism } from 'node:os';
import { expect, test } from 'vitest';
import { restartDelay, workerCount } from '../../server/cluster.ts';

const postgresUrl = 'postgres://blog@db.example.ch/chuchiblog';

test('WEB_CONCURRENCY: a count or auto (one per core) on PostgreSQL', () => {
  expect(workerCount({ DATABASE_URL: postgresUrl, WEB_CONCURRENCY: '3' })).toBe(3);
  expect(workerCount({ DATABASE_URL: postgresUrl, WEB_CONCURRENCY: ' auto ' })).toBe(availableParallelism());
  expect(workerCount({ DATABASE_URL: postgresUrl })).toBe(1);
});

test('WEB_CONCURRENCY: one process on the embedded database, and for values the start-up refuses', () => {
  // One process: it validates the configuration and names a bad value (env.server.ts).
  expect(workerCount({ WEB_CONCURRENCY: '4' })).toBe(1);
  expect(workerCount({ WEB_CONCURRENCY: 'auto', DATABASE_URL: ' ' })).toBe(1);
  for (const bad of ['0', '-2', '2.5', 'zwei', '257', '0x2']) {
    expect(workerCount({ DATABASE_URL: postgresUrl, WEB_CONCURRENCY: bad })).toBe(1);
  }
});

test('a worker that keeps dying is replaced after a growing pause, at most 30 s', () => {
  expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 20].map(restartDelay)).toEqual([0, 500, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
});
