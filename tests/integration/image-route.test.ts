// The image route against both storages, through real HTTP on loopback: a
// tiny Express app with the route and a stand-in for the app's 404 page; and
// the pictures it keeps in memory.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readlinkSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { serveImages } from '../../app/features/images/image-route.server.ts';
import { createLocalStorage } from '../../app/lib/storage/local-storage.server.ts';
import { createS3Storage } from '../../app/lib/storage/s3-storage.server.ts';
import { getStorage, setStorage, type Storage } from '../../app/lib/storage/storage.server.ts';
import { markContentChanged } from '../../app/lib/content-version.server.ts';
import { startS3Server } from '../support/s3-server.ts';

let s3: Awaited<ReturnType<typeof startS3Server>>;
let localRoot: string;
let server: Server;
let base: string;

beforeAll(async () => {
  s3 = await startS3Server();
  localRoot = mkdtempSync(path.join(tmpdir(), 'chuchiblog-route-'));
  const app = express();
  app.use('/images', serveImages());
  app.use((_req, res) => {
    res.status(404).type('text/plain').send('Seite nicht gefunden');
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  setStorage(undefined);
  await new Promise((resolve) => server.close(resolve));
  await s3.stop();
  rmSync(localRoot, { recursive: true, force: true });
});

const implementations: Array<[string, () => Storage]> = [
  ['local', () => createLocalStorage(localRoot)],
  ['s3', () => createS3Storage(s3.options)],
];

describe.each(implementations)('from %s storage', (_kind, create) => {
  let storage: Storage;
  beforeAll(() => {
    storage = create();
    setStorage(storage);
  });
  afterAll(() => storage.close?.());

  test('serves a rendition with its type, length and a year of immutable caching', async () => {
    const id = randomUUID();
    const data = randomBytes(150_000);
    await storage.put(`images/${id}/960.webp`, data, 'image/webp');

    const response = await fetch(`${base}/images/${id}/960.webp`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('content-length')).toBe(String(data.length));
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await response.arrayBuffer()).equals(data)).toBe(true);
  });

  test('answers HEAD with the headers and no body', async () => {
    const id = randomUUID();
    await storage.put(`images/${id}/480.jpg`, Buffer.alloc(1234, 1), 'image/jpeg');

    const response = await fetch(`${base}/images/${id}/480.jpg`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(response.headers.get('content-length')).toBe('1234');
    expect(await response.text()).toBe('');
  });

  test('serves a share crop (/images/<id>/og.jpg) as a JPEG', async () => {
    const id = randomUUID();
    const data = randomBytes(2000);
    await storage.put(`images/${id}/og.jpg`, data, 'image/jpeg');

    const response = await fetch(`${base}/images/${id}/og.jpg`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await response.arrayBuffer()).equals(data)).toBe(true);
  });

  test.each([
    ['an unknown crop', () => `/images/${randomUUID()}/2x1.jpg`],
    ['a crop in another format', () => `/images/${randomUUID()}/og.webp`],
    ['an unknown id', () => `/images/${randomUUID()}/480.jpg`],
    ['a width with a leading zero', () => `/images/${randomUUID()}/0480.jpg`],
    ['a format we never write', () => `/images/${randomUUID()}/480.png`],
    ['a malformed id', () => '/images/not-an-id/480.jpg'],
    ['an escape attempt', () => '/images/..%2F..%2Fetc/passwd'],
  ])('falls through to the 404 page for %s', async (_label, address) => {
    for (const method of ['GET', 'HEAD']) {
      const response = await fetch(`${base}${address()}`, { method });
      expect(response.status).toBe(404);
      if (method === 'GET') expect(await response.text()).toBe('Seite nicht gefunden');
    }
  });
});

describe.each(implementations)('pictures from %s storage kept in memory', (_kind, create) => {
  const reads: string[] = [];
  let real: Storage;
  beforeAll(() => {
    real = create();
    // The real storage, counting what it is asked to read.
    setStorage({ ...real, get: (key) => (reads.push(key), real.get(key)) });
  });
  afterAll(() => real.close?.());
  const readsOf = (id: string) => reads.filter((key) => key.includes(id)).length;

  test('a picture is read from storage once, then sent from memory (HEAD too), until pictures may have been removed', async () => {
    const id = randomUUID();
    const data = randomBytes(30_000);
    await getStorage().put(`images/${id}/960.avif`, data, 'image/avif');
    const address = `${base}/images/${id}/960.avif`;

    for (let i = 0; i < 3; i++) expect(Buffer.from(await (await fetch(address)).arrayBuffer()).equals(data)).toBe(true);
    const head = await fetch(address, { method: 'HEAD' });
    expect([head.status, head.headers.get('content-length'), head.headers.get('content-type')]).toEqual([200, '30000', 'image/avif']);
    expect(readsOf(id)).toBe(1);

    markContentChanged('pages'); // a comment, a new recipe: pictures are not removed
    expect(Buffer.from(await (await fetch(address)).arrayBuffer()).equals(data)).toBe(true);
    expect(readsOf(id)).toBe(1);

    markContentChanged(); // what every removal of picture files ends with, here or on another instance
    const afterChange = await fetch(address);
    expect(afterChange.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await afterChange.arrayBuffer()).equals(data)).toBe(true);
    expect(readsOf(id)).toBe(2);
  });

  test('a picture gone from storage is not found, however often it is asked for', async () => {
    const id = randomUUID();
    for (let i = 0; i < 2; i++) expect((await fetch(`${base}/images/${id}/480.webp`)).status).toBe(404);
    expect(readsOf(id)).toBe(2);
  });

  test('a file above 1 MiB is streamed from storage each time, not kept', async () => {
    const id = randomUUID();
    const data = randomBytes(1024 * 1024 + 1);
    await getStorage().put(`images/${id}/1600.jpg`, data, 'image/jpeg');
    const address = `${base}/images/${id}/1600.jpg`;

    const first = await fetch(address);
    expect(first.headers.get('content-length')).toBe(String(data.length));
    expect(Buffer.from(await first.arrayBuffer()).equals(data)).toBe(true);
    const readsAfterFirst = readsOf(id);
    expect(Buffer.from(await (await fetch(address)).arrayBuffer()).equals(data)).toBe(true);
    expect(readsOf(id)).toBeGreaterThan(readsAfterFirst);
  });
});

test('a picture whose reader is gone before it is sent leaves no file open', async () => {
  const storage = createLocalStorage(localRoot);
  setStorage(storage);
  const id = randomUUID();
  // Above 1 MiB: streamed from the open file, not read whole and kept.
  await storage.put(`images/${id}/480.jpg`, Buffer.alloc(1024 * 1024 + 1, 1), 'image/jpeg');
  // The reader went away while the file was being opened: the response is gone.
  const app = express();
  app.use((_req, res, next) => {
    res.destroy();
    next();
  });
  app.use('/images', serveImages());
  const gone = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => gone.once('listening', resolve));
  const { port } = gone.address() as AddressInfo;
  await expect(fetch(`http://127.0.0.1:${port}/images/${id}/480.jpg`)).rejects.toThrow();
  await new Promise((resolve) => gone.close(resolve));

  // Closing a file takes a moment; left to the garbage collector it would stay open far longer.
  await expect.poll(() => openFilesNaming(id), { timeout: 2_000 }).toEqual([]);
});

function openFilesNaming(part: string) {
  return readdirSync('/proc/self/fd')
    .map((fd) => {
      try {
        return readlinkSync(`/proc/self/fd/${fd}`);
      } catch {
        return ''; // closed meanwhile
      }
    })
    .filter((file) => file.includes(part));
}
