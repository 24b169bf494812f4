// Writing recipes. The acting user comes from the session (the route passes
// it in), never from the form; ownership is enforced here, in the statement
// that writes, so no caller can forget it.
import { and, eq, sql } from 'drizzle-orm';
import { getDb } from '../../db/client.server.ts';
import { isForeignKeyViolation } from '../../db/errors.server.ts';
import { images, recipes } from '../../db/schema/recipes.ts';
import { contentChanged } from '../../lib/content-version.server.ts';
import { getEnv } from '../../lib/env.server.ts';
import { log } from '../../lib/logger.server.ts';
import { quotaReached } from '../../lib/user-quota.server.ts';
import { displayName } from '../../utils/display-name.ts';
import { isUuid } from '../../utils/ids.ts';
import { deleteImageIfUnused } from '../images/image-mutations.server.ts';
import type { RecipeInput } from './recipe-schema.ts';

export type Actor = { id: string; name: string; email: string };

/** Why a write did not happen; recipe-form-submit.server.ts turns it into a status and a German message. */
export type RecipeRefusal = 'not-found' | 'forbidden' | 'image-missing' | 'too-many';
export type RecipeWriteResult<T = object> = ({ ok: true } & T) | { ok: false; reason: RecipeRefusal };

/** The columns the form's fields fill: every field of the schema but the picture (chosen on create only). */
function recipeFields({ imageId: _imageId, ...fields }: RecipeInput) {
  return fields;
}

/**
 * Saves a new recipe of `actor`: the form's fields, no ratings yet, the
 * server's time, the author's display name and e-mail. An image must be one
 * the same user uploaded.
 */
export async function createRecipe(actor: Actor, input: RecipeInput): Promise<RecipeWriteResult<{ id: string }>> {
  const db = getDb();
  if (await quotaReached({ table: recipes, owner: recipes.userId, createdAt: recipes.createdAt }, actor.id, getEnv().RATE_LIMIT_RECIPES_PER_USER)) {
    return { ok: false, reason: 'too-many' };
  }
  if (input.imageId) {
    const [image] = await db
      .select({ id: images.id })
      .from(images)
      .where(and(eq(images.id, input.imageId), eq(images.userId, actor.id)));
    if (!image) return { ok: false, reason: 'image-missing' };
  }
  try {
    const [row] = await db
      .insert(recipes)
      .values({
        ...recipeFields(input),
        imageId: input.imageId,
        userId: actor.id,
        userEmail: actor.email,
        author: displayName(actor.name),
        ratingSum: 0,
        ratingCount: 0,
        createdAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .returning({ id: recipes.id });
    await contentChanged('pages');
    return { ok: true, id: row!.id };
  } catch (error) {
    // The image was swept away between the check and the insert (foreign key).
    if (input.imageId && isForeignKeyViolation(error)) return { ok: false, reason: 'image-missing' };
    throw error;
  }
}

/** Changes the fields of `actor`'s own recipe. The picture stays (it is chosen on create only). */
export async function updateRecipe(actorId: string, recipeId: string, input: RecipeInput): Promise<RecipeWriteResult> {
  if (!isUuid(recipeId)) return { ok: false, reason: 'not-found' };
  const updated = await getDb()
    .update(recipes)
    .set({ ...recipeFields(input), updatedAt: sql`now()` })
    .where(and(eq(recipes.id, recipeId), eq(recipes.userId, actorId)))
    .returning({ id: recipes.id });
  if (updated.length > 0) {
    await contentChanged('pages');
    return { ok: true };
  }
  return { ok: false, reason: await whyNotWritten(recipeId) };
}

/**
 * Deletes `actor`'s own recipe; its comments go with it (foreign key
 * cascade), its picture too unless another recipe shows it.
 */
export async function deleteRecipe(actorId: string, recipeId: string): Promise<RecipeWriteResult> {
  if (!isUuid(recipeId)) return { ok: false, reason: 'not-found' };
  const [deleted] = await getDb()
    .delete(recipes)
    .where(and(eq(recipes.id, recipeId), eq(recipes.userId, actorId)))
    .returning({ imageId: recipes.imageId });
  if (!deleted) return { ok: false, reason: await whyNotWritten(recipeId) };
  // The recipe is gone either way; files left behind are found by the orphan sweep.
  let pictureRemoved = false;
  let removalFailed = false;
  if (deleted.imageId !== null) {
    try {
      pictureRemoved = await deleteImageIfUnused(deleted.imageId);
    } catch (error) {
      log.warn('image of deleted recipe not removed', { recipeId, imageId: deleted.imageId, error });
      removalFailed = true;
    }
  }
  // Its picture's removal marked the change once the files were gone: one signal for both, one
  // round of confirmations from the other instances. A removal that failed midway may have taken
  // files without telling every instance: then everything changed.
  if (!pictureRemoved) await contentChanged(removalFailed ? 'everything' : 'pages');
  return { ok: true };
}

async function whyNotWritten(recipeId: string): Promise<RecipeRefusal> {
  const [row] = await getDb().select({ id: recipes.id }).from(recipes).where(eq(recipes.id, recipeId));
  return row ? 'forbidden' : 'not-found';
}
