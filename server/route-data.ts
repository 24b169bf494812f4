/**
 * React Router's data requests (`/detail/….data`, `/_root.data`): the loader
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
