// A page served from the anonymous page cache carries a hash CSP instead of
// a fresh nonce: in a browser its inline scripts must still run and hydrate.
import { createAccount } from '../support/accounts.ts';
import { createRecipe } from '../support/factories.ts';
import { expect, hydrated, journeys } from './support/fixtures.ts';

const test = journeys();

test('a page from the cache hydrates without a CSP violation or script error', async ({ openPage, app }) => {
  const owner = await createAccount('Beat Keller');
  const { id } = await createRecipe(owner, { title: 'Zuger Kirschtorte', category: 'Backen' });
  // The first request renders and stores the page; the browser's is then a hit.
  expect((await fetch(`${app.url}/detail/${id}`)).headers.get('x-page-cache')).toBe('miss');

  const page = await openPage();
  const violations: string[] = [];
  page.on('console', (message) => message.text().includes('Content Security Policy') && violations.push(message.text()));
  const response = await page.goto(`/detail/${id}`);
  expect(response?.headers()['x-page-cache']).toBe('hit');
  await hydrated(page);
  await page.getByRole('link', { name: 'Backen' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Backen' })).toBeVisible();
  expect(violations).toEqual([]);
  expect(page.errors).toEqual([]);
});

test("a reader asks the server for pages, their data, build files and pictures only; the click's data comes from the cache", async ({ openPage, app }) => {
  const owner = await createAccount('Beat Keller');
  const { id } = await createRecipe(owner, { title: 'Bündner Birnbrot', category: 'Backen' });
  // Another reader's navigation had the recipe's data kept.
  expect((await fetch(`${app.url}/detail/${id}.data`)).headers.get('x-page-cache')).toBe('miss');

  const page = await openPage();
  const asked: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  await page.goto('/');
  await hydrated(page);
  const navigationData = page.waitForResponse((response) => new URL(response.url()).pathname === `/detail/${id}.data`);
  await page.getByRole('link', { name: 'Bündner Birnbrot' }).first().click();
  expect((await navigationData).headers()['x-page-cache']).toBe('hit');
  await expect(page.getByRole('heading', { level: 1, name: 'Bündner Birnbrot' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Zutaten' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  // What a cache or a file answers. React Router's lazy route discovery would add a
  // `/__manifest` request after every page, rendered through React Router each time.
  const answeredFromMemory = /^\/(?:$|assets\/|images\/|fonts\/|[\w-]+\.svg$)|\.data$/;
  expect(asked.length).toBeGreaterThan(3);
  expect(asked.filter((path) => !answeredFromMemory.test(path))).toEqual([]);
  expect(page.errors).toEqual([]);
});
