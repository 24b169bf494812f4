import type { RequestHandler } from 'express';
import { mayCarrySession } from '../app/lib/auth.server.ts';
import { isRouteDataPath } from './route-data.ts';

/** What a personal answer says: no shared cache and no browser keeps it. */
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

/** Pages that are personal whoever asks, or carry a token in their address. */
const PERSONAL_PATHS = /^\/(profile|konto|create|edit|login|forgot|reset-password|verify-email|logout)(\/|$)/;

/**
 * Answers meant for one person never land in a shared cache or on disk:
 * anything asked with a session cookie, the signed-in and account pages, and
 * React Router's `.data` answers (loader data, revalidated per session).
 * Set before the pages render; a route that knows better may still override it.
 */
export function privateAnswers(): RequestHandler {
  return (req, res, next) => {
    const personal =
      mayCarrySession(req.headers.cookie) ||
      isRouteDataPath(req.path) ||
      PERSONAL_PATHS.test(req.path) ||
      (req.method !== 'GET' && req.method !== 'HEAD');
    if (personal) res.setHeader('Cache-Control', PRIVATE_CACHE_CONTROL);
    next();
  };
}
