// The upload endpoint's work, with real requests against the real database
// and a temporary storage: JSON answers, German messages, a size cap that
// stops reading, and nothing stored for a refused file.
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { expect, onTestFinished, test } from 'vitest';
import { getDb } from '../../app/db/client.server.ts';
import { images } from '../../app/db/schema/recipes.ts';
import { receiveImageUpload } from '../../app/features/images/image-upload.server.ts';
import { getEnv } from '../../app/lib/env.server.ts';
import { MAX_INPUT_BYTES } from '../../app/features/images/image-limits.ts';
import { BodyTooLargeError, readBodyCapped, readFormCapped } from '../../app/lib/request-body.server.ts';
import { createUser } from '../support/factories.ts';
import { photo } from '../support/images.ts';
import { withCorruptHuffmanTable } from '../support/jpeg-samples.ts';
import { useTempStorage } from '../support/temp-storage.ts';
import { useTestDatabase } from '../support/test-db.ts';

useTestDatabase();
const storage = useTempStorage();

function post(body: BodyInit | null, headers: Record<string, string> = {}) {
  // `duplex` (needed for a streamed body) is missing from TypeScript's RequestInit.
  return new Request('http://localhost/api/uploads', { method: 'POST', body, headers, duplex: 'half' } as RequestInit);
}

/** A body streamed in chunks, without a declared length, that counts how much of it was read. */
function stream(chunks: number, chunkSize: number) {
  const counter = { pulled: 0 };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (counter.pulled >= chunks) return controller.close();
      counter.pulled++;
      controller.enqueue(new Uint8Array(chunkSize));
    },
  });
  return { body, counter };
}

test('a JPEG is stored for the user and answered with 201 and the image', async () => {
  const heidi = await createUser();
  const response = await receiveImageUpload(post(new Uint8Array(await photo(1000, 700)), { 'content-type': 'image/jpeg' }), heidi.id);
  expect(response.status).toBe(201);
  expect(response.headers.get('content-type')).toContain('application/json');
  const { image } = await response.json();
  expect(image).toMatchObject({ width: 1000, height: 700, widths: [480, 960] });
  const [row] = await getDb().select().from(images).where(eq(images.id, image.id));
  expect(row!.userId).toBe(heidi.id);
});

test('anything but a JPEG is refused with a German message before decoding, and nothing is stored', async () => {
  const heidi = await createUser();
  const before = (await getDb().select().from(images)).length;
  const png = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#ffcc00' } }).png().toBuffer();
  for (const body of [new Uint8Array(png), '<svg xmlns="http://www.w3.org/2000/svg"/>', 'GIF89a']) {
    // The declared type does not matter: the bytes are checked.
    const response = await receiveImageUpload(post(body, { 'content-type': 'image/jpeg' }), heidi.id);
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({ error: 'Diese Datei ist kein JPEG-Bild. Bitte lade ein Foto im Format JPEG (.jpg) hoch.' });
  }
  expect(await getDb().select().from(images)).toHaveLength(before);
});

test('a damaged JPEG and an empty body get their own messages', async () => {
  const heidi = await createUser();
  const jpeg = await photo(400, 300);
  const damaged = await receiveImageUpload(post(new Uint8Array(jpeg.subarray(0, 200))), heidi.id);
  expect(damaged.status).toBe(422);
  expect((await damaged.json()).error).toMatch(/beschädigt/);

  const empty = await receiveImageUpload(post(null), heidi.id);
  expect(empty.status).toBe(400);
  expect(await empty.json()).toEqual({ error: 'Bitte wähle ein Bild aus.' });
});

test('a sliver of a picture (one side more than ten times the other) is refused with 422, upright as shown; ten times passes', async () => {
  const heidi = await createUser();
  const before = (await getDb().select().from(images)).length;
  const plain = (width: number, height: number, orientation?: number) =>
    sharp({ create: { width, height, channels: 3, background: '#c08040' } })
      .jpeg()
      .withMetadata(orientation ? { orientation } : {})
      .toBuffer();
  // 1600 × 16,400 was a 503 ("try again later"): AVIF cannot be written that tall. The turned one is upright 300 × 20,000.
  for (const sliver of [await plain(1600, 16_400), await plain(20_000, 300, 6), await plain(8000, 700)]) {
    const response = await receiveImageUpload(post(new Uint8Array(sliver), { 'content-type': 'image/jpeg' }), heidi.id);
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ error: 'Das Bild ist zu lang und schmal: die längere Seite darf höchstens 10-mal so lang sein wie die kürzere.' });
  }
  expect(await getDb().select().from(images)).toHaveLength(before);
  const strip = await receiveImageUpload(post(new Uint8Array(await plain(300, 3000)), { 'content-type': 'image/jpeg' }), heidi.id);
  expect(strip.status).toBe(201);
});

test('a JPEG with a corrupt Huffman table is refused with 422 and the German message, and nothing is stored', async () => {
  const heidi = await createUser();
  const before = (await getDb().select().from(images)).length;
  const { damaged } = await withCorruptHuffmanTable(await photo(800, 600));
  const response = await receiveImageUpload(post(new Uint8Array(damaged), { 'content-type': 'image/jpeg' }), heidi.id);
  expect(response.status).toBe(422);
  expect(await response.json()).toEqual({ error: 'Das Bild ist beschädigt oder unvollständig und kann nicht gelesen werden.' });
  expect(await getDb().select().from(images)).toHaveLength(before);
});

test('an upload whose account was deleted meanwhile is answered as signed out (401), with no picture kept', async () => {
  // The account's row is gone when the picture's row is written: its foreign key fails.
  const gone = crypto.randomUUID();
  const filesBefore = readdirSync(storage.root, { recursive: true }).length;
  const response = await receiveImageUpload(post(new Uint8Array(await photo(800, 600)), { 'content-type': 'image/jpeg' }), gone);
  expect(response.status).toBe(401);
  expect(await response.json()).toEqual({ error: 'Bitte melde dich an, um ein Bild hochzuladen.' });
  expect(await getDb().select().from(images).where(eq(images.userId, gone))).toHaveLength(0);
  expect(readdirSync(storage.root, { recursive: true })).toHaveLength(filesBefore);
});

test('the upload waits in a private temporary file, which is gone after every answer: stored, refused, too large, broken off', async () => {
  // os.tmpdir() follows TMPDIR: a folder of this test's own to look into.
  const spool = mkdtempSync(path.join(tmpdir(), 'chuchiblog-spool-'));
  const originalTmp = process.env.TMPDIR;
  process.env.TMPDIR = spool;
  onTestFinished(() => {
    if (originalTmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = originalTmp;
    rmSync(spool, { recursive: true, force: true });
  });
  const heidi = await createUser();

  // While the body is being read, its file is there, readable by its owner only.
  let seenWhileReading: string[] = [];
  let modeWhileReading = 0;
  const jpeg = await photo(600, 400);
  const watched = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new Uint8Array(jpeg.subarray(0, 1000)));
    },
    async pull(controller) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      seenWhileReading = readdirSync(spool);
      if (seenWhileReading[0]) modeWhileReading = statSync(path.join(spool, seenWhileReading[0])).mode & 0o777;
      controller.enqueue(new Uint8Array(jpeg.subarray(1000)));
      controller.close();
    },
  });
  expect((await receiveImageUpload(post(watched), heidi.id)).status).toBe(201);
  expect(seenWhileReading).toHaveLength(1);
  expect(modeWhileReading).toBe(0o600);
  expect(readdirSync(spool)).toEqual([]);

  expect((await receiveImageUpload(post(new Uint8Array(jpeg.subarray(0, 300))), heidi.id)).status).toBe(422);
  expect(readdirSync(spool)).toEqual([]);

  expect((await receiveImageUpload(post(stream(25, 1024 * 1024).body), heidi.id)).status).toBe(413);
  expect(readdirSync(spool)).toEqual([]);

  const brokenOff = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new Uint8Array(jpeg.subarray(0, 1000)));
    },
    pull(controller) {
      controller.error(new Error('connection reset'));
    },
  });
  const broken = await receiveImageUpload(post(brokenOff), heidi.id);
  expect(broken.status).toBe(400);
  expect(await broken.json()).toEqual({ error: 'Das Bild ist nicht vollständig angekommen. Bitte versuche es noch einmal.' });
  expect(readdirSync(spool)).toEqual([]);
});

test('a body declared far larger than 20 MB is refused without reading it', async () => {
  const heidi = await createUser();
  const { body, counter } = stream(10, 1024);
  const response = await receiveImageUpload(post(body, { 'content-length': String(10 * MAX_INPUT_BYTES) }), heidi.id);
  expect(response.status).toBe(413);
  expect((await response.json()).error).toMatch(/zu gross/);
  expect(counter.pulled).toBeLessThanOrEqual(1);
});

test('a body a little over the cap is read to its end and thrown away, so that the client gets the answer', async () => {
  const { body, counter } = stream(20, 64 * 1024);
  await expect(readBodyCapped(post(body, { 'content-length': String(20 * 64 * 1024) }), 1024 * 1024)).rejects.toBeInstanceOf(BodyTooLargeError);
  expect(counter.pulled).toBe(20);
});

test('a body without a declared length is kept only up to the cap, and not read beyond 64 MiB', async () => {
  const { body, counter } = stream(1_100, 64 * 1024);
  await expect(readBodyCapped(post(body), 1024 * 1024)).rejects.toBeInstanceOf(BodyTooLargeError);
  // 64 MiB are 1,024 chunks (plus what the stream buffered ahead); the stream had 1,100.
  expect(counter.pulled).toBeGreaterThanOrEqual(1_024);
  expect(counter.pulled).toBeLessThan(1_035);
});

test('a capped form read gives the fields, an empty form for a body that is no form, and refuses too much', async () => {
  const form = await readFormCapped(post('title=R%C3%B6sti&tags=Salzig&tags=Winter', { 'content-type': 'application/x-www-form-urlencoded' }), 1024);
  expect(form.get('title')).toBe('Rösti');
  expect(form.getAll('tags')).toEqual(['Salzig', 'Winter']);

  const broken = await readFormCapped(post('--x\r\nnonsense', { 'content-type': 'multipart/form-data; boundary=y' }), 1024);
  expect([...broken.keys()]).toEqual([]);

  await expect(readFormCapped(post('a='.padEnd(2048, 'x'), { 'content-type': 'application/x-www-form-urlencoded' }), 1024)).rejects.toBeInstanceOf(
    BodyTooLargeError,
  );
});

test('uploads are limited per user and hour, with a German message', async () => {
  const busy = await createUser();
  const calm = await createUser();
  await getDb()
    .insert(images)
    .values(Array.from({ length: getEnv().RATE_LIMIT_UPLOADS_PER_USER.max }, () => ({ userId: busy.id, width: 10, height: 10, widths: [10] })));
  const jpeg = new Uint8Array(await photo(300, 200));
  const refused = await receiveImageUpload(post(jpeg), busy.id);
  expect(refused.status).toBe(429);
  expect((await refused.json()).error).toMatch(/sehr viele Bilder/);
  expect((await receiveImageUpload(post(jpeg), calm.id)).status).toBe(201);
});
