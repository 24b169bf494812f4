// Entry point of `npm start` and `npm run dev`: starts the app and owns the
// listening socket, so that SIGTERM/SIGINT can end it gracefully (in-flight
// requests finish, the database is checkpointed and closed). With
// WEB_CONCURRENCY above 1 on PostgreSQL this process becomes the primary of
// several workers (server/cluster.ts), each of which runs the rest of this file.
import cluster from 'node:cluster';
import http from 'node:http';
import process from 'node:process';

const [major] = process.versions.node.split('.').map(Number);
if (major < 24) {
  console.error(`Chuchiblog needs Node.js 24 or newer (this is ${process.version}); start it with npm start.`);
  process.exit(1);
}

// Two settings that take effect only when a process starts, so on Linux the
// process replaces itself once with them (same PID, so signals and the data
// directory lock are unaffected):
// - glibc's malloc gives every thread that allocates an arena of its own (up
//   to eight per core) and rarely hands their memory back: libvips' decoder
//   threads left the server some 200 MB larger after a burst of uploads. Two
//   arenas keep that in check.
// - V8 sizes its young generation by the machine's memory: with 24 GiB it
//   grew to 134 MB already during start-up and stayed there, a third of the
//   server. Semi-spaces of 16 MiB took the server under load from 464 to
//   347 MB, with no loss of throughput the benchmarks could resolve
//   (bench/RESULTS.md, "The young generation capped").
// - V8 lets its old generation grow by up to four times what survived the
//   last full collection before it collects again: under a burst of renders
//   the server went from 325 to 430-490 MB. A factor of two keeps it at
//   365-378 MB, again with no loss of throughput the benchmarks could resolve
//   (bench/RESULTS.md, "The old generation's growth").
// An operator's own value of either flag (in NODE_OPTIONS or on the command
// line) wins.
const V8_MEMORY_FLAGS = [
  { flag: '--max-semi-space-size=16', name: /max[-_]semi[-_]space[-_]size/ },
  { flag: '--heap-growing-percent=100', name: /heap[-_]growing[-_]percent/ },
];
const operatorFlags = [...process.execArgv, process.env.NODE_OPTIONS ?? ''];
const missingFlags = V8_MEMORY_FLAGS.filter(({ name }) => !operatorFlags.some((arg) => name.test(arg))).map(({ flag }) => flag);
if (process.platform === 'linux' && typeof process.execve === 'function' && (!process.env.MALLOC_ARENA_MAX || missingFlags.length > 0)) {
  process.execve(process.execPath, [process.execPath, ...missingFlags, ...process.execArgv, ...process.argv.slice(1)], {
    ...process.env,
    MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX || '2',
  });
}

const dev = process.argv.includes('--dev');
// Set before React and friends load: they pick their production build by it.
process.env.NODE_ENV ??= dev ? 'development' : 'production';

// Workers are for production (the dev server is one Vite process), on
// PostgreSQL. Only a process that may become their primary loads
// server/cluster.ts: Node strips its types, which costs some 16 MB that a
// single process and the workers do without. The primary imports nothing of
// the app; the workers run on below.
const mayRunWorkers =
  !dev && cluster.isPrimary && Boolean(process.env.DATABASE_URL?.trim()) && !['', '1'].includes(process.env.WEB_CONCURRENCY?.trim() ?? '');
const primary = mayRunWorkers ? await import('./server/cluster.ts') : undefined;
const workers = primary?.workerCount() ?? 1;
if (primary && workers > 1) primary.runPrimary(workers);
else await serve();

async function load(scheduledJobs) {
  if (!dev) {
    const { startApp } = await import('./build/server/index.js');
    return startApp({
      clientDir: new URL('./build/client', import.meta.url).pathname,
      newDatabaseImage: new URL('./build/new-database.tar.gz', import.meta.url).pathname,
      scheduledJobs,
    });
  }
  const vite = await import('vite');
  const viteServer = await vite.createServer({ server: { middlewareMode: true } });
  const { startApp } = await viteServer.ssrLoadModule('./server/app.ts');
  return startApp({ devMiddleware: viteServer.middlewares, scheduledJobs });
}

/** Serves the app in this process (the only one, or one of the workers). */
async function serve() {
  // The hourly image sweep runs in one process only: a single process, or worker 1.
  // (The primary names each worker's slot in CHUCHIBLOG_WORKER_SLOT, server/cluster.ts.)
  const slot = process.env.CHUCHIBLOG_WORKER_SLOT;
  const scheduledJobs = !cluster.isWorker || slot === '1';
  let started;
  try {
    started = await load(scheduledJobs);
  } catch (error) {
    // Configuration and lock errors are for the operator: one clear line.
    const known = ['EnvError', 'DataDirLockedError'].includes(error?.name);
    console.error(known ? error.message : error);
    process.exit(1);
  }

  const { serverOptions, handleRequest, handleConnect, handleClientError, handleExpectation, env, shutdown } = started;
  const server = http
    .createServer(serverOptions, handleRequest)
    .on('connect', handleConnect)
    .on('clientError', handleClientError)
    .on('checkExpectation', handleExpectation)
    .listen(env.PORT, env.HOST, () => {
      const worker = cluster.isWorker ? `, Worker ${slot} (PID ${process.pid})` : '';
      console.log(`Chuchiblog läuft auf http://${env.HOST}:${env.PORT} (öffentlich: ${env.publicUrl})${worker}`);
    });
  server.on('error', (error) => {
    console.error(`Cannot listen on ${env.HOST}:${env.PORT}: ${error.message}`);
    process.exit(1);
  });

  let stopping = false;
  async function stop(signal) {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received, finishing open requests`);
    server.close(async () => {
      await shutdown();
      process.exit(0);
    });
    // Connections that finish their request become idle; close them as they do.
    setInterval(() => server.closeIdleConnections(), 100).unref();
    // Requests that hang must not keep the database open forever.
    setTimeout(() => server.closeAllConnections(), 10_000).unref();
  }
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}
