import type { RequestHandler } from 'express';
import { UUID_SOURCE } from '../app/utils/ids.ts';

/** An id in a path segment of its own, or before the route data's `.data`. */
const ID_IN_PATH = new RegExp(`(?<=/)${UUID_SOURCE}(?=/|\\.data$|$)`, 'gi');
/**
 * The site's paths that name an id. Only these are answered: a Location taken from any path
 * could name another site (`//evil.example/0A1B…` is a URL of evil.example to a browser).
 */
const PATH_WITH_IDS = /^\/(?:detail|edit|images)\//;

/**
 * One address per recipe, comment and picture. PostgreSQL reads a UUID in either case, so
 * `/detail/0A1B…` is the recipe at `/detail/0a1b…`: another address to search engines, and a
 * page the page cache does not keep (server/page-cache.ts), so each of the capitals' spellings
 * was a full render. A GET of such a path goes to the lower-case one for good, with its query.
 */
export function lowerCaseIds(): RequestHandler {
  return (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !/[A-F]/.test(req.path) || !PATH_WITH_IDS.test(req.path)) return next();
    const path = req.path.replace(ID_IN_PATH, (id) => id.toLowerCase());
    if (path === req.path) return next();
    const queryStart = req.url.indexOf('?');
    res.status(301).set('Location', `${path}${queryStart === -1 ? '' : req.url.slice(queryStart)}`).end();
  };
}
