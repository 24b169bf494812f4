// Reading a picture's file back, for a user's data export.
import { getStorage } from '../../lib/storage/storage.server.ts';
import { imageKey, type ImageRef } from './image-urls.ts';

/**
 * The largest JPEG the blog keeps of a picture (uploads are kept as
 * renditions up to 1600 px, never as sent), to be read piece by piece from
 * either storage; undefined when the file is gone. The caller must read it
 * to the end or stop iterating (which closes the file).
 */
export async function openLargestJpeg(image: ImageRef): Promise<AsyncIterable<Uint8Array> | undefined> {
  const file = await getStorage().get(imageKey(image.id, Math.max(...image.widths), 'jpg'));
  return file?.body;
}
