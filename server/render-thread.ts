// A second thread that turns a page's data into its HTML. Under load the
// server's one thread is the limit of the full render (signed-in readers,
// cache misses) while a third of a two-core machine idles; React's render
// is about half of a page's work (bench/RESULTS.md, "A render thread").
// The main thread keeps everything that touches the database, the caches and
// the request: React Router's matching, the loaders, the loader data's
// encoding. It hands the thread what React Router's <ServerRouter> reads (the
// matches by route id, the loader data, the encoded data for the browser);
// the thread has the same build and renders with entry.server.tsx's own
// renderDocument, so the page is the same, byte for byte, either way.
// Anything that cannot go (a render with errors, data that cannot be copied
// between threads) and anything while the thread is (re)starting is rendered
// on the main thread, as it always was.
import { parentPort, Worker, workerData } from 'node:worker_threads';
import type { EntryContext, ServerBuild } from 'react-router';
import { log } from '../app/lib/logger.server.ts';
import { handOverAsStream, loaderDataStream, readLoaderDataHandoff } from '../app/lib/loader-data-handoff.server.ts';
import type { RenderedDocument, RenderElsewhere } from '../app/lib/render-elsewhere.server.ts';

/** What <ServerRouter> reads of the request's EntryContext, in a form that can be copied to the thread. */
type RenderJob = {
  url: string;
  nonce: string;
  serverHandoffString: string | undefined;
  criticalCss: EntryContext['criticalCss'];
  /** The loader data as React Router encoded it for the browser (its turbo-stream), read to the end. */
  handoff: string | undefined;
  isSpaMode: boolean;
  handler: {
    basename: EntryContext['staticHandlerContext']['basename'];
    location: EntryContext['staticHandlerContext']['location'];
    matches: Array<{ params: Record<string, string | undefined>; pathname: string; pathnameBase: string; routeId: string }>;
    loaderData: EntryContext['staticHandlerContext']['loaderData'];
    actionData: EntryContext['staticHandlerContext']['actionData'];
    statusCode: number;
  };
};

type Reply = { id: number; html: Uint8Array; failed: boolean } | { id: number; error: string };

/**
 * After the thread ended unexpectedly, the main thread renders alone for a
 * while before a new one starts: 1 s, doubling while it keeps failing, at most
 * a minute (a thread that cannot even start must not cost a start a second).
 */
const FIRST_RESTART_DELAY_MS = 1_000;
const LONGEST_RESTART_DELAY_MS = 60_000;
/**
 * A render is aborted after 6 s (entry.server.tsx) on either thread; a thread
 * that has not answered a little later is stuck: it is ended (and started
 * anew), and its pages are rendered here.
 */
const LONGEST_RENDER_MS = 8_000;

/**
 * Starts the render thread from the server's bundle (`bundleUrl`, which
 * exports serveRendersInThisThread). `renderElsewhere` is what
 * entry.server.tsx calls; undefined from it means "render here".
 */
export function startRenderThread(bundleUrl: string, buildVersion: string) {
  let worker: Worker | undefined;
  let rendered = 0;
  let ready = false;
  let stopping = false;
  let restartDelay = FIRST_RESTART_DELAY_MS;
  let nextId = 0;
  let returnNextJob = false;
  const pending = new Map<number, (document: RenderedDocument | undefined) => void>();

  const start = () => {
    ready = false;
    let thread: Worker;
    try {
      // The build this thread was started with: a build replaced on disk since must not render its pages.
      thread = new Worker(`import(${JSON.stringify(bundleUrl)}).then((bundle) => bundle.serveRendersInThisThread())`, { eval: true, workerData: { buildVersion } });
    } catch (error) {
      log.error('render thread could not start; pages are rendered on the main thread', { error });
      return;
    }
    worker = thread;
    thread.on('message', (message: Reply | 'ready' | 'other-build') => {
      if (message === 'ready') {
        ready = true;
        restartDelay = FIRST_RESTART_DELAY_MS;
        return;
      }
      if (message === 'other-build') {
        log.warn('the build on disk is not the one running; pages are rendered on the main thread until the next restart');
        stopping = true;
        void thread.terminate();
        return;
      }
      const answer = pending.get(message.id);
      pending.delete(message.id);
      if (!answer) return; // given up on already (its page was rendered here)
      if ('error' in message || message.failed || returnNextJob) {
        // Rendered here instead: whatever went wrong there, the main thread may well manage (it logs its own errors).
        if ('error' in message) log.warn('render thread could not render a page; rendered here', { error: message.error });
        returnNextJob = false;
        answer(undefined);
      } else {
        rendered++;
        answer({ html: Buffer.from(message.html.buffer, message.html.byteOffset, message.html.byteLength) as Buffer<ArrayBuffer>, failed: false });
      }
    });
    thread.on('error', (error) => log.error('render thread failed', { error }));
    thread.on('exit', (code) => {
      if (worker === thread) worker = undefined;
      ready = false;
      // Those waiting are rendered here instead.
      for (const answer of pending.values()) answer(undefined);
      pending.clear();
      if (stopping) return;
      log.warn('render thread ended; pages are rendered on the main thread until a new one is ready', { code, restartInMs: restartDelay });
      setTimeout(() => stopping || start(), restartDelay).unref();
      restartDelay = Math.min(restartDelay * 2, LONGEST_RESTART_DELAY_MS);
    });
    thread.unref();
  };
  start();

  const renderElsewhere: RenderElsewhere = async (routerContext, url, nonce) => {
    const handler = routerContext.staticHandlerContext;
    // Lazy route discovery would have the page match routes (router.match), which the thread cannot.
    if (!ready || !worker || handler.errors || routerContext.routeDiscovery.mode !== 'initial') return undefined;
    const handoff = await readLoaderDataHandoff(routerContext);
    const job: RenderJob = {
      url,
      nonce,
      serverHandoffString: routerContext.serverHandoffString,
      criticalCss: routerContext.criticalCss,
      handoff,
      isSpaMode: routerContext.isSpaMode,
      handler: {
        basename: handler.basename,
        location: handler.location,
        matches: handler.matches.map((match) => ({ params: match.params, pathname: match.pathname, pathnameBase: match.pathnameBase, routeId: match.route.id })),
        loaderData: handler.loaderData,
        actionData: handler.actionData,
        statusCode: handler.statusCode,
      },
    };
    // The stream was read here: a render on this thread needs it anew.
    const renderHere = () => {
      handOverAsStream(routerContext, handoff);
      return undefined;
    };
    const thread = worker;
    if (!thread || !ready) return renderHere(); // it ended meanwhile
    const id = nextId++;
    const answer = new Promise<RenderedDocument | undefined>((resolve) => {
      const timer = setTimeout(() => {
        if (!pending.delete(id)) return;
        log.error('render thread did not answer in time; ending it', { path: new URL(url).pathname });
        resolve(undefined);
        void thread.terminate();
      }, LONGEST_RENDER_MS);
      pending.set(id, (document) => {
        clearTimeout(timer);
        resolve(document);
      });
    });
    try {
      thread.postMessage({ id, job });
    } catch {
      // Data that cannot be copied to another thread.
      pending.get(id)?.(undefined);
      pending.delete(id);
      return renderHere();
    }
    return (await answer) ?? renderHere();
  };

  const stop = async () => {
    stopping = true;
    await worker?.terminate();
  };
  return {
    renderElsewhere,
    stop,
    /** Pages the thread has rendered so far. */
    rendered: () => rendered,
    /** Tests: ends the thread as a crash would (a new one starts after a pause). */
    terminate: async () => {
      await worker?.terminate();
    },
    /** Tests: the thread's next page is handled as if it had failed there, so the main thread renders it. */
    returnNextJob: () => {
      returnNextJob = true;
    },
    /** Tests: the thread hangs for this long (a render that never ends). */
    stall: (ms: number) => worker?.postMessage({ stallMs: ms }),
    /** Tests: pages sent to the thread and not answered yet. */
    waiting: () => pending.size,
    /** Tests: whether a thread exists (started, or starting). */
    running: () => worker !== undefined,
  };
}

type EntryModuleWithRenderer = ServerBuild['entry']['module'] & {
  renderDocument: (routerContext: EntryContext, url: string, nonce: string) => Promise<RenderedDocument>;
};

/** The render thread's side: renders what the main thread sends, with the same build. */
export async function serveRendersInThisThread() {
  const port = parentPort;
  if (!port) throw new Error('serveRendersInThisThread runs in a worker thread only');
  const build = (await import('virtual:react-router/server-build')) as unknown as ServerBuild;
  if ((workerData as { buildVersion?: string } | null)?.buildVersion !== build.assets.version) {
    port.postMessage('other-build');
    return;
  }
  const entry = build.entry.module as EntryModuleWithRenderer;
  const routeModules = Object.fromEntries(Object.entries(build.routes).map(([id, route]) => [id, route!.module]));

  port.on('message', async (message: { id: number; job: RenderJob } | { stallMs: number }) => {
    if ('stallMs' in message) {
      // Tests: the thread hangs (its event loop blocked), as in an endless render.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, message.stallMs);
      return;
    }
    const { id, job } = message;
    try {
      const { html, failed } = await entry.renderDocument(entryContextOf(job), job.url, job.nonce);
      // A copy of the page's bytes alone: a small Buffer shares Node's pool with other data.
      port.postMessage({ id, html: new Uint8Array(html), failed } satisfies Reply);
    } catch (error) {
      port.postMessage({ id, error: String(error) } satisfies Reply);
    }
  });
  port.postMessage('ready');

  /** The EntryContext React Router would have made for this request, from the job and this thread's build. */
  function entryContextOf(job: RenderJob): EntryContext {
    return {
      manifest: build.assets,
      routeModules,
      branches: [],
      criticalCss: job.criticalCss,
      serverHandoffString: job.serverHandoffString,
      serverHandoffStream: loaderDataStream(job.handoff),
      renderMeta: {},
      future: build.future,
      ssr: build.ssr,
      routeDiscovery: build.routeDiscovery,
      isSpaMode: job.isSpaMode,
      serializeError: () => ({ message: 'Unexpected Server Error' }),
      staticHandlerContext: {
        ...job.handler,
        // <ServerRouter> finds each match's route by its id; the match's own fields are the request's.
        matches: job.handler.matches.map(({ routeId, ...match }) => ({ ...match, route: { id: routeId, path: build.routes[routeId]?.path } })),
        errors: null,
        loaderHeaders: {},
        actionHeaders: {},
        _match: () => null,
      } as unknown as EntryContext['staticHandlerContext'],
    };
  }
}
