// Every route of the site, with the addresses and bodies nobody means to send:
// broken escapes, numbers out of range, repeated and empty parameters, bodies of
// the wrong kind, every method, the route-data suffix, anonymous and signed in.
// hostile-input.test.ts checks each refusal's status and message one by one;
// this sweep checks the rule that holds for all of them: no request, however
// malformed, ends in a server error.
import { Agent, request as httpRequest } from 'node:http';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createComment, createRecipe } from '../support/factories.ts';
import { createAccount, sessionCookie } from '../support/accounts.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

let app: TestApp;
let cookie: string;
let recipeId: string;
let commentId: string;
const agent = new Agent({ keepAlive: true, maxSockets: 8 });

beforeAll(async () => {
  app = await startTestApp();
  const owner = await createAccount('Beat Keller');
  const reader = await createAccount('Chiara Rossi');
  recipeId = (await createRecipe(owner, { title: 'Zuger Kirschtorte', category: 'Dessert' })).id;
  commentId = (await createComment(recipeId, reader)).id;
  cookie = await sessionCookie(app.url, owner.email);
});

afterAll(async () => {
  agent.destroy();
  await app?.stop();
});

const MISSING = '00000000-0000-4000-8000-000000000000';

/** Every route (routes.ts), with ids that exist, ids that do not and ids that are no ids. */
const paths = () => [
  '/',
  '/hauptgang',
  '/dessert',
  '/tags',
  '/tags/Salzig',
  '/tags/%E0%A4%A',
  `/detail/${recipeId}`,
  `/detail/${MISSING}`,
  '/detail/%FF',
  `/detail/${recipeId}/kochmodus`,
  `/detail/${recipeId}/kommentare/${commentId}/melden`,
  `/detail/${recipeId}/kommentare/1/melden`,
  `/detail/${recipeId}/delete`,
  `/detail/${recipeId}/kontakt`,
  '/imprint',
  '/datenschutz',
  '/suche',
  '/create',
  `/edit/${recipeId}`,
  `/edit/${MISSING}`,
  '/login',
  '/forgot',
  '/reset-password',
  '/verify-email',
  '/profile',
  '/konto',
  '/konto/email-bestaetigen',
  '/konto/export',
  '/api/uploads',
  '/api/altcha-challenge',
  '/robots.txt',
  '/sitemap.xml',
  '/sitemaps/1',
  '/sitemaps/x',
  '/feed.xml',
  '/hauptgang/feed.xml',
  '/gibt-es-nicht',
  `/images/${recipeId}/960.avif`,
  '/assets/gibt-es-nicht.js',
];

const QUERIES = [
  '?seite=2',
  '?seite=-1',
  '?seite=99999999999999999999',
  '?seite=1&seite=2',
  '?portionen=0',
  '?portionen=1e308',
  `?q=${'Rösti'.repeat(400)}`,
  '?q=%',
  '?q=%E0%A4%A&tag=%FF',
  '?_routes=root,gibt-es-nicht',
  '?token=%00&callbackURL=//example.com',
  '?redirectTo=javascript:alert(1)',
];

const BODIES = ['', 'intent=%', `intent=delete-comment&commentId=${MISSING}`, 'intent=create-comment&rating=99&comment=%FF', '%%%&&==', '{"intent":"save"}'];
const CONTENT_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json'];
/** Signing out would end the signed-in half of the sweep early; it is swept anonymously only. */
const SIGNS_OUT = '/logout';

type Sent = { method: string; path: string; body?: string; contentType?: string; cookie?: string };

function send({ method, path, body, contentType, cookie: sentCookie }: Sent) {
  const headers: Record<string, string> = { origin: app.url };
  if (sentCookie) headers.cookie = sentCookie;
  if (contentType) headers['content-type'] = contentType;
  if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
  return new Promise<number>((resolve, reject) => {
    const request = httpRequest(`${app.url}${path}`, { method, headers, agent }, (response) => {
      response.resume().on('end', () => resolve(response.statusCode!));
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** The sweep for one reader: every path as a page, as route data and with a trailing slash. */
function requestsFor(readerCookie: string | undefined): Sent[] {
  const sent: Sent[] = [];
  for (const route of [...paths(), ...(readerCookie ? [] : [SIGNS_OUT])]) {
    for (const path of [route, `${route}.data`, `${route}/`]) {
      const as = { cookie: readerCookie };
      for (const query of ['', ...QUERIES]) sent.push({ method: 'GET', path: `${path}${query}`, ...as });
      for (const body of BODIES) for (const contentType of CONTENT_TYPES) sent.push({ method: 'POST', path, body, contentType, ...as });
      for (const method of ['HEAD', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) sent.push({ method, path, ...as });
    }
  }
  return sent;
}

const readers: Array<[who: string, cookie: () => string | undefined]> = [
  ['anonymous', () => undefined],
  ['signed in', () => cookie],
];

test.each(readers)('%s: no request to any route ends in a server error', async (_who, readerCookie) => {
  const sent = requestsFor(readerCookie());
  const serverErrors: string[] = [];
  const statuses = new Set<number>();
  // A few at a time, as several readers would.
  for (let i = 0; i < sent.length; i += 8) {
    await Promise.all(
      sent.slice(i, i + 8).map(async (request) => {
        const status = await send(request);
        statuses.add(status);
        if (status >= 500) serverErrors.push(`${status} ${request.method} ${request.path} ${request.contentType ?? ''} ${request.body ?? ''}`.slice(0, 200));
      }),
    );
  }
  expect(sent.length).toBeGreaterThan(3000);
  expect(serverErrors).toEqual([]);
  // The sweep reached real pages, refusals and redirects, not one blanket answer.
  expect([...statuses]).toEqual(expect.arrayContaining([200, 302, 400, 404, 405]));
}, 120_000);

test('the login page reads its way back from any Referer without failing, and only to a page of this site', async () => {
  /** The login page's status and the way back in its form ('' for none). */
  const loginWith = (referer: string) =>
    new Promise<{ status: number; wayBack: string }>((resolve, reject) => {
      const request = httpRequest(`${app.url}/login`, { headers: { referer }, agent }, (response) => {
        let html = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (html += chunk));
        response.on('end', () => resolve({ status: response.statusCode!, wayBack: /name="redirectTo" value="([^"]*)"/.exec(html)?.[1] ?? '' }));
      });
      request.on('error', reject);
      request.end();
    });
  const recipe = `/detail/${recipeId}?portionen=6`;
  const expected: Array<[referer: string, wayBack: string]> = [
    [`${app.url}${recipe}`, recipe],
    ['https://boese.example/detail/x', ''],
    [`${app.url}//boese.example/x`, ''],
    [`${app.url}/\\boese.example/x`, ''],
    ['http://[::1', ''],
    ['kein Link', ''],
    ['/detail/x', ''],
    [`${app.url}/login?modus=registrieren`, ''],
    [`${app.url}/`, ''],
    [`${app.url}/${'a'.repeat(6000)}`, `/${'a'.repeat(6000)}`],
  ];
  for (const [referer, wayBack] of expected) {
    expect(await loginWith(referer), referer.slice(0, 80)).toEqual({ status: 200, wayBack });
  }
});
