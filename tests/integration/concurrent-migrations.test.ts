// Instances that start at the same time migrate one after the other.
import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { expect, test } from 'vitest';
import { openDatabase } from '../../app/db/client.server.ts';
import { migrate } from '../../app/db/migrate.server.ts';
import { recipes } from '../../app/db/schema/recipes.ts';
import { postgresUrl } from '../support/test-db.ts';

const adminUrl = postgresUrl();

// PostgreSQL only: PGlite is one process per data directory (a lock file keeps others out).
test.skipIf(!adminUrl)('three instances migrating one fresh database at once all succeed', async () => {
  const name = `migrate_${randomUUID().replaceAll('-', '')}`;
  const admin = postgres(adminUrl!, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = adminUrl!.replace(/\/postgres$/, `/${name}`);
  const instances = await Promise.all([1, 2, 3].map(() => openDatabase({ engine: 'postgres', url })));
  try {
    await Promise.all(instances.map((instance) => migrate(instance)));
    expect(await instances[0]!.db.$count(recipes)).toBe(0);
  } finally {
    await Promise.all(instances.map((instance) => instance.close()));
    await admin.unsafe(`drop database ${name} with (force)`);
    await admin.end();
  }
});
