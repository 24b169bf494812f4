// RENDER_THREAD=on: pages are rendered on a second thread from the data the
// main thread loaded (server/render-thread.ts). The page must be the one the
// main thread renders, byte for byte but for the nonce; what the thread cannot
// take (an error page), and anything while it is gone, renders on the main thread.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startRenderThread } from '../../server/render-thread.ts';
import { createComment, createRecipe } from '../support/factories.ts';
import { createAccount, sessionCookie } from '../support/accounts.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

let app: TestApp;
let cookie: string;
let recipeId: string;

beforeAll(async () => {
  app = await startTestApp({ RENDER_THREAD: 'on' });
  const owner = await createAccount('Heidi Gasser');
  const reader = await createAccount('Toni Odermatt');
  recipeId = (await createRecipe(owner, { title: 'Obwaldner Käsesuppe', category: 'Vorspeise' })).id;
  await createComment(recipeId, reader, { comment: 'Wie auf der Alp!', rating: 5 });
  cookie = await sessionCookie(app.url, owner.email);
});

afterAll(async () => {
  await app?.stop();
});

const thread = () => app.renderThread!;

/** A signed-in reader's page (never kept by the page cache: every request renders), nonce blanked out. */
async function page(path: string, form?: Record<string, string>) {
  const answer = await fetch(`${app.url}${path}`, {
    headers: { cookie, origin: app.url },
    ...(form && { method: 'POST', body: new URLSearchParams(form), redirect: 'manual' as const }),
  });
  return { status: answer.status, html: (await answer.text()).replace(/nonce="[^"]*"/g, 'nonce=""') };
}

/** A comment sent without JavaScript and without text: the page again, with the form's error (action data, 400). */
const emptyComment = () => page(`/detail/${recipeId}`, { intent: 'create-comment', nickname: 'Heidi', comment: '' });

/** Waits (on the pages themselves, not on a clock) until the thread renders. */
async function threadReady() {
  await expect
    .poll(
      async () => {
        const before = thread().rendered();
        await page('/');
        return thread().rendered() > before;
      },
      { timeout: 20_000, interval: 100 },
    )
    .toBe(true);
}

// Home, a recipe (owner's controls, a comment, its scaled servings), a list, the edit form, the account page (MUI's styles).
const PAGES = () => ['/', `/detail/${recipeId}`, `/detail/${recipeId}?portionen=8`, '/vorspeise', `/edit/${recipeId}`, '/konto'];

test('a page with an error (a recipe that does not exist) is rendered on the main thread', async () => {
  await threadReady();
  const before = thread().rendered();
  const missing = await page('/detail/00000000-0000-4000-8000-000000000000');
  expect(missing.status).toBe(404);
  expect(missing.html).toContain('Seite nicht gefunden');
  expect(thread().rendered()).toBe(before);
});

test('a thread that ends unexpectedly: the main thread renders meanwhile, then a new thread takes over', async () => {
  await threadReady();
  await thread().terminate();
  const before = thread().rendered();
  const meanwhile = await page(`/detail/${recipeId}`);
  expect(meanwhile.status).toBe(200);
  expect(meanwhile.html).toContain('Obwaldner Käsesuppe');
  expect(thread().rendered()).toBe(before);
  await threadReady();
});

test('a thread that hangs: its page is rendered on the main thread, and the thread is ended and replaced', async () => {
  await threadReady();
  const before = thread().rendered();
  // Longer than threadReady's patience below: only a new thread can render by then.
  thread().stall(60_000);
  const stuck = await page(`/detail/${recipeId}`); // once the 8 s a render is granted have passed
  expect(stuck.status).toBe(200);
  expect(stuck.html).toContain('Wie auf der Alp!');
  expect(thread().rendered()).toBe(before);
  await threadReady();
}, 40_000);

test('a page waiting for a thread that ends is rendered on the main thread at once', async () => {
  await threadReady();
  const before = thread().rendered();
  thread().stall(60_000);
  const answer = page(`/detail/${recipeId}`);
  await expect.poll(() => thread().waiting()).toBe(1);
  await thread().terminate();
  // Given to the main thread as the thread ended, not after the 8 s a hung thread is granted.
  expect(thread().waiting()).toBe(0);
  const waited = await answer;
  expect(waited.status).toBe(200);
  expect(waited.html).toContain('Wie auf der Alp!');
  expect(thread().rendered()).toBe(before);
  await threadReady();
});

test('a thread that finds another build on disk than the one running renders nothing and is not started again', async () => {
  const bundle = pathToFileURL(path.resolve(import.meta.dirname, '../../build/server/index.js')).href;
  const other = startRenderThread(bundle, 'a-build-replaced-in-place');
  try {
    expect(other.running()).toBe(true);
    await expect.poll(() => other.running(), { timeout: 20_000 }).toBe(false);
    // A thread that ended for any other reason is started again after 1 s.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(other.running()).toBe(false);
    expect(other.rendered()).toBe(0);
  } finally {
    await other.stop();
  }
});

test('a page the thread gives back (a failure there) is rendered on the main thread from the data already read: the same page', async () => {
  await threadReady();
  const onThread = await page(`/detail/${recipeId}`);
  const before = thread().rendered();
  thread().returnNextJob();
  const onMain = await page(`/detail/${recipeId}`);
  expect(thread().rendered()).toBe(before);
  expect(onMain).toEqual(onThread);
  expect(onMain.html).toContain('Wie auf der Alp!');
});

test('a page rendered on the thread is byte for byte the page the main thread renders', async () => {
  await threadReady();
  const onThreadBefore = thread().rendered();
  const onThread = [];
  for (const path of PAGES()) {
    const before = thread().rendered();
    onThread.push(await page(path));
    expect(thread().rendered(), path).toBe(before + 1);
  }
  expect(onThread[1]!.html).toContain('Obwaldner Käsesuppe');
  expect(onThread[1]!.html).toContain('Wie auf der Alp!');
  expect(onThread[5]!.html).toContain('data-emotion'); // the account page's MUI styles came along
  const refusedOnThread = await emptyComment();
  expect(refusedOnThread.status).toBe(400);
  expect(thread().rendered()).toBe(PAGES().length + onThreadBefore + 1);

  await thread().stop();
  const rendered = thread().rendered();
  for (const [i, path] of PAGES().entries()) {
    const onMain = await page(path);
    expect(onMain.status, path).toBe(onThread[i]!.status);
    expect(onMain.html, path).toBe(onThread[i]!.html);
  }
  expect(await emptyComment()).toEqual(refusedOnThread);
  expect(thread().rendered()).toBe(rendered);
});
