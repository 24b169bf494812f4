import { pipeline } from 'node:stream/promises';
import { Router } from 'express';
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

/**
 * Serves stored renditions under /images/<id>/<width>.<format>, from local
 * files or S3 alike. Anything unknown falls through to the app's 404 page.
 */
export function serveImages() {
  const router = Router();
  router.get(/.*/, async (req, res, next) => {
    const key = storageKeyFor(req.path);
    if (!key) return next();
    const format = key.format;
    const setHeaders = (size: number) => {
      res.setHeader('Content-Type', CONTENT_TYPES[format]);
      res.setHeader('Content-Length', String(size));
      // A new upload gets a new id, so a rendition never changes.
      res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      // Other sites may link to a recipe, not embed its pictures (share previews are fetched server-side).
      res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
    };

    // Express routes HEAD to GET handlers; answer it without reading the file.
    if (req.method === 'HEAD') {
      const info = await getStorage().head(key.key);
      if (!info) return next();
      setHeaders(info.size);
      res.end();
      return;
    }

    const file = await getStorage().get(key.key);
    if (!file) return next();
    setHeaders(file.size);
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
  });
  return router;
}
