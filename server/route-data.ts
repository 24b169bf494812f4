import type { RequestHandler } from 'express';
import { BUILD_VERSION_HEADER } from '../app/utils/build-version.ts';

/**
 * React Router's data requests (`/detail/….data`, `/_.data` for `/`): the loader
 * data of a client-side navigation or of a revalidation after a form was
 * sent, asked by a reader already on the site. Not a page of their own.
 */
export function isRouteDataPath(path: string) {
  return path.endsWith('.data');
}

/** The page whose data a `.data` path asks for, read as React Router reads it: `/_.data` is `/`'s. */
export function pagePathOfData(path: string) {
  return path.endsWith('/_.data') ? path.slice(0, -'_.data'.length) : path.slice(0, -'.data'.length);
}

/** Names the build on every route data answer, for the browser to compare with its own (app/utils/build-version.ts). */
export function nameBuildOfRouteData(version: string): RequestHandler {
  return (req, res, next) => {
    if (isRouteDataPath(req.path)) res.setHeader(BUILD_VERSION_HEADER, version);
    next();
  };
}
