// A blog of its own on the test run's PostgreSQL, for the tests that start
// real server processes on it (several instances, workers): a fresh database,
// and an author who can sign in with one recipe, written once the servers
// have migrated it.
import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { openDatabase } from '../../app/db/client.server.ts';
import { accounts, users } from '../../app/db/schema/auth.ts';
import { recipes } from '../../app/db/schema/recipes.ts';
import { testPasswordHash } from './accounts.ts';

type NewRecipe = typeof recipes.$inferInsert;

/** An empty database (no schema: the servers migrate it at start); `drop` removes it. */
export async function createPostgresDatabase(adminUrl: string) {
  const name = `e2e_${randomUUID().replaceAll('-', '')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  return {
    url: adminUrl.replace(/\/postgres$/, `/${name}`),
    drop: async () => {
      await admin.unsafe(`drop database ${name} with (force)`);
      await admin.end();
    },
  };
}

/** A verified author whose password is TEST_PASSWORD, and one recipe of theirs; returns the recipe's id. */
export async function seedAuthorWithRecipe(
  databaseUrl: string,
  author: { name: string; email: string },
  recipe: Pick<NewRecipe, 'title' | 'lead' | 'duration' | 'category' | 'level' | 'quantity' | 'ingredients' | 'description'>,
) {
  const connection = await openDatabase({ engine: 'postgres', url: databaseUrl });
  try {
    const id = randomUUID();
    await connection.db.insert(users).values({ id, name: author.name, email: author.email, emailVerified: true });
    await connection.db
      .insert(accounts)
      .values({ id: randomUUID(), accountId: id, providerId: 'credential', userId: id, password: await testPasswordHash() });
    const [row] = await connection.db
      .insert(recipes)
      .values({ userId: id, userEmail: author.email, author: author.name, tags: ['Salzig'], ...recipe })
      .returning({ id: recipes.id });
    return row!.id;
  } finally {
    await connection.close();
  }
}
