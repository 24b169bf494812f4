// GET /konto/export: everything the blog keeps about the signed-in person,
// as a ZIP (the right to a copy of one's data): the account, recipes,
// comments and reports of comments as JSON, each recipe as Markdown, and the pictures. Streamed as
// it is read, so an account with hundreds of pictures needs no more memory
// than one piece of one file. Limited per person, as it reads a lot. Never
// cached anywhere (server/private-answers.ts marks all of /konto private).
import { Readable } from 'node:stream';
import type { Route } from './+types/account-export';
import { getAccountForExport } from '../features/accounts/account-export.server.ts';
import { listCommentsForExport, listReportsForExport } from '../features/comments/comment-export.server.ts';
import { openLargestJpeg } from '../features/images/image-files.server.ts';
import { listRecipesForExport, recipeAsMarkdown } from '../features/recipes/recipe-export.server.ts';
import { requireUser } from '../lib/auth.server.ts';
import { getEnv } from '../lib/env.server.ts';
import { consumeRateLimits, rateLimitKey } from '../lib/rate-limit.server.ts';
import { textResponse } from '../lib/text-response.server.ts';
import { zipStream, type ZipEntry } from '../lib/zip-stream.server.ts';

const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`, 'utf8');

/** A file name from a title: letters, digits and dashes, umlauts kept, never a path. */
function fileName(title: string, id: string) {
  const slug = title
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${slug || 'rezept'}-${id.slice(0, 8)}`;
}

/** The answer's headers: a ZIP, downloaded under a name with the day. */
function zipHeaders() {
  const date = new Date().toISOString().slice(0, 10);
  return { 'Content-Type': 'application/zip', 'Content-Disposition': `attachment; filename="chuchiblog-daten-${date}.zip"`, 'X-Robots-Tag': 'noindex' };
}

export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireUser(request, url);
  // A download manager asks with HEAD before it downloads: it learns the type and the file's name,
  // and the export is neither read nor counted against the person's limit.
  if (request.method === 'HEAD') return new Response(null, { headers: zipHeaders() });
  if (!(await consumeRateLimits([{ key: rateLimitKey('export', 'email', user.email), rule: getEnv().RATE_LIMIT_EXPORTS_PER_USER }]))) {
    return textResponse('Du hast deine Daten in der letzten Stunde schon oft heruntergeladen. Bitte versuche es später noch einmal.', 429, {
      'Retry-After': '3600',
    });
  }
  const [account, recipes, comments, reports] = await Promise.all([
    getAccountForExport(user.id),
    listRecipesForExport(user.id),
    listCommentsForExport(user.id),
    listReportsForExport(user.id),
  ]);
  const { publicUrl } = getEnv();

  async function* entries(): AsyncGenerator<ZipEntry> {
    yield { name: 'konto.json', data: json(account) };
    yield { name: 'rezepte.json', data: json(recipes.map((recipe) => ({ ...recipe, url: `${publicUrl}/detail/${recipe.uid}` }))) };
    yield { name: 'kommentare.json', data: json(comments) };
    yield { name: 'meldungen.json', data: json(reports) };
    for (const recipe of recipes) {
      const name = fileName(recipe.title, recipe.uid);
      yield { name: `rezepte/${name}.md`, data: Buffer.from(recipeAsMarkdown(recipe, `${publicUrl}/detail/${recipe.uid}`), 'utf8') };
      const picture = recipe.image && (await openLargestJpeg(recipe.image));
      if (picture) yield { name: `bilder/${name}.jpg`, data: picture };
    }
  }

  const body = Readable.toWeb(Readable.from(zipStream(entries()))) as ReadableStream<Uint8Array>;
  return new Response(body, { headers: zipHeaders() });
}
