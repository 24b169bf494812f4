// Runs the production build of the whole app inside the test process, on a
// free loopback port with its own DATA_DIR. Because the app keeps its
// database connection on globalThis, fixtures use the very same database
// (getDb) to set state up directly while the journey goes through the UI.
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { startApp as StartApp } from '../../server/app.ts';
import { copyMigratedDatabase } from './migrated-database.ts';

const root = path.resolve(import.meta.dirname, '../..');

export type TestApp = { url: string; dataDir: string; stop: () => Promise<void>; renderThread: Awaited<ReturnType<typeof StartApp>>['renderThread'] };

async function freePort() {
  return new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** One app per test file: the configuration is read once per module instance. */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'chuchiblog-e2e-'));
  if (!(env.DATABASE_URL ?? process.env.DATABASE_URL)) await copyMigratedDatabase(path.join(dataDir, 'db'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  Object.assign(process.env, {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    PUBLIC_URL: url,
    LOG_LEVEL: 'silent',
    ...env,
  });
  const build = pathToFileURL(path.join(root, 'build/server/index.js')).href;
  const { startApp } = (await import(/* @vite-ignore */ build)) as { startApp: typeof StartApp };
  const { serverOptions, handleRequest, handleConnect, handleClientError, handleExpectation, shutdown, renderThread } = await startApp({ clientDir: path.join(root, 'build/client') });
  const server: Server = await new Promise((resolve) => {
    const s = createHttpServer(serverOptions, handleRequest)
      .on('connect', handleConnect)
      .on('clientError', handleClientError)
      .on('checkExpectation', handleExpectation)
      .listen(port, '127.0.0.1', () => resolve(s));
  });
  return {
    url,
    dataDir,
    renderThread,
    stop: async () => {
      // A test that read only an answer's headers leaves its connection busy: closing waits for it.
      const closed = new Promise((resolve) => server.close(resolve));
      server.closeAllConnections();
      await closed;
      await shutdown();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
