// The page cache's bound (PAGE_CACHE_MB), over real HTTP with a cache of 1 MiB:
// the least recently read page leaves first, and 404s for made-up addresses
// fill only their own eighth, so they cannot push out the pages readers read.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createRecipe } from '../support/factories.ts';
import { createAccount } from '../support/accounts.ts';
import { requestAsSent } from '../support/raw-http.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

let app: TestApp;
let recipeIds: string[];
/** More recipe pages than the seven eighths of 1 MiB that pages may fill hold (about 35 KB each). */
const RECIPES = 36;

beforeAll(async () => {
  app = await startTestApp({ PAGE_CACHE_MB: '1' });
  const owner = await createAccount('Beat Keller');
  recipeIds = [];
  for (let i = 0; i < RECIPES; i++) recipeIds.push((await createRecipe(owner, { title: `Rösti Nummer ${i + 1}` })).id);
});

afterAll(async () => {
  await app?.stop();
});

/** Whether `path` is answered from the cache now (one request: a miss keeps it for the next). */
async function cacheSays(path: string) {
  const answer = await requestAsSent(`${app.url}${path}`, { headers: { 'accept-encoding': 'br' } });
  return answer.headers['x-page-cache'];
}

/** The bytes a page takes in the cache: plain, brotli and gzip. */
async function keptBytes(path: string) {
  let bytes = 0;
  for (const encoding of ['identity', 'br', 'gzip']) {
    bytes += (await requestAsSent(`${app.url}${path}`, { headers: { 'accept-encoding': encoding } })).body.length;
  }
  return bytes;
}

test('the cache keeps what its bytes allow; the page read longest ago leaves first', async () => {
  expect(RECIPES * (await keptBytes(`/detail/${recipeIds[0]}`))).toBeGreaterThan((7 / 8) * 1024 * 1024);
  await cacheSays('/');
  for (const id of recipeIds) {
    await cacheSays(`/detail/${id}`);
    expect(await cacheSays('/'), 'home, read after every recipe, stays').toBe('hit');
  }
  expect(await cacheSays(`/detail/${recipeIds.at(-1)}`), 'the newest recipe read').toBe('hit');
  expect(await cacheSays(`/detail/${recipeIds[0]}`), 'the first recipe read, pushed out').toBe('miss');
});

test('404s for made-up addresses push out only other 404s, never a page readers read', async () => {
  const kept = [`/`, `/detail/${recipeIds[1]}`, `/detail/${recipeIds[2]}`];
  for (const path of kept) await cacheSays(path);
  for (const path of kept) expect(await cacheSays(path), path).toBe('hit');

  // 120 unknown recipes: more 404 pages than the whole cache holds.
  const madeUp = Array.from({ length: 120 }, (_, i) => `/detail/00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
  expect(madeUp.length * (await keptBytes('/detail/00000000-0000-4000-8000-999999999999'))).toBeGreaterThan(1024 * 1024);
  for (const path of madeUp) {
    const answer = await requestAsSent(`${app.url}${path}`);
    expect(answer.status, path).toBe(404);
  }

  for (const path of kept) expect(await cacheSays(path), path).toBe('hit');
  // The 404s are still kept, within their share: the newest stay, the oldest are gone.
  expect(await cacheSays(madeUp.at(-1)!)).toBe('hit');
  expect(await cacheSays(madeUp[0]!)).toBe('miss');
});
