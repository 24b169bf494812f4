/**
 * React Router's data requests (`/detail/….data`, `/_root.data`): the loader
 * data of a client-side navigation or of a revalidation after a form was
 * sent, asked by a reader already on the site. Not a page of their own.
 */
export function isRouteDataPath(path: string) {
  return path.endsWith('.data');
}
