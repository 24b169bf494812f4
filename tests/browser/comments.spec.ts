// Comments and star ratings with three people: the author of the recipe,
// and two readers who rate it; plus anonymous visitors. Reported comments
// are mailed to the site owner (SITE_EMAIL) through the SMTP sink.
import type { Page } from '@playwright/test';
import { createComment as postComment } from '../../app/features/comments/comment-mutations.server.ts';
import { createAccount } from '../support/accounts.ts';
import { createRecipe } from '../support/factories.ts';
import { expect, holdRequests, holdScripts, hydrated, journeys, logIn, logInAndGo, type Account, type TrackedPage } from './support/fixtures.ts';

const SITE_EMAIL = 'meldungen@chuchiblog.example';
const test = journeys({ SITE_EMAIL });

let recipePath: string;
let anna: Account;
let beat: Account;
let chiara: Account;

test.beforeAll(async ({ app }) => {
  void app; // the app's database is where the factories write
  anna = await createAccount('Anna Graf');
  beat = await createAccount('Beat Keller');
  chiara = await createAccount('Chiara Rossi');
  const recipe = await createRecipe(anna, { title: 'Capuns', lead: 'Mangoldwickel aus dem Bündnerland.' });
  recipePath = `/detail/${recipe.id}`;
});

/** Errors other than the browser's own line for a refused form (status 400). */
function jsErrors(page: TrackedPage) {
  return page.errors.filter((e) => !/status of 400/.test(e));
}

/** Clicks the star with that label, as a person would. */
async function chooseStars(page: Page, stars: number) {
  await page.locator('label').filter({ hasText: stars === 1 ? '1 Stern' : `${stars} Sterne` }).click();
}

const commentBox = (page: Page) => page.getByRole('textbox', { name: 'Kommentar', exact: true });

async function rate(page: Page, stars: number, text: string) {
  await chooseStars(page, stars);
  await commentBox(page).fill(text);
  await page.getByRole('button', { name: 'Kommentieren' }).click();
}

test('readers rate and comment; the average follows; authors delete only their own', async ({ openPage }) => {
  const anonymous = await openPage('desktop');
  await anonymous.goto(recipePath);
  await expect(anonymous.getByText('Dieses Rezept wurde noch nicht bewertet')).toBeVisible();
  await expect(anonymous.getByRole('button', { name: 'Kommentieren' })).toHaveCount(0);
  await expect(anonymous.getByRole('link', { name: 'Melde dich an' })).toHaveAttribute(
    'href',
    `/login?redirectTo=${encodeURIComponent(`${recipePath}#kommentar-schreiben`)}`,
  );
  // In the text's colour, as every other link of the site, not the browser's blue.
  const hintColours = await anonymous.getByRole('link', { name: 'Melde dich an' }).evaluate((link) => [getComputedStyle(link).color, getComputedStyle(link.parentElement!).color]);
  expect(hintColours[0]).toBe(hintColours[1]);
  // Hydrated before the page is left: the errors asserted at the end include React's.
  await hydrated(anonymous);

  const beatPage = await openPage('mobile');
  await logInAndGo(beatPage, recipePath, beat.email);
  await expect(beatPage.getByRole('textbox', { name: 'Nickname', exact: true })).toHaveValue('Beat Keller');
  // He has not rated this recipe yet: nothing says a rating would replace one.
  await expect(beatPage.getByRole('radiogroup', { name: 'Bewertung' })).toHaveAccessibleDescription('');

  // Validation: a rating is required, then a text. The focus goes to the first field with a message, the stars.
  await beatPage.getByRole('button', { name: 'Kommentieren' }).click();
  await expect(beatPage.getByText('Bitte gib eine Bewertung ab.')).toBeVisible();
  await expect(beatPage.getByRole('radio', { name: '1 Stern' })).toBeFocused();
  // A star reached with the keyboard but not chosen is ringed, not filled: nothing looks chosen.
  // Out and back in by Tab: the five stars are one stop, the first while none is chosen.
  await beatPage.keyboard.press('Shift+Tab');
  await beatPage.keyboard.press('Tab');
  const focusedStar = beatPage.locator('[role="radiogroup"] input:focus-visible');
  await expect(focusedStar).toHaveCount(1);
  await expect(focusedStar).toHaveAttribute('value', '1');
  await beatPage.keyboard.press('Tab');
  await expect(beatPage.getByRole('textbox', { name: 'Nickname', exact: true })).toBeFocused();
  await beatPage.keyboard.press('Shift+Tab');
  await expect(focusedStar).toHaveAttribute('value', '1');
  await expect(focusedStar).not.toBeChecked();
  const empty = await starColours(beatPage);
  expect(new Set(empty).size).toBe(1);
  expect(await beatPage.locator('[role="radiogroup"] label:has(+ input:focus-visible) > span:first-child').evaluate((icon) => getComputedStyle(icon).outlineStyle)).toBe('solid');
  await chooseStars(beatPage, 4);
  const chosen = await starColours(beatPage);
  expect(chosen.slice(0, 4).every((colour) => colour !== empty[0])).toBe(true);
  expect(chosen[4]).toBe(empty[0]);
  await beatPage.getByRole('button', { name: 'Kommentieren' }).click();
  await expect(beatPage.getByText('Bitte schreibe einen Kommentar.')).toBeVisible();
  await expect(beatPage.getByText('Bitte gib eine Bewertung ab.')).toHaveCount(0);

  await commentBox(beatPage).fill('Wie bei der Nonna.\nSehr fein!');
  await beatPage.getByRole('button', { name: 'Kommentieren' }).click();
  const comments = beatPage.getByRole('region', { name: 'Kommentare' });
  await expect(comments.getByText('Wie bei der Nonna.')).toBeVisible();
  // The page goes to the new comment, and so does the focus.
  await expect(beatPage).toHaveURL(new RegExp(`${recipePath}#kommentar-[0-9a-f-]{36}$`));
  await expect(comments.getByRole('listitem').filter({ hasText: 'Wie bei der Nonna.' })).toBeFocused();
  // Thanked under the comment itself, where the page went.
  const thanks = comments.getByRole('listitem').filter({ hasText: 'Wie bei der Nonna.' }).getByRole('status');
  await expect(thanks).toHaveText('Danke für deinen Kommentar! Er ist jetzt für alle sichtbar.');
  await expect(thanks).toBeInViewport();
  // The form is back at its defaults: no rating, empty text, no error.
  await expect(commentBox(beatPage)).toHaveValue('');
  await expect(beatPage.getByRole('radio', { name: '4 Sterne' })).not.toBeChecked();
  await expect(beatPage.getByText('Bitte schreibe einen Kommentar.')).toHaveCount(0);
  // Away and back through the history: the thanks was for the moment of posting.
  await beatPage.getByRole('link', { name: 'Startseite', exact: true }).click();
  await expect(beatPage).toHaveURL('/');
  await beatPage.goBack();
  await expect(comments.getByText('Wie bei der Nonna.')).toBeVisible();
  await expect(beatPage.getByText('Danke für deinen Kommentar!')).toHaveCount(0);

  const chiaraPage = await openPage('desktop');
  await logInAndGo(chiaraPage, recipePath, chiara.email);
  await rate(chiaraPage, 2, 'Mir war es zu wenig gewürzt.');
  await expect(chiaraPage.getByText('Mir war es zu wenig gewürzt.')).toBeVisible();
  await expect(chiaraPage.getByRole('img', { name: 'Bewertung: 3 von 5 Sternen (2 Bewertungen)' }).first()).toBeVisible();

  // Each author sees exactly one delete icon: their own (its code arrives with the first own comment).
  await expect(chiaraPage.getByRole('button', { name: 'Kommentar löschen' })).toHaveCount(1);
  await beatPage.reload();
  await expect(beatPage.getByRole('button', { name: 'Kommentar löschen' })).toHaveCount(1);
  // The thanks was for the moment of posting: the same address again brings none.
  await expect(beatPage.getByText('Danke für deinen Kommentar!')).toHaveCount(0);
  await anonymous.reload();
  // The comments first: without them there would be no delete icons either.
  await expect(anonymous.getByText('Mir war es zu wenig gewürzt.')).toBeVisible();
  await expect(anonymous.getByTitle('Kommentar löschen')).toHaveCount(0);
  await expect(anonymous.getByRole('listitem').filter({ hasText: 'Sterne' })).toHaveCount(0);
  await hydrated(anonymous);

  // The average shows on the home page too.
  await anonymous.goto('/');
  await expect(anonymous.getByRole('img', { name: 'Bewertung: 3 von 5 Sternen (2 Bewertungen)' }).first()).toBeVisible();
  await hydrated(anonymous);

  // Beat deletes his comment; the average follows.
  await hydrated(beatPage);
  await beatPage.getByRole('button', { name: 'Kommentar löschen' }).click();
  const dialog = beatPage.getByRole('dialog');
  await expect(dialog.getByText('Bist du sicher, dass du diesen Kommentar löschen möchtest?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Löschen' }).click();
  await expect(dialog).toBeHidden();
  // Said, and the focus (on the icon that is gone) goes to the saying.
  await expect(beatPage.getByRole('status').filter({ hasText: 'Der Kommentar ist gelöscht.' })).toBeFocused();
  await expect(beatPage.getByRole('img', { name: 'Bewertung: 2 von 5 Sternen (1 Bewertung)' }).first()).toBeVisible();
  await expect(beatPage.getByText('Wie bei der Nonna.')).toHaveCount(0);
  await expect(beatPage.getByText('Mir war es zu wenig gewürzt.')).toBeVisible();

  expect(jsErrors(beatPage)).toEqual([]);
  expect(jsErrors(chiaraPage)).toEqual([]);
  expect(anonymous.errors).toEqual([]);
});

test('markup in nickname and comment is shown as text and never runs', async ({ openPage }) => {
  const page = await openPage('desktop');
  let alerted = false;
  page.on('dialog', async (d) => {
    alerted = true;
    await d.dismiss();
  });
  await logInAndGo(page, recipePath, chiara.email);
  const payload = '<img src=x onerror="alert(1)"><script>alert(2)</script>';
  const shortPayload = '<img src=x onerror=alert(1)>'; // the nickname is at most 60 characters
  await page.getByRole('textbox', { name: 'Nickname', exact: true }).fill(`Hacker ${shortPayload}`);
  await rate(page, 5, `Lecker ${payload}`);
  const comments = page.getByRole('region', { name: 'Kommentare' });
  await expect(comments.getByText(`Lecker ${payload}`)).toBeVisible();
  await expect(comments.getByText(`Hacker ${shortPayload}`)).toBeVisible();
  await expect(comments.locator('img[src="x"], script')).toHaveCount(0);
  await page.reload();
  await expect(comments.getByText(`Lecker ${payload}`)).toBeVisible(); // the comment is there, shown as text
  await expect(comments.locator('img[src="x"], script')).toHaveCount(0);
  expect(alerted).toBe(false);
});

/** The colour each of the comment form's five stars is drawn in. */
function starColours(page: Page) {
  return page.locator('[role="radiogroup"] label > span:first-child').evaluateAll((icons) => icons.map((icon) => getComputedStyle(icon).color));
}

for (const javaScriptEnabled of [true, false]) {
  test(`signing in from the comment prompt comes back to the form, with the servings chosen (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async ({ openPage }) => {
    const page = await openPage('mobile', { javaScriptEnabled });
    await page.goto(`${recipePath}?portionen=6`);
    if (javaScriptEnabled) await hydrated(page);
    await page.getByRole('link', { name: 'Melde dich an' }).click();
    await logIn(page, chiara.email);
    await expect(page).toHaveURL(`${recipePath}?portionen=6#kommentar-schreiben`);
    await expect(page.getByRole('heading', { name: 'Wie hat es dir geschmeckt?' })).toBeInViewport();
    await expect(page.getByRole('button', { name: 'Kommentieren' })).toBeVisible();
    // With JavaScript the focus starts there too (the next Tab goes to the stars), not at the top of the page.
    if (javaScriptEnabled) await expect(page.getByRole('heading', { name: 'Wie hat es dir geschmeckt?' })).toBeFocused();
  });
}

/**
 * From now on, what each frame of a recipe shows of the signed-in parts ("Login", "Konto", "Formular"
 * or "nichts"), until the account control and the comment form are both there; read with `framesShown`.
 */
async function recordFramesOnRecipe(page: Page) {
  await page.evaluate(() => {
    const frames: string[] = [];
    Object.assign(window, { recordedFrames: frames });
    const record = () => {
      const header = document.querySelector('header');
      const login = [...(header?.querySelectorAll('a') ?? [])].some((link) => link.textContent === 'Login');
      const account = Boolean(header?.querySelector('[title="Open"]'));
      const form = Boolean(document.querySelector('textarea'));
      // The recipe itself, not the page before it while the address already names the recipe.
      if (document.getElementById('kommentare')) {
        frames.push([login && 'Login', account && 'Konto', form && 'Formular'].filter(Boolean).join(' + ') || 'nichts');
      }
      if (!(account && form)) requestAnimationFrame(record);
    };
    requestAnimationFrame(record);
  });
}
const framesShown = async (page: Page) => new Set(await page.evaluate(() => (window as unknown as { recordedFrames: string[] }).recordedFrames));

/**
 * The code of the signed-in parts a recipe shows, fetched by the page's script before it is needed:
 * resolves once it has arrived and run (the modules with the files they import).
 */
async function signedInPartsFetched(page: Page) {
  const answers = await Promise.all([/\/account-control-[\w-]{8}\.js$/, /\/comment-form-[\w-]{8}\.js$/].map((chunk) => page.waitForResponse(chunk)));
  await page.evaluate((urls) => Promise.all(urls.map((url) => import(url))), answers.map((answer) => answer.url()));
}

test('with JavaScript the page after the login comes whole: the account control and the comment form with it, never an empty header', async ({ openPage }) => {
  const page = await openPage('desktop');
  await page.goto(recipePath);
  await hydrated(page);
  // The login page fetches the code while the reader types.
  const fetched = signedInPartsFetched(page);
  await page.getByRole('link', { name: 'Melde dich an' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Anmelden');
  await fetched;
  await recordFramesOnRecipe(page);
  await logIn(page, chiara.email);
  await expect(page.getByRole('button', { name: 'Kommentieren' })).toBeVisible();
  expect(await framesShown(page)).toEqual(new Set(['Konto + Formular']));
});

test("a signed-in reader's next recipe comes with its comment form at once", async ({ openPage }) => {
  const page = await openPage('desktop');
  // A first document without a comment form: its script fetches the form's code for the next page.
  const fetched = signedInPartsFetched(page);
  await logInAndGo(page, '/', chiara.email);
  await fetched;
  await recordFramesOnRecipe(page);
  await page.locator(`main a[href="${recipePath}"]`).first().click();
  await expect(page.getByRole('button', { name: 'Kommentieren' })).toBeVisible();
  expect(await framesShown(page)).toEqual(new Set(['Konto + Formular']));
});

test('the comment form works before JavaScript loads', async ({ openPage }) => {
  const page = await openPage('desktop', { javaScriptEnabled: false });
  await logInAndGo(page, recipePath, beat.email);
  // Sent empty: every message at once, as the browser's check gives them.
  await page.getByRole('textbox', { name: 'Nickname', exact: true }).fill('');
  await page.getByRole('button', { name: 'Kommentieren' }).click();
  // The answer comes back where the form is, not at the top of the long page.
  await expect(page).toHaveURL(`${recipePath}#kommentar-schreiben`);
  await expect(page.getByText('Bitte gib eine Bewertung ab.')).toBeInViewport();
  await expect(page.getByText('Bitte gib einen Nickname ein.')).toBeVisible();
  await expect(page.getByText('Bitte schreibe einen Kommentar.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Nickname', exact: true }).fill('Beat');
  await chooseStars(page, 5);
  await commentBox(page).fill('Ohne JavaScript geschrieben.');
  await page.getByRole('button', { name: 'Kommentieren' }).click();
  await expect(page.getByText('Ohne JavaScript geschrieben.')).toBeVisible();

  await commentBox(page).fill('Ohne Sterne');
  await page.getByRole('button', { name: 'Kommentieren' }).click();
  await expect(page.getByText('Bitte gib eine Bewertung ab.')).toBeInViewport();
  // The typed text survives the refused submit.
  await expect(commentBox(page)).toHaveValue('Ohne Sterne');
});

test('on a touch screen each star is a finger’s target (44 px), with a mouse the size of the page’s stars (30 px)', async ({ openPage }) => {
  for (const [options, size] of [[{ hasTouch: true, isMobile: true }, 44], [{}, 30]] as const) {
    const page = await openPage('mobile', options);
    await logInAndGo(page, recipePath, chiara.email);
    const star = page.locator('label').filter({ hasText: '3 Sterne' });
    await star.scrollIntoViewIfNeeded();
    const box = await star.boundingBox();
    expect([Math.round(box!.width), Math.round(box!.height)], JSON.stringify(options)).toEqual([size, size]);
  }
});

test('stars chosen before the page’s script ran keep the Tab stop once it runs, and it never rests on another star meanwhile', async ({ openPage }) => {
  const page = await openPage('desktop');
  await logInAndGo(page, '/', beat.email);
  const release = await holdScripts(page);
  await page.goto(recipePath, { waitUntil: 'domcontentloaded' });
  await chooseStars(page, 4);
  // Each state of the stars' Tab stop that the page shows, in order: a key pressed at any moment sees one of them.
  await page.evaluate(() => {
    const group = document.querySelector('[role="radiogroup"]')!;
    const stops: string[] = [];
    Object.assign(window, { tabStops: stops });
    new MutationObserver(() => {
      const radios = [...group.querySelectorAll<HTMLInputElement>('input[type="radio"]')];
      stops.push(radios.filter((radio) => radio.getAttribute('tabindex') === '0').map((radio) => radio.value).join());
    }).observe(group, { subtree: true, attributeFilter: ['tabindex'] });
  });
  release();
  await hydrated(page);
  await expect(page.getByRole('radio', { name: '4 Sterne' })).toHaveAttribute('tabindex', '0');
  expect(await page.evaluate(() => (window as unknown as { tabStops: string[] }).tabStops)).toEqual(['4']);
  await expect(page.getByRole('radio', { name: '4 Sterne' })).toBeChecked();
  await page.getByRole('textbox', { name: 'Nickname', exact: true }).focus();
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByRole('radio', { name: '4 Sterne' })).toBeFocused();
});

test('the form’s check comes when the form is near, then refuses an empty comment in the browser', async ({ openPage }) => {
  // A long recipe: on a phone its comment form is screens below the first view.
  const steps = Array.from({ length: 40 }, (_, step) => `Schritt ${step + 1}: rühren, abschmecken und kurz ruhen lassen.`);
  const recipe = await createRecipe(anna, { title: 'Langes Rezept', description: steps.join('\n\n') });
  const page = await openPage('mobile');
  const checkScripts: string[] = [];
  const posts: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/comment-form-checks-[\w-]+\.js$/.test(request.url())) checkScripts.push(request.url());
    if (request.method() === 'POST') posts.push(request.url());
  });
  await logInAndGo(page, `/detail/${recipe.id}`, beat.email);
  await page.waitForLoadState('networkidle');
  expect(checkScripts).toEqual([]);

  const checkArrived = page.waitForResponse((response) => /\/assets\/comment-form-checks-[\w-]+\.js$/.test(response.url()));
  await commentBox(page).scrollIntoViewIfNeeded();
  await checkArrived;
  posts.length = 0; // the sign-in's
  await page.getByRole('button', { name: 'Kommentieren' }).click();
  await expect(page.getByText('Bitte gib eine Bewertung ab.')).toBeVisible();
  // Refused here: nothing was sent.
  expect(posts).toEqual([]);
  expect(page.errors).toEqual([]);
});

test('a submit before the check arrived waits for it; without it the server checks', async ({ openPage }) => {
  const CHECK_SCRIPT = /\/assets\/comment-form-checks-[\w-]+\.js$/;
  const page = await openPage('mobile');
  const release = await holdScripts(page, CHECK_SCRIPT);
  await logInAndGo(page, recipePath, beat.email);
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST') posts.push(request.url());
  });
  await page.getByRole('button', { name: 'Kommentieren' }).click();
  release();
  await expect(page.getByText('Bitte gib eine Bewertung ab.')).toBeVisible();
  expect(posts).toEqual([]);

  // The script cannot be fetched (a newer build replaced it): the action's answer says what is missing.
  const offline = await openPage('mobile');
  await offline.route(CHECK_SCRIPT, (route) => route.abort());
  await logInAndGo(offline, recipePath, beat.email);
  const answer = offline.waitForResponse((response) => response.request().method() === 'POST' && response.url().includes(recipePath));
  await offline.getByRole('button', { name: 'Kommentieren' }).click();
  expect((await answer).status()).toBe(400);
  await expect(offline.getByText('Bitte schreibe einen Kommentar.')).toBeVisible();
});

/** A recipe of Anna's with a rated comment by Beat and one by Chiara, written through the app's own mutation. */
async function annasRecipeWithComments(title: string) {
  const recipe = await createRecipe(anna, { title });
  for (const [who, rating, text] of [
    [beat, 5, 'Schmeckt wie bei Grossmutter.'],
    [chiara, 1, 'Günstige Uhren auf www.uhren.example'],
  ] as const) {
    const result = await postComment(who.id, recipe.id, { rating, nickname: who.name, comment: text });
    expect(result.ok).toBe(true);
  }
  return { path: `/detail/${recipe.id}`, id: recipe.id };
}

test('the recipe owner removes another person’s comment on a phone', async ({ openPage }) => {
  const recipe = await annasRecipeWithComments('Zürcher Geschnetzeltes');
  const page = await openPage('mobile');
  await logInAndGo(page, recipe.path, anna.email);
  const comments = page.getByRole('region', { name: 'Kommentare' });
  await expect(page.getByRole('img', { name: 'Bewertung: 3 von 5 Sternen (2 Bewertungen)' }).first()).toBeVisible();
  // The owner may remove every comment on her recipe: one icon per comment.
  await expect(comments.getByRole('button', { name: 'Kommentar löschen' })).toHaveCount(2);

  const spam = comments.getByRole('listitem').filter({ hasText: 'Günstige Uhren' });
  await spam.getByRole('button', { name: 'Kommentar löschen' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Bist du sicher, dass du diesen Kommentar löschen möchtest?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(dialog).toBeHidden();
  await expect(spam).toBeVisible();

  await spam.getByRole('button', { name: 'Kommentar löschen' }).click();
  await dialog.getByRole('button', { name: 'Löschen' }).click();
  await expect(dialog).toBeHidden();
  await expect(comments.getByText('Günstige Uhren')).toHaveCount(0);
  await expect(page.getByRole('img', { name: 'Bewertung: 5 von 5 Sternen (1 Bewertung)' }).first()).toBeVisible();
  await expect(comments.getByText('Schmeckt wie bei Grossmutter.')).toBeVisible();

  // Another reader still sees only the icon of their own comments (none here).
  const other = await openPage('desktop');
  await logInAndGo(other, recipe.path, chiara.email);
  await expect(other.getByText('Schmeckt wie bei Grossmutter.')).toBeVisible();
  await expect(other.getByTitle('Kommentar löschen')).toHaveCount(0);
  expect(jsErrors(page)).toEqual([]);
});

test('without JavaScript a comment’s delete icon leads to a page that asks first; others may not open it', async ({ openPage }) => {
  const recipe = await annasRecipeWithComments('Basler Mehlsuppe');
  const page = await openPage('mobile', { javaScriptEnabled: false });
  await page.goto(`/login?redirectTo=${encodeURIComponent(recipe.path)}`);
  await logIn(page, beat.email);
  await expect(page).toHaveURL(recipe.path);
  const comments = page.getByRole('region', { name: 'Kommentare' });
  await comments.getByRole('link', { name: 'Kommentar löschen' }).click();
  await expect(page).toHaveURL(/\/kommentare\/[0-9a-f-]+\/loeschen$/);
  const confirmPath = new URL(page.url()).pathname;
  await expect(page.getByText('Bist du sicher, dass du diesen Kommentar löschen möchtest?')).toBeVisible();
  await expect(page.getByText('Schmeckt wie bei Grossmutter.')).toBeVisible();
  await page.getByRole('link', { name: 'Abbrechen' }).click();
  await expect(page).toHaveURL(recipe.path);
  await expect(comments.getByText('Schmeckt wie bei Grossmutter.')).toBeVisible();

  await comments.getByRole('link', { name: 'Kommentar löschen' }).click();
  await page.getByRole('button', { name: 'Löschen', exact: true }).click();
  await expect(page).toHaveURL(`${recipe.path}#kommentare`);
  await expect(comments.getByRole('status')).toHaveText('Der Kommentar ist gelöscht.');
  await expect(comments.getByText('Schmeckt wie bei Grossmutter.')).toHaveCount(0);
  await expect(comments.getByText('Günstige Uhren auf www.uhren.example')).toBeVisible();

  // Chiara's comment is hers (and Anna's, the recipe's owner): Beat may not even see the question.
  const others = await openPage('desktop', { javaScriptEnabled: false });
  await others.goto('/login');
  await logIn(others, beat.email);
  await expect(others).toHaveURL('/');
  const chiarasComment = await others.goto(recipe.path);
  expect(chiarasComment?.status()).toBe(200);
  const reportHref = await others.getByRole('link', { name: 'Kommentar von Chiara Rossi melden' }).getAttribute('href');
  const refused = await others.goto(reportHref!.replace(/melden$/, 'loeschen'));
  expect(refused?.status()).toBe(403);
  await expect(others.getByText('Du kannst nur deine eigenen Kommentare und die Kommentare zu deinen Rezepten löschen.')).toBeVisible();
  expect((await others.goto(confirmPath))?.status()).toBe(404);
});

test('the owner’s comment form has no stars, and her comment leaves the average alone', async ({ openPage }) => {
  const recipe = await annasRecipeWithComments('Basler Mehlsuppe');
  const page = await openPage('mobile');
  await logInAndGo(page, recipe.path, anna.email);
  const form = page.getByRole('form', { name: 'Dein Kommentar zum Rezept' });
  await expect(form.getByText('Dein eigenes Rezept kannst du nicht bewerten.')).toBeVisible();
  await expect(form.getByRole('radio')).toHaveCount(0);
  // The honeypot is out of sight and out of reach of the keyboard.
  await expect(form.locator('input[name="website"]')).toHaveAttribute('tabindex', '-1');
  await expect(form.locator('input[name="website"]')).not.toBeInViewport();

  await commentBox(page).fill('Danke euch! Tipp: mit gerösteten Zwiebeln servieren.');
  await page.getByRole('button', { name: 'Kommentieren' }).click();
  const comments = page.getByRole('region', { name: 'Kommentare' });
  const mine = comments.getByRole('listitem').filter({ hasText: 'gerösteten Zwiebeln' });
  await expect(mine).toBeVisible();
  await expect(mine.getByRole('img', { name: /Bewertung/ })).toHaveCount(0);
  await expect(page.getByRole('img', { name: 'Bewertung: 3 von 5 Sternen (2 Bewertungen)' }).first()).toBeVisible();
  // No "Melden" on one's own comment.
  await expect(mine.getByRole('link', { name: 'Melden' })).toHaveCount(0);
  expect(jsErrors(page)).toEqual([]);
});

test('a written comment is not left behind unasked; other servings and a deleted comment keep it; once posted nothing asks', async ({ openPage }) => {
  const recipe = await annasRecipeWithComments('Zürcher Tirggel');
  const page = await openPage('desktop');
  await logInAndGo(page, recipe.path, beat.email);
  await commentBox(page).fill('Wie lange müssen die ruhen?');

  const question = page.getByRole('dialog', { name: 'Deine Änderungen sind noch nicht gespeichert. Willst du die Seite trotzdem verlassen?' });
  await page.getByRole('banner').getByRole('link', { name: 'Chuchiblog – zur Startseite' }).click();
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Weiter bearbeiten' }).click();
  await expect(question).toBeHidden();
  await expect(page).toHaveURL(recipe.path);
  await expect(commentBox(page)).toHaveValue('Wie lange müssen die ruhen?');

  // The same recipe for more people is the same page: the comment stays, nothing asks.
  await page.getByRole('link', { name: 'Mehr Portionen' }).click();
  await expect(page).toHaveURL(/\?portionen=/);
  await expect(question).toHaveCount(0);
  await expect(commentBox(page)).toHaveValue('Wie lange müssen die ruhen?');

  // Deleting an earlier comment keeps it as well.
  await page.getByRole('button', { name: 'Kommentar löschen' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Löschen' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Der Kommentar ist gelöscht.' })).toBeVisible();
  await expect(commentBox(page)).toHaveValue('Wie lange müssen die ruhen?');

  await chooseStars(page, 4);
  await page.getByRole('button', { name: 'Kommentieren' }).click();
  await expect(page.getByRole('region', { name: 'Kommentare' }).getByText('Wie lange müssen die ruhen?')).toBeVisible();
  // Back at the new comment, with the servings chosen before; the form is empty again.
  await expect(page).toHaveURL(new RegExp(`${recipe.path}\\?portionen=\\d+#kommentar-`));
  await expect(commentBox(page)).toHaveValue('');
  await page.getByRole('banner').getByRole('link', { name: 'Chuchiblog – zur Startseite' }).click();
  await expect(page).toHaveURL('/');
  await expect(question).toHaveCount(0);
  expect(jsErrors(page)).toEqual([]);
});

test('a deleted comment leaves the list with its message: the form below stays where it is when the page’s new data comes', async ({ openPage }) => {
  const recipe = await annasRecipeWithComments('Bündner Gerstensuppe');
  const page = await openPage('desktop');
  await logInAndGo(page, recipe.path, beat.email);
  // The page's data after the deletion is held back (not the deletion, a POST to the same address).
  const releaseData = await holdRequests(page, /\.data(\?|$)/, { method: 'GET' });
  const comments = page.getByRole('region', { name: 'Kommentare' });
  await comments.getByRole('listitem').filter({ hasText: 'Schmeckt wie bei Grossmutter.' }).getByRole('button', { name: 'Kommentar löschen' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Löschen' }).click();
  await expect(comments.getByRole('status')).toHaveText('Der Kommentar ist gelöscht.');
  await expect(comments.getByText('Schmeckt wie bei Grossmutter.')).toHaveCount(0);
  const before = await commentBox(page).boundingBox();

  const dataCame = page.waitForResponse((response) => response.request().method() === 'GET' && response.url().includes('.data'));
  releaseData();
  await dataCame;
  // The new data's average (Chiara's 1 star alone) is on the page: the form has not moved.
  await expect(page.getByRole('img', { name: 'Bewertung: 1 von 5 Sternen (1 Bewertung)' }).first()).toBeVisible();
  expect(await commentBox(page).boundingBox()).toEqual(before);
  await expect(comments.getByText('Günstige Uhren auf www.uhren.example')).toBeVisible();
  expect(jsErrors(page)).toEqual([]);
});

test('signed in, "Zum Rezept" jumps to the ingredients without a console warning: the leave question waits for a written comment', async ({ openPage }) => {
  const recipe = await annasRecipeWithComments('Basler Läckerli');
  const page = await openPage('mobile');
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await logInAndGo(page, recipe.path, beat.email);
  await page.getByRole('link', { name: 'Zum Rezept' }).click();
  await expect(page).toHaveURL(`${recipe.path}#zutaten`);
  await expect(page.getByRole('heading', { name: 'Zutaten' })).toBeInViewport();
  // React Router warns at an in-page link's history step while any leave question is registered.
  expect(warnings).toEqual([]);
  // Once a comment is written, leaving asks.
  await commentBox(page).fill('Wie lange halten die?');
  await page.getByRole('banner').getByRole('link', { name: 'Chuchiblog – zur Startseite' }).click();
  await expect(page.getByRole('dialog', { name: 'Deine Änderungen sind noch nicht gespeichert. Willst du die Seite trotzdem verlassen?' })).toBeVisible();
  expect(jsErrors(page)).toEqual([]);
});

test('a second rating by the same reader replaces the first; the first keeps its stars, marked', async ({ openPage }) => {
  const recipe = await annasRecipeWithComments('Bündner Gerstensuppe');
  const page = await openPage('desktop');
  await logInAndGo(page, recipe.path, beat.email);
  // The form says so before he rates again.
  const replaces = 'Du hast dieses Rezept schon bewertet: Deine neue Bewertung ersetzt die bisherige im Durchschnitt.';
  await expect(page.getByText(replaces)).toBeVisible();
  await expect(page.getByRole('radiogroup', { name: 'Bewertung' })).toHaveAccessibleDescription(replaces);
  await rate(page, 3, 'Beim zweiten Mal etwas zu dick.');
  const comments = page.getByRole('region', { name: 'Kommentare' });
  await expect(comments.getByText('Beim zweiten Mal etwas zu dick.')).toBeVisible();
  // Beat's 3 replaced his 5: (3 + 1) / 2.
  await expect(page.getByRole('img', { name: 'Bewertung: 2 von 5 Sternen (2 Bewertungen)' }).first()).toBeVisible();
  const first = comments.getByRole('listitem').filter({ hasText: 'Schmeckt wie bei Grossmutter.' });
  await expect(first.getByRole('img', { name: 'Bewertung: 5 von 5 Sternen' })).toBeVisible();
  await expect(first.getByText('zählt nicht zum Durchschnitt')).toBeVisible();
  expect(jsErrors(page)).toEqual([]);
});

test('a signed-out reader reports a comment; the site owner gets a mail that leads to it', async ({ openPage, mail }) => {
  const recipe = await annasRecipeWithComments('Luzerner Chügelipastete');
  const page = await openPage('mobile');
  await page.goto(recipe.path);
  await hydrated(page);
  const spam = page.getByRole('region', { name: 'Kommentare' }).getByRole('listitem').filter({ hasText: 'Günstige Uhren' });
  // Each report link names its comment for a screen reader.
  await expect(spam.getByRole('link', { name: 'Kommentar von Chiara Rossi melden', exact: true })).toHaveText('Melden');
  await spam.getByRole('link', { name: 'Melden' }).click();
  await expect(page.getByRole('heading', { name: 'Kommentar melden' })).toBeVisible();
  await expect(page.getByText('Günstige Uhren auf www.uhren.example')).toBeVisible();
  await hydrated(page);

  // Without a reason: the form says so and sends nothing.
  await page.getByRole('button', { name: 'Kommentar melden' }).click();
  await expect(page.getByText('Bitte schreibe kurz, was mit diesem Kommentar nicht stimmt.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Grund' }).fill('Das ist Werbung für Uhren.');
  await page.getByRole('button', { name: 'Kommentar melden' }).click();
  // The thanks replace the form and take the focus its button had.
  await expect(page.getByRole('alert').filter({ hasText: 'Danke für deine Meldung! Wir schauen uns den Kommentar an.' })).toBeFocused();

  const report = await mail.waitForMail(SITE_EMAIL, /Gemeldeter Kommentar/);
  expect(report.subject).toContain('Luzerner Chügelipastete');
  expect(report.text).toContain('Günstige Uhren auf www.uhren.example');
  expect(report.text).toContain('Chiara Rossi');
  expect(report.text).toContain('Das ist Werbung für Uhren.');
  const link = report.links.find((l) => l.includes(`/detail/${recipe.id}#kommentar-`));
  expect(link, report.links.join(' ')).toBeDefined();
  // The link leads to the comment itself.
  await page.goto(new URL(link!).pathname + new URL(link!).hash);
  await expect(page.locator(new URL(link!).hash)).toContainText('Günstige Uhren');
  await expect(page.locator(new URL(link!).hash)).toBeInViewport();

  // The same reader (same address) again: a friendly note, no second mail.
  await spam.getByRole('link', { name: 'Melden' }).click();
  await page.getByRole('textbox', { name: 'Grund' }).fill('Immer noch Werbung.');
  await page.getByRole('button', { name: 'Kommentar melden' }).click();
  await expect(page.getByText('Du hast diesen Kommentar bereits gemeldet.')).toBeVisible();
  expect(mail.mails.filter((m) => m.to.includes(SITE_EMAIL) && m.subject.includes('Luzerner'))).toHaveLength(1);
  expect(page.errors).toEqual([]);
});

test('a signed-in reader reports a comment without JavaScript', async ({ openPage, mail }) => {
  const recipe = await annasRecipeWithComments('Glarner Pastete');
  const page = await openPage('desktop', { javaScriptEnabled: false });
  await logInAndGo(page, recipe.path, beat.email);
  const spam = page.getByRole('region', { name: 'Kommentare' }).getByRole('listitem').filter({ hasText: 'Günstige Uhren' });
  await spam.getByRole('link', { name: 'Melden' }).click();
  await page.getByRole('textbox', { name: 'Grund' }).fill('Spam');
  await page.getByRole('button', { name: 'Kommentar melden' }).click();
  await expect(page.getByText('Danke für deine Meldung!')).toBeVisible();
  const report = await mail.waitForMail(SITE_EMAIL, /Glarner Pastete/);
  expect(report.text).toContain('Spam');
});
