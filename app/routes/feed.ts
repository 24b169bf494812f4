import type { Route } from './+types/feed';
import { feedDocument } from '../features/recipes/feed.server.ts';
import { getEnv } from '../lib/env.server.ts';
import { categoryBySlug } from '../utils/catalog.ts';

/** /feed.xml (all recipes) and /<kategorie>/feed.xml: RSS 2.0 of the newest recipes. */
export async function loader({ url }: Route.LoaderArgs) {
  // One module serves all six feeds; the path says which ("/hauptgang/feed.xml" or "/feed.xml").
  const category = categoryBySlug(url.pathname.split('/')[1] ?? '')?.label;
  const body = await feedDocument(getEnv().publicUrl, category);
  return new Response(body, { headers: { 'Content-Type': 'application/rss+xml; charset=utf-8' } });
}
