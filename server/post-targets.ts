import type { RequestHandler } from 'express';
import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router';
import { refuseMethod } from './http-errors.ts';
import { isRouteDataPath, pagePathOfData } from './route-data.ts';

/** The build's routes as the nested tree `matchRoutes` reads; `handle` says whether the route has an action. */
function routeTree(routes: ServerBuild['routes'], parentId?: string): RouteObject[] {
  return Object.values(routes).flatMap((route): RouteObject[] => {
    if (!route || route.parentId !== parentId) return [];
    const common = { id: route.id, path: route.path, caseSensitive: route.caseSensitive, handle: typeof route.module.action === 'function' };
    return [route.index ? { ...common, index: true } : { ...common, children: routeTree(routes, route.id) }];
  });
}

/**
 * A POST to a page or resource without an action (`/imprint`, `/robots.txt`)
 * gets a German 405 here. React Router would answer it with its own English
 * text (a route id in the page) or "Unexpected Server Error".
 */
export function postsOnlyToActions(build: ServerBuild): RequestHandler {
  const tree = routeTree(build.routes);
  return (req, res, next) => {
    if (req.method !== 'POST') return next();
    const matches = matchRoutes(tree, isRouteDataPath(req.path) ? pagePathOfData(req.path) : req.path);
    if (!matches) return next();
    // React Router's target: the deepest route, but for an index route only when the URL asks for it (`?index`).
    const deepest = matches.at(-1)!;
    const target = deepest.route.index && req.query.index === undefined ? matches.at(-2) : deepest;
    if (!target || target.route.handle === true) return next();
    refuseMethod(res, ['GET', 'HEAD']);
  };
}
