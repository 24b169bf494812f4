import { eq } from 'drizzle-orm';
import { getDb } from '../../db/client.server.ts';
import { images } from '../../db/schema/recipes.ts';
import { getStorage } from '../../lib/storage/storage.server.ts';
import { processJpeg } from './image-processing.server.ts';
import { imageKey } from './image-urls.ts';

/** Processes and stores a JPEG; returns the new image's id. */
export async function storeImage(input: Buffer, userId: string | null) {
  const processed = await processJpeg(input);
  const id = crypto.randomUUID();
  const storage = getStorage();
  const contentTypes = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' } as const;
  // Files first, row last: the database never points at a missing file.
  for (const r of processed.renditions) {
    await storage.put(imageKey(id, r.width, r.format), r.data, contentTypes[r.format]);
  }
  await getDb()
    .insert(images)
    .values({
      id,
      userId,
      width: processed.width,
      height: processed.height,
      widths: [...new Set(processed.renditions.map((r) => r.width))],
      color: processed.color,
    });
  return id;
}

export async function deleteImage(id: string) {
  await getDb().delete(images).where(eq(images.id, id));
  await getStorage().removePrefix(`images/${id}`);
}
