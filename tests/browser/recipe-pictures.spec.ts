// A recipe's picture in the form: only JPEG, at most 20 MB; a refused second
// one keeps the first; one chosen before the page's script ran; without JavaScript.
import { writeFile } from 'node:fs/promises';
import sharp from 'sharp';
import { createAccount, TEST_PASSWORD } from '../support/accounts.ts';
import { makeJpeg } from '../support/stored-images.ts';
import { errorsBesidesRefusals as jsErrors, expect, holdScripts, hydrated, journeys, logInAndGo, type Account } from './support/fixtures.ts';

const test = journeys();

let beat: Account;
let jpeg: Buffer;
/** A PNG named and declared as a JPEG: the bytes decide. */
let png: Buffer;

test.beforeAll(async ({ app }) => {
  void app; // the factories write into the app's database
  beat = await createAccount('Beat Keller');
  jpeg = await makeJpeg(1600, 1067, 20);
  png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#c9a227' } }).png().toBuffer();
});

test('only JPEG pictures: anything else is refused with a German message and does not block saving', async ({ openPage }) => {
  const page = await openPage('desktop');
  await logInAndGo(page, '/create', beat.email);
  // Named .jpg and declared as JPEG: the bytes decide.
  await page.getByLabel('Bild hochladen').setInputFiles({ name: 'foto.jpg', mimeType: 'image/jpeg', buffer: png });
  await expect(page.getByText('Diese Datei ist kein JPEG-Bild. Bitte lade ein Foto im Format JPEG (.jpg) hoch.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Erfassen' })).toBeEnabled();
  await expect(page.locator('input[name="imageId"]')).toHaveValue('');

  // From a file: the browser reads it where it lies. Sent as a buffer, 21 MB went through Playwright's
  // protocol to the browser (about 10 s of the test).
  const large = test.info().outputPath('gross.jpg');
  await writeFile(large, Buffer.alloc(21 * 1024 * 1024, 0xff));
  await page.getByLabel('Bild hochladen').setInputFiles(large);
  await expect(page.getByText('Das Bild ist zu gross: erlaubt sind höchstens 20 MB.')).toBeVisible();
  expect(jsErrors(page)).toEqual([]);
});

test('a refused second picture keeps the first; "Bild entfernen" takes it away', async ({ openPage }) => {
  const page = await openPage('mobile');
  await logInAndGo(page, '/create', beat.email);
  await page.getByLabel('Bild hochladen').setInputFiles({ name: 'zopf.jpg', mimeType: 'image/jpeg', buffer: jpeg });
  await expect(page.getByText('zopf.jpg ist hochgeladen.')).toBeVisible();
  const first = await page.locator('input[name="imageId"]').inputValue();
  expect(first).toMatch(/^[0-9a-f-]{36}$/);

  await page.getByLabel('Anderes Bild hochladen').setInputFiles({ name: 'foto.jpg', mimeType: 'image/jpeg', buffer: png });
  await expect(page.getByRole('alert').filter({ hasText: 'kein JPEG-Bild' })).toContainText('Das bisherige Bild (zopf.jpg) bleibt.');
  await expect(page.getByRole('img', { name: 'Vorschau des hochgeladenen Bildes' })).toBeVisible();
  await expect(page.locator('input[name="imageId"]')).toHaveValue(first);

  await page.getByRole('button', { name: 'Bild entfernen' }).click();
  await expect(page.getByRole('img', { name: 'Vorschau des hochgeladenen Bildes' })).toHaveCount(0);
  await expect(page.locator('input[name="imageId"]')).toHaveValue('');
  await expect(page.getByRole('status').filter({ hasText: 'Bild entfernt.' })).toBeVisible();
  // The button went with the picture; the focus is where the next one is chosen.
  await expect(page.getByLabel('Bild hochladen')).toBeFocused();
  // A refused upload after the removal brings nothing back.
  await page.getByLabel('Bild hochladen').setInputFiles({ name: 'foto.jpg', mimeType: 'image/jpeg', buffer: png });
  await expect(page.getByText('Diese Datei ist kein JPEG-Bild.', { exact: false })).toBeVisible();
  await expect(page.locator('input[name="imageId"]')).toHaveValue('');
  expect(jsErrors(page)).toEqual([]);
});

test('a picture chosen before the page\'s script ran is uploaded once it runs', async ({ openPage }) => {
  const page = await openPage('mobile');
  await logInAndGo(page, '/', beat.email);
  const release = await holdScripts(page);
  await page.goto('/create', { waitUntil: 'domcontentloaded' });
  await page.getByLabel('Bild hochladen').setInputFiles({ name: 'frueh.jpg', mimeType: 'image/jpeg', buffer: jpeg });
  await expect(page.locator('html[data-hydrated]')).not.toBeAttached();
  release();
  await hydrated(page);
  await expect(page.getByText('frueh.jpg ist hochgeladen.')).toBeVisible();
  await expect(page.locator('input[name="imageId"]')).toHaveValue(/^[0-9a-f-]{36}$/);
});

test('without JavaScript the picture field says it needs JavaScript instead of offering a file the form cannot send', async ({ openPage }) => {
  const page = await openPage('mobile', { javaScriptEnabled: false });
  await page.goto(`/login?redirectTo=${encodeURIComponent('/create')}`);
  await page.getByLabel('E-Mail').fill(beat.email);
  await page.getByLabel(/^Passwort\W*$/).fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL('/create');
  await expect(page.getByText('Ein Bild lädst du mit eingeschaltetem JavaScript hoch.')).toBeVisible();
  await expect(page.getByText('Bild hochladen', { exact: true })).toBeHidden();
});
