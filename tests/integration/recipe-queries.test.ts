import { sql } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { getDb } from '../../app/db/client.server.ts';
import { recipes } from '../../app/db/schema/recipes.ts';
import {
  getRecipe,
  getRecipeContact,
  listNewestByTag,
  listRecipes,
  listRecipesByCategory,
  listRecipesByTag,
  listRecipesByUser,
  listSimilarRecipes,
} from '../../app/features/recipes/recipe-queries.server.ts';
import { createRecipe, createUser } from '../support/factories.ts';
import { isUuid } from '../../app/utils/ids.ts';
import { useTestDatabase } from '../support/test-db.ts';

useTestDatabase();

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);

test('lists all recipes newest first, with avgRating derived from sum and count', async () => {
  const heidi = await createUser();
  const old = await createRecipe(heidi, { title: 'Alt', createdAt: daysAgo(3) });
  const rated = await createRecipe(heidi, { title: 'Neu', createdAt: daysAgo(1), ratingSum: 9, ratingCount: 2 });

  const list = (await listRecipes()).recipes;
  const ids = list.map((r) => r.uid);
  expect(ids.indexOf(rated.id)).toBeLessThan(ids.indexOf(old.id));
  const neu = list.find((r) => r.uid === rated.id)!;
  expect(neu.avgRating).toBe(4.5);
  expect(neu.ratingCount).toBe(2);
  expect(list.find((r) => r.uid === old.id)!.avgRating).toBe(0);
});

test('filters by category and by tag, newest first', async () => {
  const beat = await createUser();
  const dessert = await createRecipe(beat, { title: 'Meringues', category: 'Dessert', tags: ['Süss'], createdAt: daysAgo(2) });
  const cake = await createRecipe(beat, {
    title: 'Rüeblitorte',
    category: 'Backen',
    tags: ['Süss', 'Torten & Kuchen'],
    createdAt: daysAgo(1),
  });

  const desserts = (await listRecipesByCategory('Dessert')).recipes;
  expect(desserts.map((r) => r.uid)).toContain(dessert.id);
  expect(desserts.map((r) => r.uid)).not.toContain(cake.id);

  const sweet = (await listRecipesByTag('Süss')).recipes.map((r) => r.uid);
  expect(sweet.indexOf(cake.id)).toBeLessThan(sweet.indexOf(dessert.id));
  expect((await listRecipesByTag('Torten & Kuchen')).recipes.map((r) => r.uid)).toEqual([cake.id]);
  expect((await listNewestByTag('Süss', 'Dessert')).map((r) => r.uid)).toEqual([dessert.id]);
});

test('reads one recipe with every field of the spec, and none for unknown or malformed ids', async () => {
  const anna = await createUser({ name: 'Anna Graf', email: 'anna@example.ch' });
  const recipe = await createRecipe(anna, { additional: 'Mit Apfelmus servieren.' });

  const detail = await getRecipe(recipe.id);
  expect(detail).toMatchObject({
    uid: recipe.id,
    userId: anna.id,
    author: 'Anna Graf',
    title: 'Älplermagronen',
    duration: 45,
    category: 'Hauptgang',
    level: 'Einfach',
    quantity: 'für 4 Personen',
    additional: 'Mit Apfelmus servieren.',
    avgRating: 0,
    image: null,
  });
  expect(JSON.stringify(detail)).not.toContain('anna@example.ch'); // pages never carry the address
  expect(await getRecipeContact(recipe.id)).toEqual({ email: 'anna@example.ch', title: 'Älplermagronen' });
  expect(await getRecipeContact("1' or '1'='1")).toBeUndefined();
  expect(detail!.ingredients).toEqual([
    { name: 'Hörnli', amount: '300 g' },
    { name: 'Bergkäse, gerieben', amount: '150 g' },
  ]);
  expect(await getRecipe('00000000-0000-4000-8000-000000000000')).toBeUndefined();
  expect(await getRecipe("1' or '1'='1")).toBeUndefined();
  expect(isUuid('not-a-uuid')).toBe(false);
  expect(isUuid(detail!.uid.toUpperCase())).toBe(true);
  expect(isUuid(undefined)).toBe(false);
});

test('lists a user’s own recipes only', async () => {
  const a = await createUser();
  const b = await createUser();
  const mine = await createRecipe(a);
  await createRecipe(b);
  expect((await listRecipesByUser(a.id)).recipes.map((r) => r.uid)).toEqual([mine.id]);
});

test('finds similar recipes by German full-text search, closest first, never the recipe itself', async () => {
  const chef = await createUser();
  const source = await createRecipe(chef, {
    title: 'Aargauer Rüeblitorte',
    lead: 'Saftige Torte mit Karotten und gemahlenen Mandeln.',
    category: 'Backen',
  });
  const close = await createRecipe(chef, {
    title: 'Rüeblitorte vom Blech',
    lead: 'Karotten und Mandeln, schnell gemacht.',
    category: 'Backen',
  });
  const related = await createRecipe(chef, { title: 'Mandelguetzli', lead: 'Mürbe Guetzli mit Mandeln.', category: 'Backen' });
  await createRecipe(chef, { title: 'Zürcher Geschnetzeltes', lead: 'Kalbfleisch an Rahmsauce.' });

  const similar = (await listSimilarRecipes(source.id)).map((r) => r.uid);
  expect(similar[0]).toBe(close.id);
  expect(similar).toContain(related.id);
  expect(similar).not.toContain(source.id);
  expect(similar.length).toBeLessThanOrEqual(4);
  expect(await listSimilarRecipes('kaputt')).toEqual([]);
});

test('the database itself refuses unknown categories, levels and tags', async () => {
  const user = await createUser();
  await expect(createRecipe(user, { category: 'Suppe' })).rejects.toThrow();
  await expect(createRecipe(user, { level: 'Profi' })).rejects.toThrow();
  await expect(createRecipe(user, { tags: ['Salzig', 'Scharf'] })).rejects.toThrow();
  expect(await getDb().$count(recipes, sql`${recipes.userId} = ${user.id}`)).toBe(0);
});
