// The export's ZIP stream: a reader who goes away mid-archive leaves no file open.
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { zipStream } from '../../app/lib/zip-stream.server.ts';

let folder: string;
let picture: string;

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'chuchiblog-zip-'));
  picture = path.join(folder, 'bild.jpg');
  await writeFile(picture, Buffer.alloc(256 * 1024, 7));
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

test('an archive left after a file’s header closes that file, unread', async () => {
  const file = createReadStream(picture);
  const archive = zipStream([{ name: 'bilder/bild.jpg', data: file }]);
  const header = await archive.next();
  expect(Buffer.from(header.value!).subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  await archive.return(undefined);
  expect(file.destroyed).toBe(true);
});

test('an archive left in the middle of a file closes it too', async () => {
  const file = createReadStream(picture, { highWaterMark: 16 * 1024 });
  const archive = zipStream([{ name: 'bilder/bild.jpg', data: file }]);
  await archive.next(); // the header
  await archive.next(); // the first piece
  await archive.return(undefined);
  expect(file.destroyed).toBe(true);
});
