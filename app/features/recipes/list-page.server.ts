import { redirect } from 'react-router';
import { readPageRequest } from '../../utils/pagination.ts';
import { refusal } from '../../utils/refusal.ts';

/**
 * The page a list route shows, from its URL's `seite`. `?seite=1` answers a
 * permanent redirect to the bare address (one address per page); a `seite`
 * that names no page (`abc`, `0`, `-1`, `2.5`, repeated, huge) is a 404, as
 * is a page beyond the last (`requireExistingPage`). Never a 500.
 */
export function requirePageNumber(url: URL): number {
  const request = readPageRequest(url);
  if ('invalid' in request) throw refusal(404);
  if ('canonical' in request) throw redirect(request.canonical, 301);
  return request.page;
}

/** A list page beyond the last one is a 404 ("Seite nicht gefunden"); the first page always exists. */
export function requireExistingPage<T extends { page: number; pageCount: number }>(list: T): T {
  if (list.page > list.pageCount) throw refusal(404);
  return list;
}
