// Requests React Router would answer in English, or wrongly, refused here in
// German by what the build's routes can take: a POST needs an action, route
// data (`.data`) a page.
import type { RequestHandler } from 'express';
import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router';
import { refuseMethod } from './http-errors.ts';
import { isRouteDataPath, pagePathOfData } from './route-data.ts';

type Takes = { action: boolean; page: boolean };

/** The build's routes as the nested tree `matchRoutes` reads; `handle` says what the route takes. */
function routeTree(routes: ServerBuild['routes'], parentId?: string): RouteObject[] {
  return Object.values(routes).flatMap((route): RouteObject[] => {
    if (!route || route.parentId !== parentId) return [];
    // A page as React Router reads it: a component, or an error boundary (without either, a resource route).
    const handle: Takes = { action: typeof route.module.action === 'function', page: route.module.default != null || route.module.ErrorBoundary != null };
    const common = { id: route.id, path: route.path, caseSensitive: route.caseSensitive, handle };
    return [route.index ? { ...common, index: true } : { ...common, children: routeTree(routes, route.id) }];
  });
}

const takes = (match: { route: RouteObject } | undefined) => match?.route.handle as Takes | undefined;

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
    if (!target || takes(target)?.action === true) return next();
    refuseMethod(res, ['GET', 'HEAD']);
  };
}

/**
 * Route data of a resource (`/konto/export.data`, `/feed.xml.data`) is a 404: no page asks for it,
 * and React Router would run the resource and send its whole answer as one string in the
 * data's encoding (the account's ZIP held in memory, its bytes garbled).
 */
export function routeDataOnlyOfPages(build: ServerBuild): RequestHandler {
  const tree = routeTree(build.routes);
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (!isRouteDataPath(req.path)) return next();
    const matches = matchRoutes(tree, pagePathOfData(req.path));
    if (!matches || takes(matches.at(-1))?.page !== false) return next();
    res.status(404).set('Cache-Control', 'no-store').type('text/plain; charset=utf-8').send('Diese Adresse hat keine Seitendaten.');
  };
}
