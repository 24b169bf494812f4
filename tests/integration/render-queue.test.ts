// The line that page renders wait in (server/render-queue.ts), in a real
// Express app over real HTTP: a handler that holds each GET until the test
// lets it go stands in for a render.
import { once } from 'node:events';
import { connect, type AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import express from 'express';
import { afterEach, expect, test } from 'vitest';
import { renderQueue } from '../../server/render-queue.ts';

let server: Server | undefined;
/** Requests travel over real sockets on two shared cores: waits are generous. */
const POLL = { timeout: 5_000 };

afterEach(async () => {
  server?.closeAllConnections();
  server?.close();
  server = undefined;
});

/**
 * An app whose GETs wait behind the queue and then until finished by the test. `arrived` lists the
 * requests in the order the server got them (before the queue), `started` in the order their
 * handlers began, `closed` those whose connection is done.
 */
async function startApp(options: Parameters<typeof renderQueue>[0]) {
  const arrived: string[] = [];
  const started: string[] = [];
  const closed: string[] = [];
  const held = new Map<string, () => void>();
  const app = express();
  app.use((req, res, next) => {
    arrived.push(req.path.slice(1));
    res.on('close', () => closed.push(req.path.slice(1)));
    next();
  });
  app.use(renderQueue(options));
  app.all('/{*path}', (req, res) => {
    const name = req.path.slice(1);
    started.push(name);
    if (req.method !== 'GET') return void res.send(`${req.method} ${name}`);
    // A page of 16 MB, more than the sockets' buffers hold while the client does not read.
    held.set(name, () => (name.startsWith('big') ? res.end(Buffer.alloc(16 * 1024 * 1024, 'x')) : res.send(name)));
  });
  server = createServer(app).listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const finish = (name: string) => {
    held.get(name)!();
    held.delete(name);
  };
  /** Sends a GET and waits until the server has it (in line or started); the answer (or the error of a request that left) comes later. */
  const send = async (name: string, options: { signal?: AbortSignal } = {}) => {
    const answer = fetch(`${url}/${name}`, options).catch((error: unknown) => error);
    await expect.poll(() => arrived, POLL).toContain(name);
    return { answer };
  };
  /** Sends a GET that waits in line, and leaves before its turn; resolves once the server has seen it go. */
  const sendAndLeave = async (name: string) => {
    const gone = new AbortController();
    const { answer } = await send(name, { signal: gone.signal });
    gone.abort();
    await answer;
    await expect.poll(() => closed, POLL).toContain(name);
  };
  return { url, arrived, started, closed, finish, send, sendAndLeave };
}

/** Waits until the server has started `count` handlers (requests travel over real sockets). */
async function untilStarted(started: string[], count: number) {
  await expect.poll(() => started.length, POLL).toBeGreaterThanOrEqual(count);
}

const text = async ({ answer }: { answer: Promise<unknown> }) => ((await answer) as Response).text();

test('at most `limit` renders run at once; the others start in the order they came as places free up', async () => {
  const { started, finish, send } = await startApp({ limit: 2 });
  const sent = [];
  for (const name of ['a', 'b', 'c', 'd', 'e']) sent.push(await send(name));
  expect(started).toEqual(['a', 'b']);

  finish('b');
  await untilStarted(started, 3);
  expect(started).toEqual(['a', 'b', 'c']);
  finish('a');
  await untilStarted(started, 4);
  expect(started).toEqual(['a', 'b', 'c', 'd']);
  finish('c');
  finish('d');
  await untilStarted(started, 5);
  finish('e');
  expect(await Promise.all(sent.map(text))).toEqual(['a', 'b', 'c', 'd', 'e']);
});

test('writes never wait in line', async () => {
  const { url, started, finish, send } = await startApp({ limit: 1, longestHoldMs: 60_000 });
  const page = await send('page');
  await untilStarted(started, 1);
  // Answered while the page still holds the only place (a queued POST would wait for it: no answer in time).
  const post = await fetch(`${url}/comment`, { method: 'POST', signal: AbortSignal.timeout(5_000) });
  expect(await post.text()).toBe('POST comment');
  finish('page');
  expect(await text(page)).toBe('page');
});

test('a reader who leaves while in line is skipped, and one who leaves during the render frees its place', async () => {
  const { started, finish, send, sendAndLeave } = await startApp({ limit: 1 });
  const leaving = new AbortController();
  const first = await send('first', { signal: leaving.signal });
  await untilStarted(started, 1);
  await sendAndLeave('skipped');
  const last = await send('last');
  expect(started).toEqual(['first']);

  leaving.abort(); // the first reader leaves mid-render: its place goes to the next one still waiting
  await first.answer;
  await untilStarted(started, 2);
  expect(started).toEqual(['first', 'last']);
  finish('last');
  expect(await text(last)).toBe('last');
});

test('pipelined requests of a client who left are skipped, the one without a socket event of its own too', async () => {
  const { url, arrived, started, closed, finish, send } = await startApp({ limit: 1 });
  const holder = await send('holder');
  await untilStarted(started, 1);
  const { port } = new URL(url);
  const pipelining = connect(Number(port), '127.0.0.1', () =>
    pipelining.write('GET /first HTTP/1.1\r\nHost: localhost\r\n\r\nGET /second HTTP/1.1\r\nHost: localhost\r\n\r\n'),
  );
  await expect.poll(() => arrived, POLL).toEqual(['holder', 'first', 'second']);
  pipelining.destroy();
  await expect.poll(() => closed, POLL).toContain('first'); // the server has seen the socket go
  const last = await send('last');
  finish('holder');
  await untilStarted(started, 2);
  expect(started).toEqual(['holder', 'last']);
  finish('last');
  expect(await text(holder)).toBe('holder');
  expect(await text(last)).toBe('last');
});

test('a render that holds its place too long stops holding up the line, and still finishes; its late end frees nothing twice', async () => {
  const { started, finish, send } = await startApp({ limit: 1, longestHoldMs: 300 });
  const slow = await send('slow');
  const next = await send('next');
  await untilStarted(started, 2);
  expect(started).toEqual(['slow', 'next']);
  finish('slow');
  expect(await text(slow)).toBe('slow');
  // The slow render's place was given up already: its end must not free the one `next` holds.
  const third = await send('third');
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(started).toEqual(['slow', 'next']);
  finish('next');
  await untilStarted(started, 3);
  finish('third');
  expect(await text(next)).toBe('next');
  expect(await text(third)).toBe('third');
});

test('a reader who does not read the answer holds up the line only for the delivery grace', async () => {
  const { url, started, finish, send } = await startApp({ limit: 1, deliveryGraceMs: 200, longestHoldMs: 60_000 });
  const { port } = new URL(url);
  // A raw client that sends its request and never reads: the 16 MB answer cannot leave.
  const stalled = connect(Number(port), '127.0.0.1', () => stalled.write('GET /big HTTP/1.1\r\nHost: localhost\r\n\r\n'));
  stalled.pause();
  await untilStarted(started, 1);
  const next = await send('next');
  finish('big');
  await untilStarted(started, 2);
  expect(started).toEqual(['big', 'next']);
  finish('next');
  expect(await text(next)).toBe('next');
  stalled.destroy();
});

test('a request whose turn comes is offered to the cache first: not at arrival, not when its reader left; a failing cache lets it render', async () => {
  const offered: string[] = [];
  const { started, finish, send, sendAndLeave } = await startApp({
    limit: 1,
    answerWithoutRendering: (req, res) => {
      const name = req.url!.slice(1);
      offered.push(name);
      if (name === 'broken') throw new Error('cache broken');
      if (!name.startsWith('cached')) return false;
      res.end('from the cache');
      return true;
    },
  });
  const first = await send('cached-first');
  await untilStarted(started, 1);
  await sendAndLeave('cached-departed');
  const cached = await send('cached-second');
  const broken = await send('broken');
  const plain = await send('plain');
  expect(offered).toEqual([]);

  finish('cached-first');
  await untilStarted(started, 2);
  expect(offered).toEqual(['cached-second', 'broken']);
  expect(started).toEqual(['cached-first', 'broken']);
  expect(await text(cached)).toBe('from the cache');
  finish('broken');
  await untilStarted(started, 3);
  expect(offered).toEqual(['cached-second', 'broken', 'plain']);
  finish('plain');
  expect(await text(first)).toBe('cached-first');
  expect(await text(broken)).toBe('broken');
  expect(await text(plain)).toBe('plain');
});

test('when the first in line has waited too long, newcomers get a 503 at once; those in line and page data still wait', async () => {
  // Two seconds: "early" must arrive while the line is young, on a busy machine too.
  const { started, finish, send } = await startApp({ limit: 1, longestWaitMs: 2_000, longestHoldMs: 60_000 });
  const busy = await send('busy');
  await untilStarted(started, 1);
  const waiting = await send('waiting');
  const early = await send('early'); // the line is young: waits like everyone
  await new Promise((resolve) => setTimeout(resolve, 2_200));

  const late = (await (await send('late')).answer) as Response;
  expect(late.status).toBe(503);
  expect(late.headers.get('retry-after')).toBe('5');
  expect(late.headers.get('cache-control')).toBe('no-store');
  expect(await late.text()).toContain('Bitte lade die Seite in ein paar Sekunden neu.');
  // A reader already on the site, fetching the next page's data, waits in line instead.
  const data = await send('next.data');
  expect(started).toEqual(['busy']);

  finish('busy');
  await untilStarted(started, 2);
  finish('waiting');
  await untilStarted(started, 3);
  finish('early');
  await untilStarted(started, 4);
  expect(started).toEqual(['busy', 'waiting', 'early', 'next.data']);
  // The line moves again: a newcomer waits for the one still rendering, and is served.
  const after = await send('after');
  finish('next.data');
  await untilStarted(started, 5);
  finish('after');
  expect(await Promise.all([busy, waiting, early, data, after].map(text))).toEqual(['busy', 'waiting', 'early', 'next.data', 'after']);
});

test('a reader who left does not count as waiting: a newcomer after them waits instead of a 503', async () => {
  const { started, finish, send, sendAndLeave } = await startApp({ limit: 1, longestWaitMs: 300, longestHoldMs: 60_000 });
  const busy = await send('busy');
  await untilStarted(started, 1);
  await sendAndLeave('gone');
  // Well past the longest wait, so that its leaving has surely been seen.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const fresh = await send('fresh');
  finish('busy');
  await untilStarted(started, 2);
  expect(started).toEqual(['busy', 'fresh']);
  finish('fresh');
  expect(await text(busy)).toBe('busy');
  expect(await text(fresh)).toBe('fresh');
});
