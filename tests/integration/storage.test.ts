// One contract, two implementations: local files and an S3-compatible store
// (s3rver on a loopback port). Both must behave the same for the app.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseEnv } from '../../app/lib/env.server.ts';
import { createLocalStorage } from '../../app/lib/storage/local-storage.server.ts';
import { createS3Storage } from '../../app/lib/storage/s3-storage.server.ts';
import { createStorage, type Storage } from '../../app/lib/storage/storage.server.ts';
import { startS3Server } from '../support/s3-server.ts';

let s3: Awaited<ReturnType<typeof startS3Server>>;
let localRoot: string;

beforeAll(async () => {
  s3 = await startS3Server();
  localRoot = mkdtempSync(path.join(tmpdir(), 'chuchiblog-storage-'));
});

afterAll(async () => {
  await s3.stop();
  rmSync(localRoot, { recursive: true, force: true });
});

const implementations: Array<[string, () => Storage]> = [
  ['local', () => createLocalStorage(localRoot)],
  ['s3', () => createS3Storage(s3.options)],
];

async function read(storage: Storage, key: string) {
  const file = await storage.get(key);
  if (!file) return undefined;
  return { size: file.size, data: await buffer(file.body) };
}

describe.each(implementations)('%s storage', (kind, create) => {
  let storage: Storage;
  // Each test writes below its own folder, so tests stay independent.
  let folder = 0;
  const fresh = () => `${kind}-${++folder}`;

  beforeAll(() => {
    storage = create();
  });
  afterAll(() => storage.close?.());

  test('gives back exactly what was put, with its size', async () => {
    const key = `${fresh()}/480.jpg`;
    const data = randomBytes(300_000);
    await storage.put(key, data, 'image/jpeg');
    const file = await read(storage, key);
    expect(file?.size).toBe(data.length);
    expect(file?.data.equals(data)).toBe(true);
  });

  test('answers undefined for a key that was never stored', async () => {
    const dir = fresh();
    expect(await storage.get(`${dir}/960.webp`)).toBeUndefined();
    expect(await storage.list(`${dir}/`)).toEqual([]);
  });

  test('replaces a file that is put again', async () => {
    const key = `${fresh()}/1600.avif`;
    await storage.put(key, Buffer.from('first version'), 'image/avif');
    await storage.put(key, Buffer.from('second'), 'image/avif');
    expect((await read(storage, key))?.data.toString()).toBe('second');
  });

  test('lists keys by plain string prefix, with size and modification time', async () => {
    const dir = fresh();
    const keys = [`${dir}/aa/480.jpg`, `${dir}/aa/960.jpg`, `${dir}/ab/480.jpg`, `${dir}-other/x.jpg`];
    for (const key of keys) await storage.put(key, Buffer.from(key), 'image/jpeg');

    const folderAa = await storage.list(`${dir}/aa/`);
    expect(folderAa.map((e) => e.key).sort()).toEqual([`${dir}/aa/480.jpg`, `${dir}/aa/960.jpg`]);
    expect(folderAa[0]!.size).toBe(`${dir}/aa/480.jpg`.length);
    expect(Math.abs(folderAa[0]!.lastModified.getTime() - Date.now())).toBeLessThan(60_000);

    expect((await storage.list(`${dir}/a`)).map((e) => e.key).sort()).toEqual(keys.slice(0, 3));
    expect((await storage.list(dir)).map((e) => e.key).sort()).toEqual([...keys].sort());
    expect((await storage.list('')).map((e) => e.key)).toEqual(expect.arrayContaining(keys));
  });

  test('removes every file under a prefix and nothing else', async () => {
    const dir = fresh();
    await storage.put(`${dir}/aa/480.jpg`, Buffer.from('a'), 'image/jpeg');
    await storage.put(`${dir}/aa/960.jpg`, Buffer.from('b'), 'image/jpeg');
    await storage.put(`${dir}/aab/480.jpg`, Buffer.from('c'), 'image/jpeg');

    await storage.removePrefix(`${dir}/aa/`);
    expect(await storage.get(`${dir}/aa/480.jpg`)).toBeUndefined();
    expect((await storage.list(`${dir}/`)).map((e) => e.key)).toEqual([`${dir}/aab/480.jpg`]);
    await expect(storage.removePrefix(`${dir}/nothing-here/`)).resolves.toBeUndefined();
  });

  test.each(['../escape.jpg', '/etc/passwd', 'images/../../x.jpg', 'images//480.jpg', 'Images/X.jpg', '.hidden', ''])(
    'refuses the unsafe key %j',
    async (key) => {
      await expect(storage.put(key, Buffer.from('x'), 'image/jpeg')).rejects.toThrow(/Unsafe storage key/);
      await expect(storage.get(key)).rejects.toThrow(/Unsafe storage key/);
    },
  );
});

test('local storage leaves no temporary files and no empty folders behind', async () => {
  const root = mkdtempSync(path.join(tmpdir(), 'chuchiblog-storage-'));
  try {
    const storage = createLocalStorage(root);
    await storage.put('images/abc/480.jpg', Buffer.from('x'), 'image/jpeg');
    expect(readdirSync(path.join(root, 'images', 'abc'))).toEqual(['480.jpg']);
    await storage.removePrefix('images/abc/');
    expect(readdirSync(root)).toEqual([]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('the configuration picks S3 when bucket and keys are set, local files otherwise', async () => {
  const local = createStorage(parseEnv({ DATA_DIR: localRoot }));
  expect(local.kind).toBe('local');

  const configured = createStorage(
    parseEnv({
      DATA_DIR: localRoot,
      S3_ENDPOINT: s3.options.endpoint,
      S3_BUCKET: s3.options.bucket,
      S3_ACCESS_KEY_ID: s3.options.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.options.secretAccessKey,
    }),
  );
  try {
    expect(configured.kind).toBe('s3');
    await configured.put('config-check/480.jpg', Buffer.from('über S3'), 'image/jpeg');
    expect((await read(configured, 'config-check/480.jpg'))?.data.toString()).toBe('über S3');
  } finally {
    configured.close?.();
  }
});

test('an S3 store that cannot be reached is an error, not a missing file', async () => {
  const unreachable = createS3Storage({ ...s3.options, endpoint: 'http://127.0.0.1:9', bucket: 'chuchiblog' });
  try {
    await expect(unreachable.get('images/x/480.jpg')).rejects.toThrow();
  } finally {
    unreachable.close?.();
  }
});

// S3 makes every PUT atomic by itself (s3rver, the stand-in here, streams into
// the file and does not); the local store must give the same guarantee.
test('local storage keeps every file whole when the same key is written concurrently', async () => {
  const storage = createLocalStorage(localRoot);
  const key = 'concurrent/480.webp';
  const versions = [randomBytes(200_000), randomBytes(200_000), randomBytes(200_000)];
  await Promise.all(versions.map((v) => storage.put(key, v, 'image/webp')));
  const stored = (await read(storage, key))!.data;
  expect(versions.some((v) => v.equals(stored))).toBe(true);
  expect((await storage.list(key)).map((e) => e.key)).toEqual([key]);
});
