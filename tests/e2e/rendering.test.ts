// Pages are rendered in one synchronous pass (app/entry.server.tsx). A part that
// suspends there, such as a signed-in reader's controls whose code a fresh server
// has not loaded yet (lazyComponent), has the page rendered again with React's
// stream, which waits for it. Either way the page is whole, and the same.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createAccount, sessionCookie } from '../support/accounts.ts';
import { createComment, createRecipe } from '../support/factories.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

let app: TestApp;
let cookie: string;
let recipeId: string;

beforeAll(async () => {
  app = await startTestApp();
  const owner = await createAccount('Vreni Zurbriggen');
  const reader = await createAccount('Sepp Imboden');
  recipeId = (await createRecipe(owner, { title: 'Walliser Cholera', category: 'Hauptgang' })).id;
  await createComment(recipeId, reader, { comment: 'Wie bei der Grossmutter.', rating: 5 });
  cookie = await sessionCookie(app.url, owner.email);
});

afterAll(async () => {
  await app?.stop();
});

/** React Router's inline module of a page: what imports its scripts. */
async function moduleScriptOf(pagePath: string) {
  const html = await (await fetch(app.url + pagePath)).text();
  return { html, script: /<script nonce="[^"]*" type="module" async="">([^<]*)<\/script>/.exec(html)?.[1] ?? '' };
}

/** The owner's view of the recipe, nonce blanked out. */
async function ownersPage() {
  const answer = await fetch(`${app.url}/detail/${recipeId}`, { headers: { cookie } });
  return { status: answer.status, html: (await answer.text()).replace(/nonce="[^"]*"/g, 'nonce=""') };
}

test("a fresh server's first signed-in page (its controls' code not loaded yet) is whole, and the same as the next one", async () => {
  // No page has been rendered yet in this app: the owner's controls, the comment
  // form and the account control are all still to be loaded.
  const first = await ownersPage();
  expect(first.status).toBe(200);
  expect(first.html).toMatch(/^<!DOCTYPE html><html lang="de-CH">/);
  expect(first.html).toContain(`href="/edit/${recipeId}"`);
  expect(first.html).toContain('<textarea');
  expect(first.html).toContain('Wie bei der Grossmutter.');
  // No part left for the browser to render.
  expect(first.html).not.toContain('<!--$!-->');
  // The loader data, whole, for the browser to take over.
  expect(first.html).toMatch(/streamController\.enqueue\(".*Walliser Cholera.*"\);<\/script>/);
  expect(first.html).toContain('streamController.close();</script>');
  // Its scripts, as on every page, wait for the first paint (the stream's page too).
  expect(first.html).not.toContain('rel="modulepreload"');
  expect(first.html).toContain('"first-contentful-paint"');

  const next = await ownersPage();
  expect(next).toEqual(first);
});

test("MUI's styles of a page go into <head>, none beside the components", async () => {
  for (const round of ['first', 'again']) {
    const answer = await fetch(`${app.url}/konto`, { headers: { cookie } });
    expect(answer.status, round).toBe(200);
    const html = await answer.text();
    const [head, body] = html.split('</head>');
    expect(head, round).toMatch(/<style data-emotion="css [^"]+"[^>]*>[^<]*\.css-[^<]+<\/style>/);
    expect(body, round).not.toContain('<style');
  }
});

test("a page's scripts are fetched after its first paint: no preload in <head>, the inline module imports them once the page has painted", async () => {
  for (const pagePath of ['/', '/hauptgang', `/detail/${recipeId}`]) {
    const { html, script } = await moduleScriptOf(pagePath);
    const [head] = html.split('</head>');
    expect(head, pagePath).not.toContain('modulepreload');
    expect(script, pagePath).toContain('"first-contentful-paint"');
    expect(script, pagePath).not.toMatch(/^import\s*[^\s(]/m);
    // What React Router wrote, still there: its route modules and the entry that hydrates.
    expect(script, pagePath).toContain('window.__reactRouterRouteModules = {"root":route0,');
    expect(script, pagePath).toMatch(/import\("\/assets\/entry\.client-[\w-]+\.js"\);$/);
    // Every script it names is there to be fetched.
    const scripts = new Set(script.match(/\/assets\/[\w.-]+\.js/g));
    expect(scripts.size, pagePath).toBeGreaterThanOrEqual(5);
    for (const src of scripts) expect((await fetch(app.url + src)).status, src).toBe(200);
  }
});

test("home preloads, after its paint, what React Router would have preloaded at once: the route list, the entry and both routes' modules with their imports", async () => {
  const { script } = await moduleScriptOf('/');
  const preloaded: unknown = JSON.parse(/for \(const href of (\[[^\]]*\])\)/.exec(script)?.[1] ?? 'null');

  const manifestUrl = /import\("(\/assets\/manifest-[\w-]+\.js)"\)/.exec(script)?.[1];
  const manifestSource = await (await fetch(`${app.url}${manifestUrl}`)).text();
  type Module = { module: string; imports?: string[] };
  const manifest = JSON.parse(manifestSource.slice(manifestSource.indexOf('{'), manifestSource.lastIndexOf('}') + 1)) as {
    url: string;
    entry: Module;
    routes: Record<string, Module>;
  }; // the route list the build wrote: window.__reactRouterManifest = {…}
  const { root, 'routes/home': home } = manifest.routes;
  const expected = [manifest.url, manifest.entry.module, ...(manifest.entry.imports ?? [])];
  for (const route of [root!, home!]) expected.push(route.module, ...(route.imports ?? []));
  expect(new Set(preloaded as string[])).toEqual(new Set(expected));
});
