import { Router } from 'express';
import { getStorage } from '../../lib/storage/storage.server.ts';

const RENDITION_PATH = /^\/([0-9a-f-]{36})\/(\d{2,4})\.(avif|webp|jpg)$/;
const CONTENT_TYPES = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' } as const;

/** Serves stored renditions under /images/<id>/<width>.<format>. */
export function serveImages() {
  const router = Router();
  router.get(/.*/, async (req, res, next) => {
    const match = RENDITION_PATH.exec(req.path);
    if (!match) return next();
    const [, id, width, format] = match as unknown as [string, string, string, keyof typeof CONTENT_TYPES];
    const file = await getStorage().get(`images/${id}/${width}.${format}`);
    if (!file) return next();
    res.setHeader('Content-Type', CONTENT_TYPES[format]);
    res.setHeader('Content-Length', String(file.size));
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    file.body.on('error', next).pipe(res);
  });
  return router;
}
