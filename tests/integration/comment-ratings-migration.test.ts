// Migration 0006 on a blog that has comments from before it: each person's
// latest rating counts, the owner's rating of their own recipe does not, and
// every recipe's sum and count are recounted to match. The database is
// migrated to 0005 first (a copy of the migrations folder with a shorter
// journal), filled the old way, then migrated to the end.
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, expect, test } from 'vitest';
import { openDatabase, type Schema } from '../../app/db/client.server.ts';

const folder = path.resolve('drizzle');
let scratch: string | undefined;

afterAll(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

test('0006 marks each person’s latest rating (never the owner’s) and recounts the recipes', async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'chuchiblog-migration-'));
  const before = path.join(scratch, 'drizzle');
  await cp(folder, before, { recursive: true });
  const journalPath = path.join(before, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: Array<{ tag: string }> };
  const upTo = journal.entries.findIndex((e) => e.tag.startsWith('0006'));
  expect(upTo).toBeGreaterThan(0);
  await writeFile(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo) }));

  const connection = await openDatabase({ engine: 'pglite' });
  try {
    const db = connection.db as PgliteDatabase<Schema>;
    await migrate(db, { migrationsFolder: before });

    const user = (id: string) =>
      db.execute(sql`insert into users (id, name, email, email_verified) values (${id}, ${id}, ${`${id}@example.ch`}, true)`);
    for (const id of ['owner', 'ann', 'ben']) await user(id);
    const recipe = async (owner: string, sum: number, count: number) => {
      const result = await db.execute<{ id: string }>(sql`
        insert into recipes (user_id, user_email, author, title, lead, duration, category, level, quantity, ingredients, description, rating_sum, rating_count)
        values (${owner}, 'x@example.ch', ${owner}, 'Rösti', 'Knusprig', 30, 'Hauptgang', 'Einfach', 'für 2', '[]'::jsonb, 'Braten.', ${sum}, ${count})
        returning id`);
      return result.rows[0]!.id;
    };
    // The old rule: every comment counted, the owner's too: 2 + 5 + 4 + 5 = 16 over 4.
    const rosti = await recipe('owner', 16, 4);
    const quiet = await recipe('ann', 0, 0);
    const comment = (recipeId: string, author: string, rating: number, minutesAgo: number) =>
      db.execute(sql`
        insert into comments (recipe_id, author_id, nickname, comment, rating, created_at)
        values (${recipeId}, ${author}, ${author}, ${`${author} ${rating}`}, ${rating}, now() - make_interval(mins => ${minutesAgo}))`);
    await comment(rosti, 'ann', 2, 30);
    await comment(rosti, 'ann', 5, 20);
    await comment(rosti, 'ben', 4, 10);
    await comment(rosti, 'owner', 5, 5);

    await migrate(db, { migrationsFolder: folder });

    const counted = await db.execute<{ comment: string; rating_counts: boolean }>(
      sql`select comment, rating_counts from comments order by created_at`,
    );
    expect(counted.rows.map((r) => [r.comment, r.rating_counts])).toEqual([
      ['ann 2', false],
      ['ann 5', true],
      ['ben 4', true],
      ['owner 5', false],
    ]);
    const sums = await db.execute<{ id: string; rating_sum: number; rating_count: number }>(sql`select id, rating_sum, rating_count from recipes`);
    expect(Object.fromEntries(sums.rows.map((r) => [r.id, [r.rating_sum, r.rating_count]]))).toEqual({ [rosti]: [9, 2], [quiet]: [0, 0] });

    // The replaced trigger: Ann's account goes, only her counting 5 comes off.
    await db.execute(sql`delete from users where id = 'ann'`);
    const after = await db.execute<{ rating_sum: number; rating_count: number }>(sql`select rating_sum, rating_count from recipes where id = ${rosti}`);
    expect(after.rows[0]).toEqual({ rating_sum: 4, rating_count: 1 });
  } finally {
    await connection.close();
  }
});
