// The site has one address, PUBLIC_URL: whatever a request says about its
// host (a broken `Host`, a proxy's own, a request line in absolute form), the
// answer is the site's page, or a German 400, never a 500.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { rawRequest } from '../support/raw-http.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ TRUST_PROXY: 'true' });
});

afterAll(async () => {
  await app?.stop();
});

let signIns = 0;

/** A sign-in with an address nobody has (a new one each time: failures are limited per address). */
function post(target: string, headers: string) {
  const form = `email=niemand-${++signIns}%40example.ch&password=falsch-falsch`;
  return rawRequest(
    app.url,
    `POST ${target} HTTP/1.1\r\n${headers}Origin: ${app.url}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${form.length}\r\nConnection: close\r\n\r\n${form}`,
  );
}

/** The sign-in's German refusal (401): the action ran. */
const SIGN_IN_REFUSED = 'Benutzername oder Passwort falsch!';

test('a Host that names no host still gets the site’s pages (rendered, not from the cache) and its forms', async () => {
  for (const host of ['a b', '%', '[::1', '127.0.0.1:-1', '127.0.0.1:65536', 'xn--', '1.2.3.4.5', '<x>']) {
    // A search renders every time (it is not kept): the rendered path.
    const page = await rawRequest(app.url, `GET /suche?q=Zopf HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
    expect(page.status, host).toBe(200);
    expect(page.body.toString(), host).toContain('<html lang="de-CH"');
    const signIn = await post('/login', `Host: ${host}\r\n`);
    expect(signIn.status, host).toBe(401);
    expect(signIn.body.toString(), host).toContain(SIGN_IN_REFUSED);
  }
});

test('a request without Host (HTTP/1.1 asks for one; Node would answer an empty 400) gets the site’s page and its forms', async () => {
  const page = await rawRequest(app.url, `GET /suche?q=Zopf HTTP/1.1\r\nConnection: close\r\n\r\n`);
  expect(page.status).toBe(200);
  expect(page.body.toString()).toContain('<html lang="de-CH"');
  expect(page.headers['content-security-policy']).toBeDefined();
  const signIn = await post('/login', '');
  expect(signIn.status).toBe(401);
  expect(signIn.body.toString()).toContain(SIGN_IN_REFUSED);
});

test('a proxy that passes its own Host, or a broken X-Forwarded-Host and -Proto, does not stop a form', async () => {
  for (const headers of ['Host: 10.0.0.7:3000\r\n', `Host: ${new URL(app.url).host}\r\nX-Forwarded-Host: a b\r\n`, `Host: ${new URL(app.url).host}\r\nX-Forwarded-Proto: https\r\n`]) {
    const signIn = await post('/login', headers);
    expect(signIn.status, headers).toBe(401);
    expect(signIn.body.toString(), headers).toContain(SIGN_IN_REFUSED);
  }
});

test('a request line in absolute form is served as its path; `*` gets a German 400', async () => {
  const imprint = await rawRequest(app.url, `GET http://anderswo.example/imprint HTTP/1.1\r\nHost: anderswo.example\r\nConnection: close\r\n\r\n`);
  expect(imprint.status).toBe(200);
  expect(imprint.body.toString()).toContain('Impressum');
  const signIn = await post(`${app.url}/login`, `Host: ${new URL(app.url).host}\r\n`);
  expect(signIn.status).toBe(401);
  expect(signIn.body.toString()).toContain(SIGN_IN_REFUSED);

  for (const method of ['OPTIONS', 'GET']) {
    const star = await rawRequest(app.url, `${method} * HTTP/1.1\r\nHost: ${new URL(app.url).host}\r\nConnection: close\r\n\r\n`);
    expect(star.status, method).toBe(400);
    expect(star.body.toString(), method).toBe('Diese Anfrage können wir so nicht verarbeiten.');
  }
  expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
});
