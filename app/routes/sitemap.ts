import type { Route } from './+types/sitemap';
import { sitemapDocument, sitemapPart } from '../features/recipes/sitemap.server.ts';
import { getEnv } from '../lib/env.server.ts';
import { textResponse } from '../lib/text-response.server.ts';

const XML = { 'Content-Type': 'application/xml; charset=utf-8' };

/** /sitemap.xml (one urlset, or the index once there are too many addresses) and /sitemaps/<part>. */
export async function loader({ params }: Route.LoaderArgs) {
  const siteUrl = getEnv().publicUrl;
  if (params.part === undefined) return new Response(await sitemapDocument(siteUrl), { headers: XML });
  const part = await sitemapPart(params.part, siteUrl);
  if (part === undefined) return textResponse('Diese Seite gibt es nicht.', 404);
  return new Response(part, { headers: XML });
}
