// The share block's "Teilen" button: only where the browser can share
// (navigator.share), and it shares the recipe's address; the links stay.
// "Link kopieren" puts the address on the clipboard and says so.
import { createAccount } from '../support/accounts.ts';
import { createRecipe } from '../support/factories.ts';
import { expect, hydrated, journeys } from './support/fixtures.ts';

const test = journeys();
const HOSTILE = `</script><script>alert("x")</script> Rösti & <b>Speck</b> ]]> <!--`;
let recipePath: string;

test.beforeAll(async ({ app }) => {
  void app; // the factories write into the app's database
  const owner = await createAccount('Beat Keller');
  recipePath = `/detail/${(await createRecipe(owner, { title: HOSTILE })).id}`;
});

test('the phone\'s share button appears only where the browser can share, and shares the recipe\'s address', async ({ openPage, app }) => {
  const plain = await openPage('mobile');
  await plain.addInitScript(() => {
    // Headless Chromium on Linux may or may not have it: make sure it has not.
    Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true });
  });
  await plain.goto(recipePath);
  await hydrated(plain);
  const share = plain.getByRole('region', { name: 'Rezept teilen' });
  await expect(share.getByRole('link', { name: 'Whatsapp' })).toBeVisible();
  // The links that open a new tab say so (to screen readers; the text shows the name only).
  await expect(share.getByRole('link', { name: 'Whatsapp (öffnet in neuem Tab)', exact: true })).toHaveText('Whatsapp (öffnet in neuem Tab)');
  await expect(share.getByRole('link', { name: 'Facebook (öffnet in neuem Tab)', exact: true })).toHaveAttribute('target', '_blank');
  await expect(share.getByRole('link', { name: 'E-Mail', exact: true })).not.toHaveAttribute('target', '_blank');
  await expect(share.getByRole('button', { name: /Teilen/ })).toHaveCount(0);

  // A stand-in for the phone's share sheet (the device API cannot run here): it records what it is given.
  const phone = await openPage('mobile');
  await phone.addInitScript(() => {
    const calls: unknown[] = [];
    Object.assign(window, { shareCalls: calls });
    Object.defineProperty(Navigator.prototype, 'share', { value: (data: unknown) => (calls.push(data), Promise.resolve()), configurable: true });
  });
  await phone.goto(recipePath);
  await hydrated(phone);
  await phone.getByRole('button', { name: /Teilen/ }).click();
  await expect
    .poll(() => phone.evaluate(() => (window as unknown as { shareCalls: unknown[] }).shareCalls))
    .toEqual([{ title: HOSTILE, url: `${app.url}${recipePath}` }]);
  expect(phone.errors).toEqual([]);
  expect(plain.errors).toEqual([]);
});

test('"Link kopieren" puts the recipe\'s address on the clipboard and says so; without the clipboard there is no button', async ({ openPage, app }) => {
  const page = await openPage('desktop', { permissions: ['clipboard-read', 'clipboard-write'] });
  await page.goto(recipePath);
  await hydrated(page);
  const share = page.getByRole('region', { name: 'Rezept teilen' });
  await share.getByRole('button', { name: 'Link kopieren' }).click();
  await expect(share.getByRole('status')).toHaveText('Link kopiert');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${app.url}${recipePath}`);
  // The note goes again after a few seconds.
  await expect(share.getByRole('status')).toHaveText('', { timeout: 8000 });

  const without = await openPage('mobile', { javaScriptEnabled: false });
  await without.goto(recipePath);
  await expect(without.getByRole('region', { name: 'Rezept teilen' }).getByRole('link', { name: 'E-Mail', exact: true })).toBeVisible();
  await expect(without.getByRole('button', { name: 'Link kopieren' })).toHaveCount(0);
  expect(page.errors).toEqual([]);
});
