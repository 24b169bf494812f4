// The client build's files (server/built-files.ts) from a client directory
// written by the test, in a real Express app over real HTTP: which files go
// out as a compressed copy and which as they are. The production build's own
// files: tests/e2e/built-files.test.ts.
import { once } from 'node:events';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { builtFiles } from '../../server/built-files.ts';
import { chooseEncoding } from '../../server/content-encoding.ts';
import { requestAsSent } from '../support/raw-http.ts';

const script = Buffer.from(`export const greeting = ${JSON.stringify('Grüezi '.repeat(200))};\n`);

let clientDir: string;
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  clientDir = await mkdtemp(path.join(tmpdir(), 'chuchiblog-built-files-'));
  await mkdir(path.join(clientDir, 'assets'));
  const files: Record<string, Buffer> = {
    'assets/both.js': script,
    'assets/both.js.br': brotliCompressSync(script),
    'assets/both.js.gz': gzipSync(script),
    // An interrupted build: one copy only. It is not used.
    'assets/only-br.js': script,
    'assets/only-br.js.br': brotliCompressSync(script),
    'assets/none.js': script,
    'assets/face.woff2': Buffer.from([0x77, 0x4f, 0x46, 0x32, 1, 2, 3, 4]),
    'logo.svg': Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'),
    'logo.svg.br': brotliCompressSync('<svg xmlns="http://www.w3.org/2000/svg"></svg>'),
    'logo.svg.gz': gzipSync('<svg xmlns="http://www.w3.org/2000/svg"></svg>'),
  };
  for (const [name, bytes] of Object.entries(files)) await writeFile(path.join(clientDir, name), bytes);

  const app = express();
  app.use(builtFiles(clientDir));
  app.use((_req, res) => {
    res.status(404).send('not a file');
  });
  server = createServer(app).listen(0, '127.0.0.1');
  await once(server, 'listening');
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server?.closeAllConnections();
  server?.close();
  await rm(clientDir, { recursive: true, force: true });
});

/** The answer as sent (fetch would decode it). */
async function get(urlPath: string, headers: Record<string, string> = {}) {
  const answer = await requestAsSent(`${baseUrl}${urlPath}`, { headers });
  return { ...answer, encoding: answer.headers['content-encoding'] };
}

test('a file with both copies goes out as the copy the client takes', async () => {
  const br = await get('/assets/both.js', { 'Accept-Encoding': 'br, gzip' });
  expect(br.encoding).toBe('br');
  expect(br.body.equals(brotliCompressSync(script))).toBe(true);

  const gz = await get('/assets/both.js', { 'Accept-Encoding': 'gzip' });
  expect(gz.encoding).toBe('gzip');
  expect(gz.body.equals(gzipSync(script))).toBe(true);
});

test('a file with one copy or none, and a client that takes neither, get the file as it is', async () => {
  for (const [urlPath, acceptEncoding] of [
    ['/assets/only-br.js', 'br'],
    ['/assets/none.js', 'br, gzip'],
    ['/assets/both.js', 'identity'],
  ] as const) {
    const answer = await get(urlPath, { 'Accept-Encoding': acceptEncoding });
    expect(answer.status, urlPath).toBe(200);
    expect(answer.encoding, urlPath).toBeUndefined();
    expect(answer.body.equals(script), urlPath).toBe(true);
  }
});

test('the files beside /assets have copies too, and the copies are no addresses of their own', async () => {
  const logo = await get('/logo.svg', { 'Accept-Encoding': 'br' });
  expect(logo.encoding).toBe('br');

  for (const copy of ['/assets/both.js.br', '/assets/both.js.gz', '/logo.svg.br', '/logo.svg.gz']) {
    const answer = await get(copy, { 'Accept-Encoding': 'br' });
    expect(answer.status, copy).toBe(404);
    expect(answer.body.toString(), copy).toBe('not a file');
  }
});

test('a file without copies (a font) goes out as it is, from memory, with its ETag', async () => {
  const font = await get('/assets/face.woff2', { 'Accept-Encoding': 'br, gzip' });
  expect(font.status).toBe(200);
  expect(font.encoding).toBeUndefined();
  expect(font.headers['content-type']).toBe('font/woff2');
  expect(font.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(font.headers.vary).toBeUndefined();
  expect(font.body.equals(Buffer.from([0x77, 0x4f, 0x46, 0x32, 1, 2, 3, 4]))).toBe(true);

  const again = await get('/assets/face.woff2', { 'If-None-Match': String(font.headers.etag) });
  expect(again.status).toBe(304);
  expect(again.body.length).toBe(0);
});

test('a range, and a path written percent-encoded, get the plain file from express.static', async () => {
  const range = await get('/assets/both.js', { 'Accept-Encoding': 'br', Range: 'bytes=0-9' });
  expect(range.status).toBe(206);
  expect(range.encoding).toBeUndefined();
  expect(range.body.equals(script.subarray(0, 10))).toBe(true);

  const encoded = await get('/assets/%62oth.js', { 'Accept-Encoding': 'br' });
  expect(encoded.status).toBe(200);
  expect(encoded.body.equals(script)).toBe(true);
});

describe('chooseEncoding', () => {
  test.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['br;q=0.1, gzip;q=1', 'br'], // any brotli: ours are smaller
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['identity', 'identity'],
    ['br;q=0, gzip;q=0', 'identity'],
    ['', 'identity'],
    [undefined, 'identity'],
    ['deflate', 'identity'],
    ['br;q=abc', 'br'], // a q-value that is no number is ignored
    [' GZIP ; Q=0.5 ', 'gzip'],
  ])('Accept-Encoding %j → %s', (header, encoding) => {
    expect(chooseEncoding(header)).toBe(encoding);
  });
});
