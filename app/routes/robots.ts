import { getEnv } from '../lib/env.server.ts';

/** /robots.txt: what crawlers may read, and where the sitemap is (absolute, from PUBLIC_URL). */
export function loader() {
  const body = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /create',
    'Disallow: /edit/',
    'Disallow: /profile',
    '# The authors\' contact redirects (mailto:) are for people only.',
    'Disallow: /detail/*/kontakt',
    '',
    `Sitemap: ${getEnv().publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}
