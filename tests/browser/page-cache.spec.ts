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
