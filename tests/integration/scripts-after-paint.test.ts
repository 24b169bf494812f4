import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { withScriptsAfterFirstPaint } from '../../app/lib/scripts-after-paint.server.ts';

// The shape React Router 8 writes (tests/e2e/rendering.test.ts checks a real page).
const preload = (href: string) => `<link rel="modulepreload" href="${href}" nonce="n0nce"/>`;
const routeModules = [
  'import "/assets/manifest-1.js";',
  'import * as route0 from "/assets/root-2.js";',
  'import * as route1 from "/assets/home-3.js";',
  '  ',
  '  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};',
  '',
  'import("/assets/entry.client-4.js");',
].join('\n');
const pageHtml = (head: string, script = routeModules) =>
  `<!DOCTYPE html><html lang="de-CH"><head><meta charSet="utf-8"/>${head}<link rel="stylesheet" href="/assets/site.css"/></head>` +
  `<body><main>Rezepte</main><script nonce="n0nce">window.__reactRouterContext = {};</script>` +
  `<script nonce="n0nce" type="module" async="">${script}</script><script nonce="n0nce">stream.close();</script></body></html>`;
const preloads = ['/assets/manifest-1.js', '/assets/entry.client-4.js', '/assets/framework-5.js', '/assets/root-2.js', '/assets/home-3.js'];

function moduleScript(html: string) {
  return /<script nonce="n0nce" type="module" async="">([^<]*)<\/script>/.exec(html)?.[1];
}

/** Whether Node parses `source` as a module (top-level await included). */
async function parsesAsModule(source: string) {
  const folder = await mkdtemp(path.join(tmpdir(), 'scripts-after-paint-'));
  try {
    await writeFile(path.join(folder, 'page.mjs'), source);
    return spawnSync(process.execPath, ['--check', path.join(folder, 'page.mjs')]).status === 0;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

test('the preloads leave <head> and the inline module imports the same modules once the page has painted', async () => {
  const html = withScriptsAfterFirstPaint(pageHtml(preloads.map(preload).join('')));

  expect(html).not.toContain('rel="modulepreload"');
  const script = moduleScript(html)!;
  expect(script).not.toMatch(/^import\s*[^\s(]/m); // no static import left to run at once
  // First the wait for the first contentful paint, then the preloads, the imports, React Router's own lines.
  const waits = script.indexOf('"first-contentful-paint"');
  const preloadsAt = script.indexOf(`for (const href of ${JSON.stringify(preloads)})`);
  const importsAt = script.indexOf(
    'const [, route0, route1] = await Promise.all([import("/assets/manifest-1.js"), import("/assets/root-2.js"), import("/assets/home-3.js")]);',
  );
  const routeModulesAt = script.indexOf('window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};');
  const entryAt = script.indexOf('import("/assets/entry.client-4.js");');
  const positions = [waits, preloadsAt, importsAt, routeModulesAt, entryAt];
  expect(Math.min(...positions)).toBeGreaterThanOrEqual(0);
  expect(positions).toEqual([...positions].sort((a, b) => a - b));
  expect(await parsesAsModule(script)).toBe(true);
  // The rest of the document is as it was.
  expect(html.replace(/<script nonce="n0nce" type="module" async="">[^<]*<\/script>/, '')).toBe(
    pageHtml('').replace(/<script nonce="n0nce" type="module" async="">[^<]*<\/script>/, ''),
  );
});

test('a route whose module comes in parts keeps its parts', async () => {
  const split = [
    'import "/assets/manifest-1.js";',
    'import * as route0 from "/assets/root-2.js";',
    'import * as route1_clientLoader from "/assets/home-loader-6.js";',
    'import * as route1_main from "/assets/home-3.js";',
    'const route1 = {...route1_clientLoader,...route1_main};',
    '  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};',
    'import("/assets/entry.client-4.js");',
  ].join('\n');
  const script = moduleScript(withScriptsAfterFirstPaint(pageHtml(preloads.map(preload).join(''), split)))!;

  expect(script).toContain(
    'const [, route0, route1_clientLoader, route1_main] = await Promise.all([import("/assets/manifest-1.js"), import("/assets/root-2.js"), import("/assets/home-loader-6.js"), import("/assets/home-3.js")]);',
  );
  expect(script).toContain('const route1 = {...route1_clientLoader,...route1_main};');
  expect(await parsesAsModule(script)).toBe(true);
});

test('a document of any other shape is left exactly as it is', () => {
  const unchanged = [
    // No React Router scripts at all.
    '<!DOCTYPE html><html><head><title>x</title></head><body>Fehler</body></html>',
    // A preload written otherwise (with integrity), which the rewrite could not carry over.
    pageHtml(preloads.map(preload).join('') + '<link rel="modulepreload" href="/assets/x.js" integrity="sha384-abc"/>'),
    // An import statement of a form the rewrite does not know.
    pageHtml(preloads.map(preload).join(''), `import { a } from "/assets/a.js";\n${routeModules}`),
    // A preload with crossorigin, which the rewrite would drop.
    pageHtml(preloads.map(preload).join('') + '<link rel="modulepreload" href="/assets/x.js" crossorigin="anonymous"/>'),
    // An href React escaped (`&amp;`), which would have to be unescaped first.
    pageHtml(preloads.map(preload).join('') + preload('/assets/x.js?a=1&amp;b=2')),
    // No </head>, or the module in <head>.
    pageHtml('').replace('</head>', ''),
    pageHtml('').replace('</head>', `<script type="module" async="">${routeModules}</script></head>`),
  ];
  for (const html of unchanged) expect(withScriptsAfterFirstPaint(html)).toBe(html);
});

test("a reader's text that names React Router's route modules, inside the page's other scripts, is not taken for it", () => {
  // Where a reader's text lands inside a script: the page's JSON-LD in <head>, and the loader data after the module.
  const text = 'window.__reactRouterRouteModules = {};\nimport "/assets/boese.js";';
  const jsonLd = `<script type="application/ld+json">{"description":${JSON.stringify(text)}}</script>`;
  const loaderData = `<script nonce="n0nce">stream.enqueue(${JSON.stringify(text)});</script>`;
  const html = pageHtml(jsonLd + preloads.map(preload).join('')).replace('</body>', `${loaderData}</body>`);

  const rewritten = withScriptsAfterFirstPaint(html);
  expect(rewritten).toContain(jsonLd);
  expect(rewritten).toContain(loaderData);
  expect(moduleScript(rewritten)).toContain('"first-contentful-paint"');
  expect(moduleScript(rewritten)).toContain('import("/assets/root-2.js")');
  expect(moduleScript(rewritten)).not.toContain('boese');
});
