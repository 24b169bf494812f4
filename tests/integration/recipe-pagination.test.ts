// The paginated lists on a real database (PGlite here, PostgreSQL in the
// "postgres" lane): pages of 12, newest first, ties broken by id, counts for
// the page links, side columns bounded, and query plans that follow the indexes.
import { sql, type SQL } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { getDb } from '../../app/db/client.server.ts';
import {
  listFilters,
  listNewestByTag,
  listRecipes,
  listRecipesByCategory,
  listRecipesByTag,
  listRecipesByUser,
  pageCountQuery,
  pageRowsQuery,
} from '../../app/features/recipes/recipe-queries.server.ts';
import { vacuumAnalyze } from '../../app/lib/db-maintenance.server.ts';
import { PAGE_SIZE, SIDE_LIST_SIZE } from '../../app/utils/pagination.ts';
import { insertBulkRecipes } from '../../scripts/seed/bulk-recipes.ts';
import { createRecipe, createUser } from '../support/factories.ts';
import { postgresUrl, useTestDatabase } from '../support/test-db.ts';

const database = useTestDatabase();

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

// Tests share the file's database: each uses a category, tag or user of its own
// where it counts, and the plan test (thousands of rows) comes last.

test('a category is read in pages of 12, newest first, each recipe exactly once, ties broken by id', async () => {
  const heidi = await createUser();
  const sameMoment = minutesAgo(5);
  const made = [];
  for (let i = 0; i < 27; i++) {
    // Three recipes share one creation time: the id must order them, or a page could repeat one.
    const createdAt = i < 3 ? sameMoment : minutesAgo(10 + i);
    made.push(await createRecipe(heidi, { title: `Apéro ${i}`, category: 'Apéro', tags: ['Salzig'], createdAt }));
  }
  await createRecipe(heidi, { title: 'Nicht hier', category: 'Dessert' });

  const expected = [...made]
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (b.id < a.id ? -1 : b.id > a.id ? 1 : 0))
    .map((r) => r.id);
  const pages = await Promise.all([1, 2, 3].map((n) => listRecipesByCategory('Apéro', n)));
  expect(pages.map((p) => p.recipes.length)).toEqual([12, 12, 3]);
  for (const page of pages) expect(page).toMatchObject({ total: 27, pageCount: 3 });
  expect(pages.map((p) => p.page)).toEqual([1, 2, 3]);
  expect(pages.flatMap((p) => p.recipes.map((r) => r.uid))).toEqual(expected);

  // Beyond the last page: empty, and the count says so (the route answers 404).
  expect(await listRecipesByCategory('Apéro', 4)).toMatchObject({ recipes: [], page: 4, pageCount: 3, total: 27 });
  // An empty category has its one (empty) first page.
  expect(await listRecipesByCategory('Vorspeise')).toEqual({ recipes: [], page: 1, pageCount: 1, total: 0 });
});

test('the home list pages through every category; a tag list and a user list page through theirs', async () => {
  const anna = await createUser();
  const all = await listRecipes();
  expect(all.recipes).toHaveLength(PAGE_SIZE);
  expect(all.total).toBe(28); // the 28 recipes of the test above
  expect(all.pageCount).toBe(3);

  for (let i = 0; i < 14; i++) await createRecipe(anna, { title: `Guetzli ${i}`, category: 'Backen', tags: ['Guetzli'], createdAt: minutesAgo(i) });
  const first = await listRecipesByTag('Guetzli');
  const second = await listRecipesByTag('Guetzli', 2);
  expect([first.total, first.pageCount, second.recipes.length]).toEqual([14, 2, 2]);
  expect(first.recipes[0]!.title).toBe('Guetzli 0');
  expect(second.recipes.map((r) => r.title)).toEqual(['Guetzli 12', 'Guetzli 13']);

  const mine = await listRecipesByUser(anna.id, 2);
  expect(mine).toMatchObject({ total: 14, pageCount: 2, page: 2 });
  expect(mine.recipes.map((r) => r.title)).toEqual(['Guetzli 12', 'Guetzli 13']);
});

test('a side column holds only the newest few of its tag, optionally within one category', async () => {
  const beat = await createUser();
  for (let i = 0; i < 8; i++) {
    await createRecipe(beat, { title: `Frühling ${i}`, category: i % 2 ? 'Hauptgang' : 'Dessert', tags: ['Frühling'], createdAt: minutesAgo(i) });
  }
  const spring = await listNewestByTag('Frühling');
  expect(spring.map((r) => r.title)).toEqual(['Frühling 0', 'Frühling 1', 'Frühling 2', 'Frühling 3', 'Frühling 4']);
  expect(spring).toHaveLength(SIDE_LIST_SIZE);
  expect((await listNewestByTag('Frühling', 'Hauptgang')).map((r) => r.title)).toEqual(['Frühling 1', 'Frühling 3', 'Frühling 5', 'Frühling 7']);
});

/** The plan of a statement, as PostgreSQL's text lines. */
async function plan(query: SQL) {
  const result = await getDb().execute(sql`explain ${query}`);
  // postgres-js answers an array of rows, PGlite an object with `rows`.
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{ 'QUERY PLAN': string }>;
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

function expectPageFromIndex(text: string, index: RegExp) {
  expect(text).toMatch(index);
  expect(text).not.toMatch(/Seq Scan on recipes/);
  for (const sort of text.match(/Sort {2}\(.*\)/g) ?? []) expect(sort).toMatch(/ rows=12 /);
}

test('at thousands of recipes the list pages follow the indexes: no full scan, no sort of the whole list', async () => {
  const owner = await createUser({ name: 'Massen Test' });
  await insertBulkRecipes(getDb(), { count: 5000, owner });
  // Statistics and the visibility map: what autovacuum does on PostgreSQL after such
  // an insert, and the app hourly on PGlite (lib/db-maintenance.server.ts).
  await vacuumAnalyze(database.connection!);

  // A page's ids are read in order from an index (skipping earlier pages costs
  // index entries or rows in order, never the whole list); only the page's own
  // 12 rows are sorted. For a category the planner takes its own index or the
  // time index, keeping the category's rows (a fifth of all match); which one
  // depends on the statistics and the visibility map. (At the very end of a
  // long list PostgreSQL may rightly read the category whole and sort it.)
  const ordered = (index: string) => new RegExp(`Index (Only )?Scan Backward using ${index}`);
  const category = await plan(pageRowsQuery(listFilters.category('Backen'), 3).getSQL());
  expectPageFromIndex(category, ordered('recipes_(category_)?created_at_id_idx'));
  const deep = await plan(pageRowsQuery(listFilters.category('Backen'), 20).getSQL());
  expectPageFromIndex(deep, ordered('recipes_(category_)?created_at_id_idx'));
  expectPageFromIndex(await plan(pageRowsQuery(listFilters.all(), 2).getSQL()), ordered('recipes_created_at_id_idx'));
  // The bulk owner wrote nearly every recipe: their index or the time index.
  expectPageFromIndex(await plan(pageRowsQuery(listFilters.user(owner.id), 40).getSQL()), ordered('recipes_(user_id_)?created_at_id_idx'));
  // A common tag's page walks the time index and stops after 12 matches.
  expectPageFromIndex(await plan(pageRowsQuery(listFilters.tag('Vegetarisch'), 1).getSQL()), ordered('recipes_created_at_id_idx'));

  // A rare tag's count reads the GIN index on tags.
  expect(await plan(pageCountQuery(listFilters.tag('Guetzli')).getSQL())).toMatch(/Bitmap Index Scan on recipes_tags_idx/);
  // A category's count reads its index only, where VACUUM could mark the table
  // all-visible. (On the postgres lane's shared server it often cannot: other
  // test files keep the vacuum horizon back, and a sequential scan is cheaper.)
  if (!postgresUrl()) {
    expect(await plan(pageCountQuery(listFilters.category('Backen')).getSQL())).toMatch(/Index Only Scan using recipes_category_created_at_id_idx/);
  }
});
