import { and, eq, notExists } from 'drizzle-orm';
import { getDb } from '../../db/client.server.ts';
import { images, recipes } from '../../db/schema/recipes.ts';
import { contentChanged } from '../../lib/content-version.server.ts';
import { log } from '../../lib/logger.server.ts';
import { getStorage } from '../../lib/storage/storage.server.ts';
import { isUuid } from '../../utils/ids.ts';
import { processJpeg, type JpegInput } from './image-processing.server.ts';
import { cropKey, imageKey, type ImageRef, type ShareCrops } from './image-urls.ts';

const CONTENT_TYPES = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' } as const;
/** Storage prefix of all renditions of one image (with the slash: ids never match each other). */
export function imagePrefix(id: string) {
  return `images/${id}/`;
}

/**
 * Checks, processes and stores an uploaded JPEG. Throws ImageRejectedError
 * (German message for the user) for anything that is not a sound JPEG.
 * The image is unattached until a recipe refers to it; removeOrphanImages
 * takes it away after a day otherwise.
 */
export async function storeImage(input: JpegInput, userId: string | null): Promise<ImageRef> {
  const processed = await processJpeg(input);
  const id = crypto.randomUUID();
  const storage = getStorage();
  const widths = [...new Set(processed.renditions.map((r) => r.width))];
  const crops: ShareCrops = Object.fromEntries(processed.crops.map((c) => [c.name, [c.width, c.height]]));
  // Files first, row last: the database never points at a missing file.
  try {
    // allSettled, not all: clean-up must not start while other writes still run.
    const writes = await Promise.allSettled([
      ...processed.renditions.map((r) => storage.put(imageKey(id, r.width, r.format), r.data, CONTENT_TYPES[r.format])),
      ...processed.crops.map((c) => storage.put(cropKey(id, c.name), c.data, CONTENT_TYPES.jpg)),
    ]);
    const failed = writes.find((w) => w.status === 'rejected');
    if (failed) throw failed.reason;
    await getDb().insert(images).values({ id, userId, width: processed.width, height: processed.height, widths, color: processed.color, crops });
  } catch (error) {
    await storage.removePrefix(imagePrefix(id)).catch((cleanup: unknown) => log.warn('image files left behind', { id, error: cleanup }));
    throw error;
  }
  return { id, widths, width: processed.width, height: processed.height, color: processed.color, crops };
}

/** Deletes an image row and its files, whether or not a recipe still shows it (its imageId becomes null). */
export async function deleteImage(id: string) {
  if (!isUuid(id)) return;
  await getDb().delete(images).where(eq(images.id, id));
  // Row first: if removing the files fails, the orphan sweep finds them later.
  await removeImageFiles([id]);
}

/**
 * Removes the files of images whose rows are already gone, then marks public
 * content changed, which empties the memory of pictures (image-route.server.ts)
 * here and on every other instance before it resolves. In that order: an
 * instance that forgot a picture while its files were still there could read
 * and keep it again. A file that cannot be removed is logged, not thrown: the
 * orphan sweep finds what is left. Says whether it marked the change (not
 * without an image): a caller whose own write changed public pages too needs
 * no second signal then.
 */
export async function removeImageFiles(ids: readonly string[]) {
  const storage = getStorage();
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return false;
  try {
    for (const id of valid) {
      await storage.removePrefix(imagePrefix(id)).catch((error: unknown) => log.warn('image files left behind', { id, error }));
    }
  } finally {
    await contentChanged();
  }
  return true;
}

/**
 * Deletes the image unless a recipe refers to it, in one statement (no race
 * with a recipe that is being saved). For the recipe-delete and recipe-edit
 * code: call it with the old imageId after the recipe row is gone or changed.
 * Returns whether the image was deleted (and public content marked changed).
 */
export async function deleteImageIfUnused(id: string) {
  if (!isUuid(id)) return false;
  const deleted = await getDb()
    .delete(images)
    .where(and(eq(images.id, id), notExists(getDb().select().from(recipes).where(eq(recipes.imageId, images.id)))))
    .returning({ id: images.id });
  if (deleted.length === 0) return false;
  return removeImageFiles([id]);
}
