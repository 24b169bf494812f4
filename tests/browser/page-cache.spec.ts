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

test('after a deploy, a tab of the older build loads the page it navigates to anew instead of rendering the new data with its old code', async ({ openPage }) => {
  const owner = await createAccount('Beat Keller');
  await createRecipe(owner, { title: 'Glarner Pastete', category: 'Backen' });
  await createRecipe(owner, { title: 'Nidelkuchen', category: 'Backen' });
  const page = await openPage();
  const documents: string[] = [];
  page.on('request', (request) => request.resourceType() === 'document' && documents.push(new URL(request.url()).pathname));
  await page.goto('/');
  await hydrated(page);
  const tabsOwnBuild = await page.evaluate(() => window.__reactRouterManifest?.version);
  expect(tabsOwnBuild).toMatch(/^[0-9a-f]+$/);

  // The same build: a click is a client-side navigation, its data says so.
  const sameBuild = page.waitForResponse((response) => response.url().includes('.data'));
  await page.getByRole('link', { name: 'Glarner Pastete' }).first().click();
  expect((await sameBuild).headers()['x-build-version']).toBe(tabsOwnBuild);
  await expect(page.getByRole('heading', { level: 1, name: 'Glarner Pastete' })).toBeVisible();
  expect(documents).toEqual(['/']);

  // A server deployed meanwhile answers with another build's name. (Made here by rewriting that one
  // header: a second production build would take the suite a minute longer. Everything else is the server's answer.)
  await page.route(/\.data(\?|$)/, async (route) => {
    const answer = await route.fetch();
    await route.fulfill({ response: answer, headers: { ...answer.headers(), 'x-build-version': 'ein-neuerer-build' } });
  });
  await page.getByRole('link', { name: 'Backen' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Backen' })).toBeVisible();
  expect(documents).toEqual(['/', '/backen']);
  await hydrated(page);
  // Once per build: if that build's data comes again (several instances mid-deploy), the tab does not reload in a loop.
  await page.getByRole('link', { name: 'Nidelkuchen' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nidelkuchen' })).toBeVisible();
  expect(documents).toEqual(['/', '/backen']);
  expect(page.errors).toEqual([]);
});
