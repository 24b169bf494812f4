// Every test file gets its own migrated database: in-memory PGlite in the
// "integration" lane, a fresh database on the real PostgreSQL server in the
// "postgres" lane. No mocks.
import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { afterAll, beforeAll, inject } from 'vitest';
import { openDatabase, setDatabase, type DatabaseConnection } from '../../app/db/client.server.ts';
import { migrate } from '../../app/db/migrate.server.ts';
import { openMigratedDatabaseInMemory } from './migrated-database.ts';

export function postgresUrl() {
  try {
    return inject('postgresUrl');
  } catch {
    return undefined; // not the postgres lane
  }
}

export async function openTestDatabase(): Promise<DatabaseConnection & { drop: () => Promise<void>; url?: string }> {
  const adminUrl = postgresUrl();
  if (adminUrl) {
    const name = `test_${randomUUID().replaceAll('-', '')}`;
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    const url = adminUrl.replace(/\/postgres$/, `/${name}`);
    const connection = await openDatabase({ engine: 'postgres', url });
    await migrate(connection);
    return {
      ...connection,
      url,
      drop: async () => {
        await connection.close();
        await admin.unsafe(`drop database ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const connection = await openMigratedDatabaseInMemory();
  return { ...connection, drop: () => connection.close() };
}

/** Opens a test database for this file and makes it the app's database. */
export function useTestDatabase() {
  const holder: { connection?: Awaited<ReturnType<typeof openTestDatabase>> } = {};
  beforeAll(async () => {
    holder.connection = await openTestDatabase();
    setDatabase(holder.connection);
  });
  afterAll(async () => {
    setDatabase(undefined);
    await holder.connection?.drop();
  });
  return holder;
}
