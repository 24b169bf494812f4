// The whole server as one module: configuration, database, the HTTP
// pipeline and React Router. server.js imports it (bundled in production,
// through Vite in development) and owns only the listening socket.
import cluster from 'node:cluster';
import path from 'node:path';
import { mkdirSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequestHandler } from '@react-router/express';
import compression from 'compression';
import express, { type RequestHandler } from 'express';
import { RouterContextProvider } from 'react-router';
import { openDatabase, setDatabase } from '../app/db/client.server.ts';
import { migrate } from '../app/db/migrate.server.ts';
import { getAuthSecret } from '../app/lib/auth-secret.server.ts';
import { lockDataDir } from '../app/lib/data-dir-lock.server.ts';
import { getEnv, imprintPlaceholders } from '../app/lib/env.server.ts';
import { announceInstance, CONTENT_CHANNEL, markContentChanged, onInstanceMessage, setSiblingNotifier, startHeartbeat } from '../app/lib/content-version.server.ts';
import { log, sendConsoleWarningsToLog } from '../app/lib/logger.server.ts';
import { clientIpContext } from '../app/lib/request-context.server.ts';
import { scheduleBackups } from '../app/lib/backup.server.ts';
import { scheduleVacuum } from '../app/lib/db-maintenance.server.ts';
import { scheduleRateLimitCleanup } from '../app/lib/rate-limit.server.ts';
import { scheduleImageCleanup } from '../app/features/images/image-cleanup.server.ts';
import { serveImages } from '../app/features/images/image-route.server.ts';
import { nonceRouterContext } from '../app/utils/nonce.ts';
import { renderElsewhereRouterContext } from '../app/lib/render-elsewhere.server.ts';
import { builtFiles } from './built-files.ts';
import { lowerCaseIds } from './canonical-ids.ts';
import { postsOnlyToActions, routeDataOnlyOfPages } from './route-targets.ts';
import { addressedToSite, namesAnotherPath, toOriginForm, withDecodableEscapes } from './site-address.ts';
import { joinSiblings } from './cluster.ts';
import { createPageCache, isPageCacheHit } from './page-cache.ts';
import { privateAnswers } from './private-answers.ts';
import { renderQueue } from './render-queue.ts';
import { startRenderThread } from './render-thread.ts';
import { nameBuildOfRouteData } from './route-data.ts';
import { sameOriginOnly } from './same-origin.ts';
import { allowedMethodsOnly, answerClientError, BAD_REQUEST, lastResortErrorHandler, refuseConnect, refuseExpectation } from './http-errors.ts';
import { isSecureRequest, securityHeaders } from './security-headers.ts';

// The render thread loads this bundle and runs this (server/render-thread.ts).
export { serveRendersInThisThread } from './render-thread.ts';

type StartOptions = {
  /** Production: the built client assets. */
  clientDir?: string;
  /** Production: the build's image of a new embedded database, for a first start (scripts/make-database-image.ts). */
  newDatabaseImage?: string;
  /** Development: Vite's middlewares (assets, HMR). */
  devMiddleware?: RequestHandler;
  /**
   * Whether this process runs the hourly image sweep (default yes). Of several
   * workers only one does (server.js); separate instances may all run it: one
   * DELETE … RETURNING decides which images go, so two sweeps never clash.
   */
  scheduledJobs?: boolean;
};

export async function startApp({ clientDir, newDatabaseImage, devMiddleware, scheduledJobs = true }: StartOptions) {
  const env = getEnv();
  const cleanups: Array<() => unknown> = [];
  // Development keeps the console for Vite's messages.
  if (!devMiddleware) cleanups.push(sendConsoleWarningsToLog());

  mkdirSync(env.DATA_DIR, { recursive: true });
  // Read or created now, not at the first request: the workers of server.js
  // start one after the other, so the first creates it and the others read it.
  getAuthSecret();
  const connection = env.DATABASE_URL
    ? await openDatabase({ engine: 'postgres', url: env.DATABASE_URL })
    : await (async () => {
        cleanups.push(lockDataDir(env.DATA_DIR));
        return openDatabase({ engine: 'pglite', dataDir: path.join(env.DATA_DIR, 'db'), newDatabaseImage });
      })();
  await migrate(connection);
  setDatabase(connection);
  // Other instances' writes make this instance's cached pages stale too; it
  // confirms each, and says hello so that the others wait for it.
  let stopHeartbeat = async () => {};
  if (connection.listen) {
    // Back after its connection was lost, this instance may have missed changes (its pages and
    // pictures stale), and the others, their confirmations not coming, may have forgotten it.
    const relisten = () => {
      markContentChanged();
      void announceInstance().catch(() => {});
    };
    await connection.listen(CONTENT_CHANNEL, onInstanceMessage, relisten);
    await announceInstance();
    if (connection.restartListening) stopHeartbeat = startHeartbeat(connection.restartListening);
  }
  // And a sibling worker's (WEB_CONCURRENCY), before that worker answers.
  if (cluster.isWorker) setSiblingNotifier(joinSiblings(markContentChanged));
  const stopBackups = connection.engine === 'pglite' ? scheduleBackups(connection, env.DATA_DIR) : async () => {};
  // Statistics and the visibility map, which PostgreSQL's autovacuum keeps and PGlite has not.
  const stopVacuum = connection.engine === 'pglite' ? scheduleVacuum(connection) : async () => {};
  // Stopped before the database closes: a sweep in progress finishes first.
  const stopImageCleanup = scheduledJobs ? scheduleImageCleanup() : async () => {};
  const stopRateLimitCleanup = scheduledJobs ? scheduleRateLimitCleanup() : async () => {};

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', env.TRUST_PROXY);
  // Dev renders every time (Vite swaps modules); production keeps public pages.
  const pageCache = !devMiddleware && env.PAGE_CACHE_MB > 0 ? createPageCache({ maxBytes: env.PAGE_CACHE_MB * 1024 * 1024 }) : undefined;

  // Cache hits are answered before this pipeline (handleRequest below), or when their turn in the render line comes.
  app.use(securityHeaders({ strictCsp: !devMiddleware }));
  app.use(addressedToSite(env.publicUrl, { development: Boolean(devMiddleware) }));
  // A range (206) is part of the file as it is: compressed, its bytes would be part of another one.
  // The middleware's levels (gzip 6, brotli 4): lighter ones (2 and 2) gave full renders 4.4 % more
  // throughput but the server 20 MB more memory at its peak, over 400 MB at 10,000 recipes in three
  // of five runs (bench/RESULTS.md, "Full renders compressed lightly: tried, taken back").
  app.use(compression({ filter: (req, res) => !isPageCacheHit(res) && res.statusCode !== 206 && compression.filter(req, res) }));
  app.get('/healthz', (_req, res) => {
    res.type('text/plain').send('ok');
  });
  app.use(allowedMethodsOnly());
  app.use(sameOriginOnly(env.publicUrl, { development: Boolean(devMiddleware) }));
  // `/detail/0A1B…` is `/detail/0a1b…`: one address, one page in the cache.
  app.use(lowerCaseIds());

  if (devMiddleware) {
    app.use(devMiddleware);
  } else if (clientDir) {
    app.use(builtFiles(clientDir));
  }
  app.use('/images', serveImages());
  app.use(privateAnswers());

  // Production imports the build once; a dynamic import per request costs a
  // module resolution each time (about 8 % of a profile under load). Dev
  // keeps the function so that Vite can hand over a changed build.
  const build = devMiddleware ? () => import('virtual:react-router/server-build') : await import('virtual:react-router/server-build');
  // Route data names the build it comes from: a tab of an older build loads the page anew (app/utils/build-version.ts).
  // What no route can take is refused before it waits in the render line.
  if (typeof build !== 'function') app.use(nameBuildOfRouteData(build.assets.version), postsOnlyToActions(build), routeDataOnlyOfPages(build));
  const secure = (req: IncomingMessage) => isSecureRequest(req, { trustProxy: env.TRUST_PROXY });
  // Renders in line, a few at a time (static files never wait, nor do the
  // cache's hits at arrival); a page kept while a request waited is served
  // from the cache. Before `keep`, which would store such a hit again.
  app.use(renderQueue({ answerWithoutRendering: pageCache && ((req, res) => pageCache.serveHit(req, res, { secure: secure(req) })) }));
  if (pageCache) app.use(pageCache.keep);

  // Pages rendered on a second thread, if asked for (RENDER_THREAD, server/render-thread.ts); Vite renders in development.
  const renderThread = typeof build !== 'function' && env.RENDER_THREAD === 'on' ? startRenderThread(import.meta.url, build.assets.version) : undefined;
  if (renderThread) cleanups.push(renderThread.stop);
  app.use(
    createRequestHandler({
      build,
      getLoadContext(req, res) {
        const context = new RouterContextProvider();
        context.set(nonceRouterContext, String(res.locals.nonce ?? ''));
        context.set(renderElsewhereRouterContext, renderThread?.renderElsewhere);
        // req.ip honours `trust proxy` (TRUST_PROXY): X-Forwarded-For only when trusted.
        context.set(clientIpContext, req.ip ?? req.socket.remoteAddress ?? 'unknown');
        return context;
      },
    }),
  );

  app.use(lastResortErrorHandler());

  async function shutdown() {
    await stopHeartbeat();
    await stopBackups();
    await stopImageCleanup();
    await stopRateLimitCleanup();
    await stopVacuum();
    await connection.checkpoint();
    await connection.close();
    setDatabase(undefined);
    for (const cleanup of cleanups.reverse()) await cleanup();
    log.info('database closed');
  }

  /** The server's request listener: a page cache hit from memory, everything else through Express. */
  const handleRequest = (req: IncomingMessage, res: ServerResponse) => {
    if (!toOriginForm(req) || namesAnotherPath(req.url!)) {
      const text = Buffer.from(BAD_REQUEST);
      res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': text.length, 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
      res.end(text);
      return;
    }
    req.url = withDecodableEscapes(req.url!);
    if (pageCache?.serveHit(req, res, { secure: secure(req) })) return;
    app(req, res);
  };

  log.info('app ready', { engine: connection.engine, publicUrl: env.publicUrl });
  // Once per start (one process, or worker 1 of several): a public site must name who runs it.
  const placeholders = imprintPlaceholders(env);
  if (scheduledJobs && placeholders.length > 0) {
    log.warn('imprint shows placeholders', {
      settings: placeholders,
      hint: 'set SITE_OWNER, SITE_ADDRESS and SITE_EMAIL: the imprint and the privacy page (/datenschutz) name who is responsible for the site',
    });
  }
  // The HTTP server's options. A request without Host is answered like any other (every request is read
  // as addressed to PUBLIC_URL): Node's own refusal of it is an empty 400 without the site's headers.
  const serverOptions = { requireHostHeader: false };
  return { serverOptions, handleRequest, handleConnect: refuseConnect, handleClientError: answerClientError, handleExpectation: refuseExpectation, env, shutdown, renderThread };
}
