import { pipeline } from 'node:stream/promises';
import { Router, type NextFunction, type Request, type Response } from 'express';
import { getEnv } from '../../lib/env.server.ts';
import { createPublicMemory } from '../../lib/public-data-cache.server.ts';
import { getStorage } from '../../lib/storage/storage.server.ts';
import { UUID_SOURCE } from '../../utils/ids.ts';
import { cropKey, imageKey, SHARE_CROPS, type ShareCropName } from './image-urls.ts';

// Lower-case ids only: the app writes them so, and storage keys are case-sensitive.
const RENDITION_PATH = new RegExp(`^/(${UUID_SOURCE})/([1-9]\\d{0,4})\\.(avif|webp|jpg)$`);
/** A share crop: /images/<id>/1x1.jpg, 4x3, 16x9, og. */
const CROP_PATH = new RegExp(`^/(${UUID_SOURCE})/(${Object.keys(SHARE_CROPS).join('|')})\\.jpg$`);
const CONTENT_TYPES = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' } as const;
type Format = keyof typeof CONTENT_TYPES;

/** The storage key and format an image address names, or undefined. */
function storageKeyFor(path: string): { key: string; format: Format } | undefined {
  const rendition = RENDITION_PATH.exec(path);
  if (rendition) {
    const [, id, width, format] = rendition as unknown as [string, string, string, Format]; // the regex guarantees all three
    return { key: imageKey(id, Number(width), format), format };
  }
  const crop = CROP_PATH.exec(path);
  if (crop) {
    const [, id, name] = crop as unknown as [string, string, ShareCropName]; // the regex guarantees both
    return { key: cropKey(id, name), format: 'jpg' };
  }
  return undefined;
}

/** Larger files (none the app writes today) are streamed from storage each time. */
const LARGEST_KEPT = 1024 * 1024;
type Rendition = { size: number; bytes?: Buffer };

async function readRendition(key: string): Promise<Rendition | undefined> {
  const file = await getStorage().get(key);
  if (!file) return undefined;
  if (file.size > LARGEST_KEPT) {
    file.body.destroy();
    return { size: file.size };
  }
  try {
    const bytes = Buffer.concat(await file.body.toArray());
    return { size: bytes.length, bytes };
  } finally {
    file.body.destroy();
  }
}

/**
 * Serves stored renditions under /images/<id>/<width>.<format>, from local
 * files or S3 alike, and from memory once read: a picture's bytes never change
 * (a new upload gets a new id), and every removal of picture files ends with
 * a content change of everything (image-mutations.server.ts), which empties
 * this memory on every instance before the remover answers; a change of the
 * pages only (a comment) leaves it. Anything unknown falls through
 * to the app's 404 page.
 */
export function serveImages({ memoryBytes = getEnv().IMAGE_CACHE_MB * 1024 * 1024 } = {}) {
  const remember = createPublicMemory<Rendition | undefined>('pictures', {
    maxBytes: memoryBytes,
    sizeOf: (rendition) => rendition?.bytes?.length ?? 0,
    untilPicturesChange: true,
  });
  const router = Router();
  router.get(/.*/, async (req, res, next) => {
    const key = storageKeyFor(req.path);
    if (!key) return next();
    // Readers arriving together at a picture share one read (on S3 one request).
    const rendition = await remember(key.key, () => readRendition(key.key), (found) => Boolean(found?.bytes));
    if (!rendition) return next();
    // Express routes HEAD to GET handlers: the same headers, no body.
    if (req.method === 'HEAD') return void sendHeaders(res, key.format, rendition.size).end();
    if (rendition.bytes) return void sendHeaders(res, key.format, rendition.size).end(rendition.bytes);
    await streamFromStorage(key, req, res, next);
  });
  return router;
}

function sendHeaders(res: Response, format: Format, size: number) {
  res.setHeader('Content-Type', CONTENT_TYPES[format]);
  res.setHeader('Content-Length', String(size));
  // A new upload gets a new id, so a rendition never changes.
  res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
  // Other sites may link to a recipe, not embed its pictures (share previews are fetched server-side).
  res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
  return res;
}

/** A file too large to keep, piped from storage as it is read. */
async function streamFromStorage(key: { key: string; format: Format }, req: Request, res: Response, next: NextFunction) {
  const file = await getStorage().get(key.key);
  if (!file) return next();
  sendHeaders(res, key.format, file.size);
  try {
    await pipeline(file.body, res);
  } catch (error) {
    // A client that goes away mid-download is no server error.
    if (req.destroyed || res.destroyed || (error as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE') return;
    if (!res.headersSent) return next(error);
    res.destroy(error as Error);
  } finally {
    // Whatever happened (pipeline leaves the file open when the response was gone
    // before it began), the file is closed now, not when the garbage collector finds it.
    file.body.destroy();
  }
}
