// Creating, changing and deleting recipes against the real database: the
// acting user is an argument, and only the owner may change or delete.
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { getDb } from '../../app/db/client.server.ts';
import { comments, images, recipes } from '../../app/db/schema/recipes.ts';
import { storeImage } from '../../app/features/images/image-mutations.server.ts';
import { getRecipe, getRecipeContact } from '../../app/features/recipes/recipe-queries.server.ts';
import { createRecipe, deleteRecipe, updateRecipe } from '../../app/features/recipes/recipe-mutations.server.ts';
import { getEnv } from '../../app/lib/env.server.ts';
import { validateRecipe, type RecipeFormValues, type RecipeInput } from '../../app/features/recipes/recipe-schema.ts';
import { createComment, createRecipe as insertRecipe, createUser } from '../support/factories.ts';
import { photo } from '../support/images.ts';
import { useTempStorage } from '../support/temp-storage.ts';
import { useTestDatabase } from '../support/test-db.ts';

useTestDatabase();
const uploads = useTempStorage();

function input(overrides: Partial<RecipeFormValues> = {}): RecipeInput {
  const result = validateRecipe({
    title: 'Zopf',
    lead: 'Der Sonntagszopf, wie bei Grossmutter.',
    category: 'Backen',
    level: 'Mittel',
    duration: '180',
    quantity: '1 Zopf',
    tags: ['Frühstück', 'Gebäck'],
    ingredients: [
      { name: 'Zopfmehl', amount: '500 g' },
      { name: 'Salz', amount: '' },
    ],
    description: 'Teig kneten, gehen lassen, flechten, backen.',
    additional: 'Mit Eigelb bestreichen.',
    imageId: '',
    ...overrides,
  });
  if (!result.success) throw new Error(JSON.stringify(result.errors));
  return result.data;
}

async function rowOf(id: string) {
  const [row] = await getDb().select().from(recipes).where(eq(recipes.id, id));
  return row;
}

test('create stores the fields, no ratings, the server time and the author from the acting user', async () => {
  const heidi = await createUser({ name: 'Heidi Muster', email: 'heidi.create@example.ch' });
  const before = Date.now();
  const result = await createRecipe(heidi, input());
  expect(result.ok).toBe(true);
  if (!result.ok) return;

  // The author's address is stored for the contact link, and kept out of the page data.
  expect(await getRecipeContact(result.id)).toEqual({ email: 'heidi.create@example.ch', title: 'Zopf' });
  const detail = await getRecipe(result.id);
  expect(detail).not.toHaveProperty('userEmail');
  expect(detail).toMatchObject({
    uid: result.id,
    userId: heidi.id,
    author: 'Heidi Muster',
    title: 'Zopf',
    category: 'Backen',
    level: 'Mittel',
    duration: 180,
    quantity: '1 Zopf',
    tags: ['Frühstück', 'Gebäck'],
    ingredients: [
      { name: 'Zopfmehl', amount: '500 g' },
      { name: 'Salz', amount: '' },
    ],
    additional: 'Mit Eigelb bestreichen.',
    avgRating: 0,
    ratingCount: 0,
    image: null,
  });
  const row = await rowOf(result.id);
  expect(row!.ratingSum).toBe(0);
  expect(row!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 5_000);
  expect(row!.createdAt.getTime()).toBeLessThanOrEqual(Date.now() + 5_000);
});

test('an account without a name is shown with the spec\'s fallback', async () => {
  const nameless = await createUser({ name: '  ' });
  const result = await createRecipe(nameless, input());
  expect(result.ok && (await rowOf(result.id))!.author).toBe('Kein Anzeigename!');
});

test('create takes the user\'s own uploaded picture, not someone else\'s or a missing one', async () => {
  const anna = await createUser();
  const beat = await createUser();
  const annasImage = await storeImage(await photo(640, 480), anna.id);

  expect(await createRecipe(beat, input({ imageId: annasImage.id }))).toEqual({ ok: false, reason: 'image-missing' });
  expect(await createRecipe(anna, input({ imageId: randomUUID() }))).toEqual({ ok: false, reason: 'image-missing' });

  const result = await createRecipe(anna, input({ imageId: annasImage.id }));
  expect(result.ok).toBe(true);
  expect(result.ok && (await getRecipe(result.id))!.image).toMatchObject({ id: annasImage.id, widths: [480] });
});

test('a user who has created many recipes within the hour is refused and nothing is saved; others are not', async () => {
  const busy = await createUser();
  const calm = await createUser();
  const RECIPE_RATE_LIMIT = getEnv().RATE_LIMIT_RECIPES_PER_USER;
  // Older recipes do not count: only the last hour's.
  await insertRecipe(busy, { createdAt: new Date(Date.now() - (RECIPE_RATE_LIMIT.windowSeconds + 60) * 1000) });
  for (let i = 0; i < RECIPE_RATE_LIMIT.max; i++) {
    expect((await createRecipe(busy, input({ title: `Zopf Nr. ${i}` }))).ok).toBe(true);
  }
  expect(await createRecipe(busy, input({ title: 'Einer zu viel' }))).toEqual({ ok: false, reason: 'too-many' });
  expect(await getDb().$count(recipes, eq(recipes.userId, busy.id))).toBe(RECIPE_RATE_LIMIT.max + 1);
  expect((await createRecipe(calm, input())).ok).toBe(true);
});

test('update changes the owner\'s recipe and keeps author, picture, ratings and creation time', async () => {
  const anna = await createUser({ name: 'Anna Graf' });
  const image = await storeImage(await photo(640, 480), anna.id);
  const recipe = await insertRecipe(anna, { imageId: image.id, ratingSum: 9, ratingCount: 2 });

  const result = await updateRecipe(
    anna.id,
    recipe.id,
    input({ title: 'Zopf vom Beck', tags: [], additional: '', ingredients: [{ name: 'Butter', amount: '60 g' }] }),
  );
  expect(result).toEqual({ ok: true });
  const row = await rowOf(recipe.id);
  expect(row).toMatchObject({
    title: 'Zopf vom Beck',
    tags: [],
    additional: null,
    ingredients: [{ name: 'Butter', amount: '60 g' }],
    author: 'Anna Graf',
    userId: anna.id,
    imageId: image.id,
    ratingSum: 9,
    ratingCount: 2,
    createdAt: recipe.createdAt,
  });
  expect(row!.updatedAt.getTime()).toBeGreaterThanOrEqual(recipe.updatedAt.getTime());
});

test('nobody but the owner can update or delete, and a refused request changes nothing', async () => {
  const owner = await createUser();
  const other = await createUser();
  const recipe = await insertRecipe(owner, { title: 'Original' });

  expect(await updateRecipe(other.id, recipe.id, input({ title: 'Gekapert' }))).toEqual({ ok: false, reason: 'forbidden' });
  expect(await deleteRecipe(other.id, recipe.id)).toEqual({ ok: false, reason: 'forbidden' });
  expect((await rowOf(recipe.id))!.title).toBe('Original');
  expect(await rowOf(recipe.id)).toEqual(recipe);
});

test('unknown and malformed recipe ids are "not found", never an error', async () => {
  const heidi = await createUser();
  for (const id of [randomUUID(), 'abc', "1' or '1'='1", '']) {
    expect(await updateRecipe(heidi.id, id, input())).toEqual({ ok: false, reason: 'not-found' });
    expect(await deleteRecipe(heidi.id, id)).toEqual({ ok: false, reason: 'not-found' });
  }
});

test('delete removes the recipe, its comments and its picture (rows and files)', async () => {
  const owner = await createUser();
  const reader = await createUser();
  const image = await storeImage(await photo(640, 480), owner.id);
  const recipe = await insertRecipe(owner, { imageId: image.id });
  await createComment(recipe.id, reader);
  await createComment(recipe.id, owner);
  const folder = path.join(uploads.root, 'images', image.id);
  expect(existsSync(folder)).toBe(true);

  expect(await deleteRecipe(owner.id, recipe.id)).toEqual({ ok: true });

  expect(await rowOf(recipe.id)).toBeUndefined();
  expect(await getDb().select().from(comments).where(eq(comments.recipeId, recipe.id))).toEqual([]);
  expect(await getDb().select().from(images).where(eq(images.id, image.id))).toEqual([]);
  expect(existsSync(folder)).toBe(false);
  // A second delete finds nothing.
  expect(await deleteRecipe(owner.id, recipe.id)).toEqual({ ok: false, reason: 'not-found' });
});

test('a picture another recipe still shows survives the delete', async () => {
  const owner = await createUser();
  const image = await storeImage(await photo(640, 480), owner.id);
  const first = await insertRecipe(owner, { imageId: image.id });
  const second = await insertRecipe(owner, { imageId: image.id });

  expect(await deleteRecipe(owner.id, first.id)).toEqual({ ok: true });
  expect((await getRecipe(second.id))!.image?.id).toBe(image.id);
  expect(existsSync(path.join(uploads.root, 'images', image.id))).toBe(true);
});
