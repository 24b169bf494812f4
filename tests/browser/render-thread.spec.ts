// RENDER_THREAD=on: pages rendered on the server's second thread hydrate and
// work in a real browser like those of the main thread (server/render-thread.ts).
import { createAccount } from '../support/accounts.ts';
import { createRecipe } from '../support/factories.ts';
import { expect, hydrated, journeys, logInAndGo } from './support/fixtures.ts';

const test = journeys({ RENDER_THREAD: 'on' });

test('a signed-in reader’s page from the render thread hydrates; a comment and a click work', async ({ openPage, app }) => {
  const owner = await createAccount('Heidi Gasser');
  const reader = await createAccount('Toni Odermatt');
  const { id } = await createRecipe(owner, { title: 'Obwaldner Käsesuppe', category: 'Vorspeise' });
  const page = await openPage();
  await logInAndGo(page, `/detail/${id}`, reader.email);
  // The page loaded as a document until the thread renders it (it may still be starting).
  await expect
    .poll(async () => {
      const before = app.renderThread!.rendered();
      await page.reload();
      return app.renderThread!.rendered() > before;
    })
    .toBe(true);
  await hydrated(page);

  await page.locator('label').filter({ hasText: '4 Sterne' }).click();
  await page.getByRole('textbox', { name: 'Kommentar', exact: true }).fill('Wie auf der Alp!');
  await page.getByRole('button', { name: 'Kommentieren' }).click();
  await expect(page.getByText('Wie auf der Alp!')).toBeVisible();

  await page.getByRole('link', { name: 'Vorspeise' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Vorspeise' })).toBeVisible();
  expect(page.errors).toEqual([]);
});
