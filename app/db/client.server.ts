// One database API for two engines: embedded PGlite (the default, a folder
// in DATA_DIR) and a PostgreSQL server when DATABASE_URL is set. Both speak
// the same SQL, so the schema and the migrations are shared.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { openListener, type Listener } from './listener.server.ts';
import { readDirectoryTree, writeDirectoryTree, type DataDirEntry } from './snapshot.server.ts';
import { tarEntries } from './tar.server.ts';
import * as authSchema from './schema/auth.ts';
import * as recipeSchema from './schema/recipes.ts';

export const schema = { ...authSchema, ...recipeSchema };
export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** The handle inside `db.transaction(async (tx) => …)`. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export type DatabaseConnection = {
  db: Database;
  engine: 'pglite' | 'postgres';
  /** Flushes the WAL to the data files (PGlite runs with fsync off). */
  checkpoint: () => Promise<void>;
  close: () => Promise<void>;
  /** PostgreSQL only: the connection string (migrations use a connection of their own). */
  url?: string;
  /** PGlite on disk only: every file and directory of the database, read while no statement runs (backups). */
  snapshot?: () => Promise<DataDirEntry[]>;
  /** PostgreSQL only (one process is all PGlite has): tell the other instances. */
  notify?: (channel: string, payload: string) => Promise<void>;
  /**
   * PostgreSQL only: hear the other instances; resolves once listening.
   * `onRelisten` runs each time the listening connection is back after it was
   * lost: what was sent meanwhile never arrives.
   */
  listen?: (channel: string, onMessage: (payload: string) => void, onRelisten: () => void) => Promise<void>;
  /** PostgreSQL only: drops the listening connection (it stopped delivering) and listens on a new one. */
  restartListening?: () => Promise<void>;
  /** PGlite only: the client itself, one connection for the process (statements prepared once stay prepared). */
  pglite?: PGlite;
};

export type DatabaseOptions =
  // In memory (tests): empty, or started from an image of another database (PGlite's dumpDataDir).
  | { engine: 'pglite'; dataDir?: undefined; image?: Blob }
  // A folder. While it holds no database yet, a new one is made from the file `newDatabaseImage`
  // names (the build's, scripts/make-database-image.ts) if it exists, else by PGlite's initdb.
  | { engine: 'pglite'; dataDir: string; newDatabaseImage?: string }
  | { engine: 'postgres'; url: string };

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseConnection> {
  if (options.engine === 'postgres') {
    const client = postgres(options.url, { max: 10, onnotice: () => {} });
    let listener: Listener | undefined;
    return {
      db: drizzlePostgres({ client, schema, casing: 'snake_case' }),
      engine: 'postgres',
      url: options.url,
      checkpoint: async () => {},
      close: async () => {
        await listener?.close();
        await client.end({ timeout: 5 });
      },
      notify: async (channel, payload) => {
        await client.notify(channel, payload);
      },
      listen: async (channel, onMessage, onRelisten) => {
        listener = await openListener(options.url, channel, onMessage, onRelisten);
      },
      restartListening: async () => {
        await listener?.restart();
      },
    };
  }
  const { dataDir } = options;
  if (dataDir !== undefined) await makeDatabaseFolder(dataDir, options.newDatabaseImage);
  // The search's extensions (drizzle/0005_search.sql creates them): PGlite ships
  // them as bundles that must be named here to be loadable.
  const client = await PGlite.create({
    dataDir,
    loadDataDir: dataDir === undefined ? options.image : undefined,
    startParams: PGLITE_START_PARAMS,
    extensions: { unaccent, pg_trgm, fuzzystrmatch },
  });
  return {
    db: drizzlePglite({ client, schema, casing: 'snake_case' }),
    engine: 'pglite',
    checkpoint: async () => {
      await client.exec('CHECKPOINT');
    },
    close: () => client.close(),
    // No statement runs while the files are read (PGlite's own lock): a consistent image.
    snapshot: dataDir ? () => client.runExclusive(() => readDirectoryTree(dataDir)) : undefined,
    pglite: client,
  };
}

/**
 * A folder's first database, made beside it and then moved in whole: a start killed meanwhile
 * leaves no half-made database that the next start would take for one. Its files come from the
 * build's image of a new database (a gzipped tar, scripts/make-database-image.ts) in a fraction of
 * a second; without one (the dev server, a build from before) PGlite's initdb makes them in 5 s
 * and more.
 */
async function makeDatabaseFolder(dataDir: string, imageFile: string | undefined) {
  if (existsSync(path.join(dataDir, 'PG_VERSION'))) return;
  const building = `${dataDir}.new`;
  rmSync(building, { recursive: true, force: true });
  mkdirSync(path.dirname(building), { recursive: true });
  if (imageFile && existsSync(imageFile)) {
    writeDirectoryTree(building, tarEntries(gunzipSync(readFileSync(imageFile))));
  } else {
    mkdirSync(building);
    await (await PGlite.create({ dataDir: building })).close();
  }
  // Replaces an empty folder too; one with files in it (but no database) stops the start.
  renameSync(building, dataDir);
}

/**
 * PGlite's memory is WebAssembly memory, which grows and never shrinks: every
 * shared buffer once touched stays resident. PostgreSQL's default of 128 MB
 * of shared buffers is meant for a server of its own; the embedded database
 * of one blog is served as well from 16 MB, with the operating system's file
 * cache behind them.
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

// The process-wide connection. Kept on globalThis so that the dev server's
// module reloads reuse it instead of opening the data directory twice.
const holder = globalThis as typeof globalThis & { __chuchiDatabase?: DatabaseConnection };

export function setDatabase(connection: DatabaseConnection | undefined) {
  holder.__chuchiDatabase = connection;
}

export function getConnection(): DatabaseConnection {
  const connection = holder.__chuchiDatabase;
  if (!connection) throw new Error('The database is not open yet (call setDatabase at start-up).');
  return connection;
}

export function getDb(): Database {
  return getConnection().db;
}
