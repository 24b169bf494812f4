// Server rendering with Emotion: on pages that use MUI, its styles are collected
// while React renders and written into <head>, so the first paint is already styled
// (no flash of unstyled content). The page goes out whole, never streamed: the
// styles are only known once everything rendered.
//
// A page is rendered in one synchronous pass (renderToString), which costs
// markedly less than React's stream (docs/decisions/012). Only when a part of
// it suspends, because a component's code is not loaded yet (lazyComponent)
// or a part failed, is it rendered again with the stream's renderer, which
// waits for every part and reports the failures.
//
// Either way, the finished page fetches its scripts only once it has painted
// (lib/scripts-after-paint.server.ts, docs/decisions/013).
import { PassThrough } from 'node:stream';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { isRouteErrorResponse, ServerRouter, type EntryContext, type RouterContextProvider } from 'react-router';
import { log } from './lib/logger.server.ts';
import { handOverAsStream, handOverReadData, readLoaderDataHandoff } from './lib/loader-data-handoff.server.ts';
import { createEmotionCache } from './theme/emotion-cache.ts';
import { NonceContext, nonceRouterContext } from './utils/nonce.ts';
import { renderElsewhereRouterContext, type RenderedDocument } from './lib/render-elsewhere.server.ts';
import { withScriptsAfterFirstPaint } from './lib/scripts-after-paint.server.ts';

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.get(nonceRouterContext);
  // Rendered on the server's render thread when it has one (server/render-thread.ts), else here.
  const renderElsewhere = loadContext.get(renderElsewhereRouterContext);
  const page = (await renderElsewhere?.(routerContext, request.url, nonce)) ?? (await renderDocument(routerContext, request.url, nonce));
  return new Response(page.html, { headers: responseHeaders, status: page.failed ? 500 : responseStatusCode });
}

/** The whole document of a page; `failed` when a part of it could not be rendered. */
export async function renderDocument(routerContext: EntryContext, url: string, nonce: string): Promise<RenderedDocument> {
  const handoff = await readLoaderDataHandoff(routerContext);
  if (handoff !== undefined) handOverReadData(routerContext, handoff);
  const page = renderAtOnce(routerContext, url, nonce);
  if (page) return page;
  if (handoff !== undefined) handOverAsStream(routerContext, handoff);
  return renderWhenReady(routerContext, url, nonce);
}

function documentOf(routerContext: EntryContext, url: string, nonce: string, cache: ReturnType<typeof createEmotionCache>) {
  return (
    <NonceContext.Provider value={nonce}>
      <CacheProvider value={cache}>
        <ServerRouter context={withMatchedRoutesOnly(routerContext)} url={url} nonce={nonce} />
      </CacheProvider>
    </NonceContext.Provider>
  );
}

/**
 * The context with only the page's own routes (its matches, from the root down) in the manifest.
 * <ServerRouter> makes a route object, with React elements, for every route in it on every render,
 * though a page renders its matches only: 35 routes, about a third of what a signed-in render left
 * over for the old generation's collector (bench/RESULTS.md). The browser takes the whole route
 * list from the manifest file as before (routeDiscovery "initial": <Scripts> names the file, not
 * the routes).
 */
function withMatchedRoutesOnly(routerContext: EntryContext): EntryContext {
  const routes: EntryContext['manifest']['routes'] = {};
  for (const { route } of routerContext.staticHandlerContext.matches) routes[route.id] = routerContext.manifest.routes[route.id];
  return { ...routerContext, manifest: { ...routerContext.manifest, routes } };
}

/**
 * The page from one synchronous pass, or undefined when React left a part of it
 * to the browser (`<!--$!-->`: a part suspended or failed; `<!--$?-->`: one still
 * pending) or the render threw: then the stream's renderer does it again, and
 * reports what failed. Readers' text cannot make those marks: React escapes `<`
 * in text and attributes, React Router in its scripts.
 */
function renderAtOnce(routerContext: EntryContext, url: string, nonce: string): RenderedDocument | undefined {
  const styles = collectedStyles();
  let html: string;
  try {
    html = renderToString(documentOf(routerContext, url, nonce, styles.cache));
  } catch {
    return undefined;
  }
  if (/<!--\$[!?]-->/.test(html)) return undefined;
  // React's stream starts a document with its doctype; renderToString does not.
  return { html: Buffer.from(`<!DOCTYPE html>${withScriptsAfterFirstPaint(withEmotionStyles(html, styles))}`), failed: false };
}

/** The page from React's stream, once every part is ready (code loaded, data read). */
function renderWhenReady(routerContext: EntryContext, url: string, nonce: string): Promise<RenderedDocument> {
  const styles = collectedStyles();
  let failed = false;

  return new Promise<RenderedDocument>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const { pipe, abort } = renderToPipeableStream(documentOf(routerContext, url, nonce, styles.cache), {
      nonce,
      // Never outline a finished Suspense part (React does so past 12.8 KB
      // of document): outlined parts arrive hidden, to be shown by a script,
      // so a reader without JavaScript would miss them. We send the whole
      // document at once anyway.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        const collector = new PassThrough();
        collector.on('data', (chunk: Buffer) => chunks.push(chunk));
        collector.on('end', () => {
          clearTimeout(abortTimer);
          const html = Buffer.concat(chunks).toString('utf8');
          resolve({ html: Buffer.from(withScriptsAfterFirstPaint(withEmotionStyles(html, styles))), failed });
        });
        pipe(collector);
      },
      onShellError(error) {
        clearTimeout(abortTimer);
        reject(error);
      },
      onError(error) {
        failed = true;
        log.error('render failed', { error });
      },
    });
    // Cleared when the page is done (React calls back later, never from the call
    // above): a pending timer would hold the whole render, its chunks and React's
    // request, in memory for six seconds after the answer.
    const abortTimer = setTimeout(abort, streamTimeout + 1000);
  });
}

type CollectedStyles = { cache: ReturnType<typeof createEmotionCache>; emotion: ReturnType<typeof createEmotionServer> };

/** Made before the render: Emotion's server instance has it collect styles rather than write them beside each component. */
function collectedStyles(): CollectedStyles {
  const cache = createEmotionCache();
  return { cache, emotion: createEmotionServer(cache) };
}

/** Home, a recipe and the lists render no MUI: nothing to collect. */
function usedEmotion({ cache }: CollectedStyles) {
  return Object.keys(cache.inserted).length > 0;
}

/** The page with the critical CSS of the MUI components it rendered, in <head>. */
function withEmotionStyles(html: string, styles: CollectedStyles) {
  if (!usedEmotion(styles)) return html;
  const { emotion } = styles;
  const styleTags = emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html));
  // A replacer function: `$&` inside CSS must not be expanded.
  return html.replace('</head>', () => `${styleTags}</head>`);
}

/** Errors in loaders, actions and rendering go to the structured log (not console.error). */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return; // the visitor left; nothing went wrong
  if (isRouteErrorResponse(error) && error.status < 500) return; // a 404 or 405 is an answer, not a failure
  log.error('request failed', { method: request.method, path: new URL(request.url).pathname, error });
}
