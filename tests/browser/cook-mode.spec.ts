// Kochmodus: the recipe on the whole screen for the stove. Steps one at a
// time (buttons, arrow keys, swipe; without JavaScript by links), ingredients
// as a checklist that survives a reload, and the screen kept on.
import type { Page } from '@playwright/test';
import { createAccount } from '../support/accounts.ts';
import { createRecipe } from '../support/factories.ts';
import { accessibilityViolations } from './support/axe.ts';
import { expect, hydrated, journeys } from './support/fixtures.ts';

const test = journeys();
let recipePath: string;

test.beforeAll(async ({ app }) => {
  void app; // the factories write into the app's database
  const anna = await createAccount('Anna Graf');
  const recipe = await createRecipe(anna, {
    title: 'Birchermüesli',
    quantity: 'für 2 Personen',
    ingredients: [
      { name: 'Haferflocken', amount: '100 g' },
      { name: 'Milch', amount: '2 dl' },
      { name: 'Äpfel', amount: '2' },
    ],
    description: '1. Haferflocken in der Milch einweichen.\n2. Äpfel an der Bircherraffel reiben.\n3. Alles mischen und kühl stellen.',
  });
  recipePath = `/detail/${recipe.id}`;
});

const stepHeading = (page: Page) => page.getByRole('heading', { name: /^Schritt \d von \d$/ });

test('from the recipe into cook mode: the steps by button, arrow key and swipe; the servings come along', async ({ openPage }) => {
  const page = await openPage('mobile');
  await page.goto(`${recipePath}?portionen=4`);
  await page.getByRole('link', { name: 'Kochmodus' }).click();
  await expect(page).toHaveURL(`${recipePath}/kochmodus?portionen=4`);
  // The whole screen is the recipe's: no site header or footer.
  await expect(page.getByRole('banner').getByRole('link', { name: 'Chuchiblog – zur Startseite' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Birchermüesli');
  // The step and the ingredients are the page's main content, as a screen reader's landmarks name it.
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText([/^Schritt 1 von \d$/, 'Zutaten']);
  await expect(page.getByText('für 4 Personen')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: '200 g Haferflocken' })).toBeVisible();

  await hydrated(page);
  await expect(stepHeading(page)).toHaveText('Schritt 1 von 3');
  await expect(page.getByText('Haferflocken in der Milch einweichen.')).toBeVisible();
  await page.getByRole('link', { name: 'Weiter →' }).click();
  await expect(stepHeading(page)).toHaveText('Schritt 2 von 3');
  await expect(page).toHaveURL(`${recipePath}/kochmodus?portionen=4&schritt=2`);

  await page.keyboard.press('ArrowRight');
  await expect(stepHeading(page)).toHaveText('Schritt 3 von 3');
  await page.keyboard.press('ArrowLeft');
  await expect(stepHeading(page)).toHaveText('Schritt 2 von 3');

  // A swipe to the left: the next step.
  const card = page.getByRole('region', { name: /^Schritt/ });
  const box = (await card.boundingBox())!;
  await page.mouse.move(box.x + box.width - 20, box.y + 60);
  await page.mouse.down();
  await page.mouse.move(box.x + 20, box.y + 60, { steps: 5 });
  await page.mouse.up();
  await expect(stepHeading(page)).toHaveText('Schritt 3 von 3');

  // The last step ends cook mode, back on the recipe with its servings.
  await page.getByRole('link', { name: 'Fertig' }).click();
  await expect(page).toHaveURL(`${recipePath}?portionen=4`);
  expect(page.errors).toEqual([]);
});

test('with the keyboard: into cook mode, its title has the focus; "← Zurück" to the first step hands it to "Weiter →"; a step is read out with its text', async ({ openPage }) => {
  const page = await openPage('desktop');
  await page.goto(recipePath);
  await hydrated(page);
  await page.getByRole('link', { name: 'Kochmodus' }).focus();
  await page.keyboard.press('Enter');
  await expect(stepHeading(page)).toHaveText('Schritt 1 von 3');
  // The link followed is gone with the recipe's page: the focus starts at cook mode's title (in its header).
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();

  await page.goto(`${recipePath}/kochmodus?schritt=2`);
  await hydrated(page);
  // The live region holds the step's number and its text, so both are read out when it changes.
  await expect(page.locator('[aria-live="polite"]').filter({ has: stepHeading(page) })).toContainText('Schritt 2 von 3');
  await page.getByRole('link', { name: '← Zurück' }).focus();
  await page.keyboard.press('Enter');
  await expect(stepHeading(page)).toHaveText('Schritt 1 von 3');
  await expect(page.locator('[aria-live="polite"]').filter({ has: stepHeading(page) })).toContainText('Haferflocken in der Milch einweichen.');
  await expect(page.getByRole('link', { name: 'Weiter →' })).toBeFocused();
  // The same by arrow key, with the focus on "← Zurück".
  await page.keyboard.press('Enter');
  await expect(stepHeading(page)).toHaveText('Schritt 2 von 3');
  await page.getByRole('link', { name: '← Zurück' }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(stepHeading(page)).toHaveText('Schritt 1 von 3');
  await expect(page.getByRole('link', { name: 'Weiter →' })).toBeFocused();
  // Read out whole, not only the figure that changed.
  await expect(page.locator('[aria-live="polite"]').filter({ has: stepHeading(page) })).toHaveAttribute('aria-atomic', 'true');
  // Focus elsewhere stays where it is when the step changes.
  const oats = page.getByRole('checkbox').first();
  await oats.focus();
  await page.keyboard.press('ArrowRight');
  await expect(stepHeading(page)).toHaveText('Schritt 2 von 3');
  await expect(oats).toBeFocused();
});

test('Escape leaves cook mode for the recipe, with its servings; the close link names the key', async ({ openPage }) => {
  const page = await openPage('desktop');
  await page.goto(`${recipePath}/kochmodus?portionen=4&schritt=2`);
  await hydrated(page);
  await expect(page.getByRole('link', { name: 'Kochmodus beenden' })).toHaveAttribute('aria-keyshortcuts', 'Escape');
  await page.getByRole('link', { name: 'Weiter →' }).focus();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(`${recipePath}?portionen=4`);
  await expect(page.getByRole('heading', { level: 1, name: 'Birchermüesli' })).toBeFocused();
  expect(page.errors).toEqual([]);
});

test('ticked ingredients and the step survive a reload', async ({ openPage }) => {
  const page = await openPage('desktop');
  await page.goto(`${recipePath}/kochmodus?schritt=2`);
  await hydrated(page);
  await page.getByRole('checkbox', { name: '2 dl Milch' }).check();
  await page.reload();
  await hydrated(page);
  await expect(stepHeading(page)).toHaveText('Schritt 2 von 3');
  await expect(page.getByRole('checkbox', { name: '2 dl Milch' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: '100 g Haferflocken' })).not.toBeChecked();
});

test('the screen stays on, with a visible toggle; where the browser cannot, a German note says so', async ({ openPage }) => {
  // Headless Chromium has no screen to keep on: a stand-in records the requests (a mock of a device API).
  const page = await openPage('desktop');
  await page.addInitScript(() => {
    const requests: string[] = [];
    Object.assign(window, { wakeLockRequests: requests });
    Object.defineProperty(navigator, 'wakeLock', {
      value: {
        request: async (type: string) => {
          requests.push(type);
          const sentinel = new EventTarget();
          return Object.assign(sentinel, { released: false, type, release: async () => sentinel.dispatchEvent(new Event('release')) });
        },
      },
    });
  });
  await page.goto(`${recipePath}/kochmodus`);
  const toggle = page.getByRole('button', { name: 'Bildschirm anlassen' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('Der Bildschirm bleibt an.')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { wakeLockRequests: string[] }).wakeLockRequests)).toEqual(['screen']);
  // In high contrast, where the filled background is dropped, pressed shows as a thicker border.
  await page.emulateMedia({ forcedColors: 'active' });
  const borderWidth = () => toggle.evaluate((button) => Number.parseFloat(getComputedStyle(button).borderTopWidth));
  const pressedBorder = await borderWidth();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByText('Der Bildschirm darf ausgehen.')).toBeVisible();
  expect(pressedBorder).toBeGreaterThan(await borderWidth());
  await page.emulateMedia({ forcedColors: 'none' });

  const without = await openPage('mobile');
  await without.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'wakeLock', { get: () => undefined, configurable: true });
    delete (Navigator.prototype as unknown as { wakeLock?: unknown }).wakeLock;
  });
  await without.goto(`${recipePath}/kochmodus`);
  await expect(without.getByRole('note')).toContainText('Dieser Browser kann den Bildschirm nicht wach halten.');
  await expect(without.getByRole('button', { name: 'Bildschirm anlassen' })).toHaveCount(0);

  // A browser that can, on a device that says no (battery saver): the note says that, not "cannot".
  const refusing = await openPage('mobile');
  await refusing.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'wakeLock', {
      configurable: true,
      get: () => ({ request: async () => Promise.reject(new DOMException('Stromsparmodus', 'NotAllowedError')) }),
    });
  });
  await refusing.goto(`${recipePath}/kochmodus`);
  await expect(refusing.getByRole('note')).toContainText('Dein Gerät lässt den Bildschirm gerade nicht wach halten');
  await expect(refusing.getByRole('note')).not.toContainText('Dieser Browser kann');
});

test('the toggle has its place before hydration: the step does not move when it comes', async ({ openPage }) => {
  for (const device of ['mobile', 'desktop'] as const) {
    const page = await openPage(device);
    // The stand-in of the test above: a browser that can keep the screen on.
    await page.addInitScript(() => Object.defineProperty(navigator, 'wakeLock', { value: { request: async () => new EventTarget() } }));
    await page.goto(`${recipePath}/kochmodus`);
    await hydrated(page);
    await expect(page.getByRole('button', { name: 'Bildschirm anlassen' })).toBeVisible();
    const withScripts = await stepHeading(page).boundingBox();

    // The page as the browser shows it until hydration: its scripts held back.
    const asSent = await openPage(device);
    await asSent.route(/\.js(\?|$)/, (route) => route.abort());
    await asSent.goto(`${recipePath}/kochmodus`);
    await expect(asSent.getByRole('button', { name: 'Bildschirm anlassen' })).toHaveCount(0);
    expect(await stepHeading(asSent).boundingBox(), device).toEqual(withScripts);

    // Without JavaScript it never comes, and leaves no empty place.
    const withoutScripts = await openPage(device, { javaScriptEnabled: false });
    await withoutScripts.goto(`${recipePath}/kochmodus`);
    expect((await stepHeading(withoutScripts).boundingBox())!.y, device).toBeLessThan(withScripts!.y - 40);
  }
});

test('without JavaScript the steps are links', async ({ openPage }) => {
  const page = await openPage('mobile', { javaScriptEnabled: false });
  await page.goto(`${recipePath}/kochmodus`);
  await page.getByRole('link', { name: 'Weiter →' }).click();
  await expect(stepHeading(page)).toHaveText('Schritt 2 von 3');
  await expect(page.getByText('Äpfel an der Bircherraffel reiben.')).toBeVisible();
});

test('on a phone the title has a line of its own and no word of the header breaks', async ({ openPage }) => {
  const page = await openPage('mobile');
  for (const width of [375, 320]) {
    await page.setViewportSize({ width, height: 700 });
    await page.goto(`${recipePath}/kochmodus`);
    const header = (await page.getByRole('banner').boundingBox())!;
    const title = (await page.getByRole('heading', { level: 1 }).boundingBox())!;
    const close = (await page.getByRole('link', { name: 'Kochmodus beenden' }).boundingBox())!;
    expect(title.width, `${width} px`).toBeCloseTo(header.width, 0);
    expect(title.y, `${width} px`).toBeGreaterThanOrEqual(close.y + close.height - 1);
    // The label «Kochmodus» on one line (a word broken in two lies on two).
    const labelLines = await page.getByText('Kochmodus', { exact: true }).evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    });
    expect(labelLines, `${width} px`).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${width} px`).toBeLessThanOrEqual(width);
  }
});

test('cook mode has no serious accessibility violations (axe-core)', async ({ browser, app }) => {
  for (const viewport of ['mobile', 'desktop'] as const) {
    expect(await accessibilityViolations(browser, `${app.url}${recipePath}/kochmodus?schritt=2`, viewport), viewport).toEqual([]);
  }
});
