// When the server itself fails (here: the database goes away), visitors get
// the German error page with status 500, not a stack trace or a blank page.
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { getConnection, setDatabase } from '../../app/db/client.server.ts';
import { rawRequest as rawText } from '../support/raw-http.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});

afterAll(async () => {
  await app?.stop();
});

test('a failing database gives the German error page with status 500', async () => {
  const connection = getConnection();
  setDatabase(undefined); // every query now throws, as with a lost database server
  try {
    const response = await fetch(`${app.url}/hauptgang`);
    expect(response.status).toBe(500);
    const html = await response.text();
    expect(html).toContain('Unexpected Application Error!');
    expect(html).toContain('Da ist leider etwas schiefgelaufen.');
    expect(html).not.toMatch(/at \w+ \(|node_modules|\.server\.ts/); // no stack trace for visitors
  } finally {
    setDatabase(connection);
  }
  expect((await fetch(`${app.url}/hauptgang`)).status).toBe(200);
});

/** node:http, because fetch refuses to send TRACE at all. */
function rawRequest(method: string, path: string) {
  return new Promise<{ status: number; allow: string | undefined }>((resolve, reject) => {
    const request = httpRequest(`${app.url}${path}`, { method }, (response) => {
      response.resume();
      resolve({ status: response.statusCode ?? 0, allow: response.headers.allow });
    });
    request.on('error', reject);
    request.end();
  });
}

test('unusual methods get 405, never a 500', async () => {
  for (const method of ['TRACE', 'PUT', 'PATCH', 'DELETE']) {
    for (const path of ['/', '/detail/00000000-0000-4000-8000-000000000000/delete', '/api/uploads']) {
      expect(await rawRequest(method, path), `${method} ${path}`).toEqual({ status: 405, allow: 'GET, HEAD, POST, OPTIONS' });
    }
  }
});

test('OPTIONS names the methods and runs nothing: no download, no limit counted, no route called', async () => {
  for (const path of ['/', '/konto/export', '/feed.xml', '/api/altcha-challenge', '/detail/00000000-0000-4000-8000-000000000000']) {
    const answer = await rawRequest('OPTIONS', path);
    expect(answer, path).toEqual({ status: 204, allow: 'GET, HEAD, POST, OPTIONS' });
  }
});

test('CONNECT, which Node hands past the request listener, gets the German 405 too, not a dropped connection', async () => {
  const { host } = new URL(app.url);
  const answer = await rawText(app.url, `CONNECT example.org:443 HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
  expect([answer.status, answer.headers.allow, answer.body.toString('utf8')]).toEqual([405, 'GET, HEAD, POST, OPTIONS', 'Diese Anfrageart wird nicht unterstützt.']);
  expect((await fetch(`${app.url}/`)).status).toBe(200); // the server goes on
});

test('a refused CONNECT whose client keeps its end open is closed by the server soon after', async () => {
  const { hostname, port } = new URL(app.url);
  const socket = connect(Number(port), hostname);
  const received: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => received.push(chunk));
  socket.write(`CONNECT example.org:443 HTTP/1.1\r\nHost: ${hostname}:${port}\r\n\r\n`);
  // Never ended from this side: the server must not keep it (no timeout of Node's applies to it any more).
  const closedAfter = await new Promise<number>((resolve) => {
    const start = Date.now();
    socket.on('close', () => resolve(Date.now() - start));
  });
  expect(Buffer.concat(received).toString('utf8')).toMatch(/^HTTP\/1\.1 405 /);
  expect(closedAfter).toBeLessThan(5000);
});

test('a request Node cannot read gets its status with a German text, not an empty answer', async () => {
  const { host } = new URL(app.url);
  const cases = [
    { request: `GET /a b HTTP/1.1\r\nHost: ${host}\r\n\r\n`, status: 400, text: 'Diese Anfrage können wir so nicht verarbeiten.' },
    { request: `GET / HTTP/1.1\r\nHost: ${host}\r\nX-Folded: a\r\n b\r\n\r\n`, status: 400, text: 'Diese Anfrage können wir so nicht verarbeiten.' },
    { request: `GET /suche?q=${'x'.repeat(20_000)} HTTP/1.1\r\nHost: ${host}\r\n\r\n`, status: 431, text: 'Die Anfrage ist zu gross: Adresse oder Cookies sind zu lang.' },
    { request: `GET / HTTP/1.1\r\nHost: ${host}\r\nExpect: nonsense\r\nConnection: close\r\n\r\n`, status: 417, text: 'Diese Anfrage können wir so nicht verarbeiten.' },
  ];
  for (const { request, status, text } of cases) {
    const answer = await rawText(app.url, request);
    expect([answer.status, answer.headers['content-type'], answer.body.toString('utf8')], request.slice(0, 40)).toEqual([status, 'text/plain; charset=utf-8', text]);
  }
  expect((await fetch(`${app.url}/`)).status).toBe(200); // the server goes on
});

test('a path the router would read as another one (dot segments, a backslash) is refused before any check reads it', async () => {
  const { host } = new URL(app.url);
  const recipe = '/detail/00000000-0000-4000-8000-000000000000';
  for (const path of [`${recipe}/kommentare/../melden.data`, `${recipe}/x/%2e%2e/melden`, '/x/../reset-password?token=abc', '/tags\\..\\imprint']) {
    for (const method of ['GET', 'POST']) {
      const answer = await rawText(app.url, `${method} ${path} HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${app.url}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
      expect([answer.status, answer.body.toString('utf8')], `${method} ${path}`).toEqual([400, 'Diese Anfrage können wir so nicht verarbeiten.']);
    }
  }
  // A dot that is no segment of its own is an ordinary path.
  expect((await fetch(`${app.url}/.well-known/x`)).status).toBe(404);
});

test('a refusal names its status in German in the page\'s data, never "Internal Server Error"', async () => {
  const missing = '/detail/00000000-0000-4000-8000-000000000000';
  for (const path of [missing, `${missing}.data`, '/gibt-es-nicht']) {
    const response = await fetch(`${app.url}${path}`);
    const body = await response.text();
    expect(response.status, path).toBe(404);
    expect(body, path).not.toContain('Internal Server Error');
    expect(body, path).toContain('Nicht gefunden');
  }
});

test('error pages have a German title', async () => {
  const notFound = await (await fetch(`${app.url}/gibt-es-nicht`)).text();
  expect(notFound).toContain('<title>Seite nicht gefunden | Chuchiblog</title>');
  const unknownRecipe = await (await fetch(`${app.url}/detail/00000000-0000-4000-8000-000000000000`)).text();
  expect(unknownRecipe).toContain('<title>Seite nicht gefunden | Chuchiblog</title>');
});

test('an oversized form post is refused with 413 before it fills the memory', async () => {
  const post = (size: number) =>
    fetch(`${app.url}/forgot`, {
      method: 'POST',
      headers: { origin: app.url, 'content-type': 'application/x-www-form-urlencoded' },
      body: `email=${'a'.repeat(size)}`,
    });
  expect((await post(100 * 1024)).status).toBe(413);
  // Up to 64 MiB the body is read and dropped, so that the client reads the German answer.
  const large = await post(8 * 1024 * 1024);
  expect(large.status).toBe(413);
  expect(await large.text()).toMatch(/zu gross/);
  // Beyond, the server stops reading and closes the connection.
  await expect(post(70 * 1024 * 1024)).rejects.toThrow();
  expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
});
