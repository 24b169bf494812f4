// Uploads that never became part of a saved recipe must not linger: the form
// uploads first and saves later (or never). Once a day has passed, an image
// no recipe refers to is deleted, files included. The same sweep removes
// files whose row is gone (a crash between writing files and the row, or an
// account deleted with its images).
import { and, inArray, lt, notExists, eq } from 'drizzle-orm';
import { getDb } from '../../db/client.server.ts';
import { images, recipes } from '../../db/schema/recipes.ts';
import { scheduleHourly } from '../../lib/hourly-job.server.ts';
import { log } from '../../lib/logger.server.ts';
import { getStorage } from '../../lib/storage/storage.server.ts';
import { isUuid } from '../../utils/ids.ts';
import { removeImageFiles } from './image-mutations.server.ts';

const HOUR = 60 * 60 * 1000;
/** Long enough for anyone to finish the recipe form after uploading its picture. */
export const ORPHAN_AGE = 24 * HOUR;

/** Removes images older than `olderThan` that no recipe refers to, and stray files. */
export async function removeOrphanImages(olderThan: Date = new Date(Date.now() - ORPHAN_AGE)) {
  const db = getDb();
  // One statement: an image a recipe picks up meanwhile is not deleted.
  const rows = await db
    .delete(images)
    .where(and(lt(images.createdAt, olderThan), notExists(db.select().from(recipes).where(eq(recipes.imageId, images.id)))))
    .returning({ id: images.id });
  await removeImageFiles(rows.map((row) => row.id));

  // Files without a row: group by image id; a group is stray once its newest
  // file is older than the cut-off (storeImage writes files before the row).
  const storage = getStorage();
  const newest = new Map<string, number>();
  for (const entry of await storage.list('images/')) {
    const id = entry.key.split('/')[1] ?? '';
    newest.set(id, Math.max(newest.get(id) ?? 0, entry.lastModified.getTime()));
  }
  const candidates = [...newest].filter(([, time]) => time < olderThan.getTime()).map(([id]) => id);
  const known = new Set<string>();
  const valid = candidates.filter(isUuid);
  for (let i = 0; i < valid.length; i += 500) {
    const found = await db.select({ id: images.id }).from(images).where(inArray(images.id, valid.slice(i, i + 500)));
    for (const { id } of found) known.add(id);
  }
  const stray = candidates.filter((id) => !known.has(id));
  await removeImageFiles(stray.filter(isUuid));
  // No address names a folder that is not an image id: nothing to forget.
  for (const id of stray.filter((id) => !isUuid(id))) await storage.removePrefix(`images/${id}/`);

  if (rows.length > 0 || stray.length > 0) log.info('orphan images removed', { images: rows.length, strayFolders: stray.length });
  return { images: rows.map((r) => r.id), strayFolders: stray };
}

/** Hourly sweep (the first a minute after start). Returns the function that stops it and waits for a running sweep. */
export function scheduleImageCleanup() {
  return scheduleHourly('image cleanup', removeOrphanImages);
}
