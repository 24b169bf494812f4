// Server rendering with Emotion: on pages that use MUI, its styles are collected
// while React renders and written into <head>, so the first paint is already styled
// (no flash of unstyled content). We wait for the whole document
// (onAllReady) because the styles are only known once everything rendered.
import { PassThrough } from 'node:stream';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { renderToPipeableStream } from 'react-dom/server';
import { isRouteErrorResponse, ServerRouter, type EntryContext, type RouterContextProvider } from 'react-router';
import { log } from './lib/logger.server.ts';
import { createEmotionCache } from './theme/emotion-cache.ts';
import { NonceContext, nonceRouterContext } from './utils/nonce.ts';
import { renderElsewhereRouterContext, type RenderedDocument } from './lib/render-elsewhere.server.ts';

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
export function renderDocument(routerContext: EntryContext, url: string, nonce: string): Promise<RenderedDocument> {
  const cache = createEmotionCache();
  const emotion = createEmotionServer(cache);
  let failed = false;

  return new Promise<RenderedDocument>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <CacheProvider value={cache}>
          <ServerRouter context={routerContext} url={url} nonce={nonce} />
        </CacheProvider>
      </NonceContext.Provider>,
      {
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
            const html = Buffer.concat(chunks);
            // Home, a recipe and the lists render no MUI: nothing to collect, and the
            // bytes go out as React wrote them (no decoding to text and back).
            const usedEmotion = Object.keys(cache.inserted).length > 0;
            resolve({ html: usedEmotion ? Buffer.from(withEmotionStyles(html.toString('utf8'), emotion)) : html, failed });
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
      },
    );
    // Cleared when the page is done (React calls back later, never from the call
    // above): a pending timer would hold the whole render, its chunks and React's
    // request, in memory for six seconds after the answer.
    const abortTimer = setTimeout(abort, streamTimeout + 1000);
  });
}

/** The page with the critical CSS of the MUI components it rendered, in <head>. */
function withEmotionStyles(html: string, emotion: ReturnType<typeof createEmotionServer>) {
  const styles = emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html));
  // A replacer function: `$&` inside CSS must not be expanded.
  return html.replace('</head>', () => `${styles}</head>`);
}

/** Errors in loaders, actions and rendering go to the structured log (not console.error). */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return; // the visitor left; nothing went wrong
  if (isRouteErrorResponse(error) && error.status < 500) return; // a 404 or 405 is an answer, not a failure
  log.error('request failed', { method: request.method, path: new URL(request.url).pathname, error });
}
