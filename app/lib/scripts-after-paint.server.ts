// The page's scripts are fetched once it has painted, not beside its
// stylesheets and pictures (docs/decisions/013). React Router writes two
// things for them: a `<link rel="modulepreload">` per script in <head>, which
// the browser fetches at once, and an inline module that imports the route
// modules and then the client entry, which hydrates. Both are rewritten here,
// in the finished HTML, into one inline module that waits for the first
// contentful paint, then preloads the same scripts and imports the same
// modules. The links, the servings and the category menu of every page work
// without JavaScript, so a reader can already use the page in the meantime.
//
// The modules are imported side by side, so they run in the order they arrive
// rather than in the order of React Router's lines; each still runs after what
// it imports, and the client entry after all of them.
//
// A document of another shape (a React Router that writes its scripts
// differently, preloads with `integrity` or `crossorigin`) is left exactly as
// it is: the page then loads as before, and tests/e2e/rendering.test.ts fails.

// React Router's inline module. The opening tag must say `type="module"` and the
// body cannot run past the next tag, so a reader's text elsewhere (escaped in the
// page, JSON in the other scripts) is never taken for it.
const ROUTE_MODULES_SCRIPT = /(<script\b[^>]*\btype="module"[^>]*>)([^<]*window\.__reactRouterRouteModules[^<]*)<\/script>/;
const STATIC_IMPORT = /^import (?:\* as ([A-Za-z_$][\w$]*) from )?("[^"\\]+");$/gm;
const ANY_STATIC_IMPORT = /^\s*import\s*[^\s(]/m;
// An href with `&` is left alone: it would have to be unescaped first.
const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"&]+)"(?: nonce="[^"]*")?\/>/g;

/** How long the scripts wait, from the moment the browser reads them, for a paint that counts as contentful. */
const PAINT_WAIT_CAP_MS = 3000;

// Resumes at the first contentful paint, or at once where there will be none
// soon: in a hidden tab (or one hidden while it waits), which paints nothing
// until it is shown, and in a browser without paint timing, which would never say.
const WAIT_FOR_FIRST_PAINT = `await new Promise((resume) => {
  if (document.visibilityState !== "visible" || !PerformanceObserver.supportedEntryTypes?.includes("paint")) return resume();
  const done = () => {
    painted.disconnect();
    clearTimeout(cap);
    document.removeEventListener("visibilitychange", done);
    resume();
  };
  const painted = new PerformanceObserver((list) => {
    if (list.getEntriesByName("first-contentful-paint").length > 0) done();
  });
  const cap = setTimeout(done, ${PAINT_WAIT_CAP_MS});
  document.addEventListener("visibilitychange", done);
  painted.observe({ type: "paint", buffered: true });
});`;

/** `html` with its scripts loaded after the first paint, or unchanged where it is not React Router's usual document. */
export function withScriptsAfterFirstPaint(html: string): string {
  const headEnd = html.indexOf('</head>');
  const script = ROUTE_MODULES_SCRIPT.exec(html);
  if (headEnd === -1 || !script || script.index < headEnd) return html;

  const [whole, openingTag = '', body = ''] = script;
  const imports = [...body.matchAll(STATIC_IMPORT)].map(([, name = '', specifier = '']) => ({ name, specifier }));
  const rest = body.replace(STATIC_IMPORT, '');
  if (imports.length === 0 || ANY_STATIC_IMPORT.test(rest)) return html;

  const head = html.slice(0, headEnd);
  const preloads = [...head.matchAll(MODULE_PRELOAD)].map(([, href = '']) => href);
  // Each preload must be one this function can write again, or the page keeps them all.
  if (preloads.length !== head.split('rel="modulepreload"').length - 1) return html;

  const rewritten = [
    WAIT_FOR_FIRST_PAINT,
    `for (const href of ${JSON.stringify(preloads)}) document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href }));`,
    `const [${imports.map(({ name }) => name).join(', ')}] = await Promise.all([${imports.map(({ specifier }) => `import(${specifier})`).join(', ')}]);`,
    rest.trim(),
  ].join('\n');
  return (
    head.replace(MODULE_PRELOAD, '') +
    html.slice(headEnd, script.index) +
    `${openingTag}${rewritten}</script>` +
    html.slice(script.index + whole.length)
  );
}
