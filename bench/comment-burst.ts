// 200 comments posted at once on one recipe, as when a shared recipe goes
// round: how long until every one is answered, and is the average exact?
// Target: all 200 within 5 s, the stored sum and count equal to the readers'
// latest ratings (each person's rating counts once per recipe: the latest).
// A saved comment is answered with a redirect (post/redirect/get); the page
// the browser then loads is a read, which bench/page-throughput.ts measures.
// Run: npm run build && node bench/comment-burst.ts
import { asc, eq } from 'drizzle-orm';
import { comments, recipes } from '../app/db/schema/recipes.ts';
import { openScriptDatabase } from '../scripts/open-database.ts';
import { prepareBlog, signIn, startServer } from './support/server-process.ts';

const COMMENTS = 200;
/** Ten per reader: the per-user limit of 10 comments in 10 minutes. */
const READERS = COMMENTS / 10;
const TARGET_MS = 5_000;

const blog = await prepareBlog(READERS);
const server = await startServer(blog.dataDir);
try {
  const cookies = await Promise.all(blog.emails.map((email) => signIn(server.url, email)));
  const latencies: number[] = [];
  const started = performance.now();
  const statuses = await Promise.all(
    Array.from({ length: COMMENTS }, async (_, i) => {
      const rating = (i % 5) + 1;
      // Leserin 0 wrote the recipe: she comments without stars (an owner cannot rate her own recipe).
      const stars: Record<string, string> = i % READERS === 0 ? {} : { rating: String(rating) };
      const sent = performance.now();
      const response = await fetch(`${server.url}/detail/${blog.recipeId}`, {
        method: 'POST',
        headers: { origin: server.url, cookie: cookies[i % READERS]! },
        redirect: 'manual',
        body: new URLSearchParams({ intent: 'create-comment', ...stars, nickname: `Leserin ${i % READERS}`, comment: `Kommentar ${i}: sehr fein!` }),
      });
      await response.arrayBuffer();
      latencies.push(performance.now() - sent);
      return response.status;
    }),
  );
  const total = performance.now() - started;
  await server.stop();

  process.env.DATA_DIR = blog.dataDir;
  const { connection, close } = await openScriptDatabase();
  const [row] = await connection.db.select().from(recipes).where(eq(recipes.id, blog.recipeId));
  const stored = await connection.db
    .select({ authorId: comments.authorId, rating: comments.rating, ratingCounts: comments.ratingCounts })
    .from(comments)
    .where(eq(comments.recipeId, blog.recipeId))
    .orderBy(asc(comments.createdAt), asc(comments.id));
  await close();
  // What the mean must hold: each reader's latest rating (later rows overwrite earlier ones).
  const latest = new Map(stored.filter((c) => c.rating !== null).map((c) => [c.authorId, c]));
  const expectedSum = [...latest.values()].reduce((sum, c) => sum + (c.rating ?? 0), 0);
  const countingIsLatest = stored.every((c) => c.ratingCounts === (latest.get(c.authorId) === c));

  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
  const ok = statuses.filter((s) => s === 303).length;
  const exact = stored.length === COMMENTS && row!.ratingCount === READERS - 1 && row!.ratingSum === expectedSum && countingIsLatest;
  console.log(`comment burst: ${COMMENTS} concurrent comments on one recipe (${READERS} signed-in readers)`);
  console.log(`  saved (303 See Other): ${ok}/${COMMENTS}; all answered after ${(total / 1000).toFixed(2)} s (target < ${TARGET_MS / 1000} s)`);
  console.log(`  latency p50 ${at(0.5).toFixed(0)} ms, p95 ${at(0.95).toFixed(0)} ms, max ${at(1).toFixed(0)} ms`);
  console.log(
    `  stored: ${stored.length} comments; rating count ${row!.ratingCount}, sum ${row!.ratingSum} (expected ${READERS - 1} readers' latest, ${expectedSum}); the latest counts: ${countingIsLatest}: ${exact ? 'exact' : 'NOT EXACT'}`,
  );
  console.log(`  target ${ok === COMMENTS && exact && total < TARGET_MS ? 'met' : 'MISSED'}`);
} finally {
  await server.stop().catch(() => {});
  await blog.remove();
}
