import { eq, inArray } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { getDb } from '../../app/db/client.server.ts';
import { users } from '../../app/db/schema/auth.ts';
import { commentReports, comments, recipes } from '../../app/db/schema/recipes.ts';
import { firstErrors as commentFieldErrors } from '../../app/components/form/form-answer.ts';
import { COMMENT_REFUSALS } from '../../app/features/comments/comment-actions.server.ts';
import * as mutations from '../../app/features/comments/comment-mutations.server.ts';
import { listComments, loadCommentState, MISSING_RECIPE_ID } from '../../app/features/comments/comment-queries.server.ts';
import { reportAction, reportMail } from '../../app/features/comments/comment-report-actions.server.ts';
import { reportComment } from '../../app/features/comments/comment-reports.server.ts';
import { parseEnv } from '../../app/lib/env.server.ts';
import { commentPostSchema, commentSchema } from '../../app/features/comments/comment-schema.ts';
import { getRecipe } from '../../app/features/recipes/recipe-queries.server.ts';
import { getEnv } from '../../app/lib/env.server.ts';
import { createRecipe, createUser } from '../support/factories.ts';
import { useTestDatabase } from '../support/test-db.ts';

// The reporters' address hashes are keyed with a secret derived from it (no DATA_DIR file in these tests).
process.env.AUTH_SECRET ??= 'integration-test-secret-0123456789abcdefghij';
useTestDatabase();

const COMMENT_RATE_LIMIT = getEnv().RATE_LIMIT_COMMENTS_PER_USER;

/** A refused write as the action answers it: the mutation's reason with the status of the HTTP layer's table. */
function refused(reason: mutations.CommentRefusal) {
  return Object.assign(new Error(reason), { reason, status: COMMENT_REFUSALS[reason].status });
}

/** The mutations return a typed reason; these throw it as `refused` does, so the checks below read the status. */
async function createComment(...args: Parameters<typeof mutations.createComment>) {
  const result = await mutations.createComment(...args);
  if (!result.ok) throw refused(result.reason);
  return result.comment;
}

async function deleteComment(...args: Parameters<typeof mutations.deleteComment>) {
  const result = await mutations.deleteComment(...args);
  if (!result.ok) throw refused(result.reason);
}

async function ratingOf(recipeId: string) {
  const [row] = await getDb()
    .select({ sum: recipes.ratingSum, count: recipes.ratingCount })
    .from(recipes)
    .where(eq(recipes.id, recipeId));
  return row!;
}

test('posting and deleting comments keeps avgRating the exact mean', async () => {
  const owner = await createUser();
  const [ann, ben] = [await createUser(), await createUser()];
  const recipe = await createRecipe(owner);

  const four = await createComment(ann.id, recipe.id, { rating: 4, nickname: 'Ann', comment: 'Fein' });
  await createComment(ben.id, recipe.id, { rating: 2, nickname: 'Ben', comment: 'Zu salzig' });
  expect((await getRecipe(recipe.id))!.avgRating).toBe(3);
  expect(four).toMatchObject({ authorId: ann.id, nickname: 'Ann', comment: 'Fein', rating: 4 });

  await deleteComment(ann.id, recipe.id, four.uid);
  expect(await ratingOf(recipe.id)).toEqual({ sum: 2, count: 1 });
  expect((await getRecipe(recipe.id))!.avgRating).toBe(2);
  expect((await listComments(recipe.id)).map((c) => c.nickname)).toEqual(['Ben']);
});

test('only the author and the recipe owner delete a comment; others change nothing', async () => {
  const owner = await createUser();
  const [author, other] = [await createUser(), await createUser()];
  const recipe = await createRecipe(owner);
  const othersRecipe = await createRecipe(other);
  const comment = await createComment(author.id, recipe.id, { rating: 5, nickname: 'A', comment: 'Top' });

  await expect(deleteComment(other.id, recipe.id, comment.uid)).rejects.toMatchObject({ status: 403 });
  // Owning another recipe gives no right here, also not through that recipe's address.
  await expect(deleteComment(other.id, othersRecipe.id, comment.uid)).rejects.toMatchObject({ status: 404 });
  await expect(deleteComment(author.id, recipe.id, '00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({
    status: 404,
  });
  expect(await ratingOf(recipe.id)).toEqual({ sum: 5, count: 1 });
  expect(await listComments(recipe.id)).toHaveLength(1);
});

test('the recipe owner removes any comment on it, and the rating follows', async () => {
  const owner = await createUser();
  const [ann, ben] = [await createUser(), await createUser()];
  const recipe = await createRecipe(owner);
  const spam = await createComment(ann.id, recipe.id, { rating: 1, nickname: 'Ann', comment: 'Billige Uhren hier' });
  await createComment(ben.id, recipe.id, { rating: 5, nickname: 'Ben', comment: 'Fein' });
  const ownNote = await createComment(owner.id, recipe.id, { rating: null, nickname: 'Koch', comment: 'Danke!' });

  await deleteComment(owner.id, recipe.id, spam.uid);
  expect(await ratingOf(recipe.id)).toEqual({ sum: 5, count: 1 });
  await deleteComment(owner.id, recipe.id, ownNote.uid); // a comment without rating: nothing to take off
  expect(await ratingOf(recipe.id)).toEqual({ sum: 5, count: 1 });
  expect((await listComments(recipe.id)).map((c) => c.nickname)).toEqual(['Ben']);
});

test('the owner comments on their own recipe without rating it; everyone else must rate', async () => {
  const owner = await createUser();
  const reader = await createUser();
  const recipe = await createRecipe(owner);

  const refusedRating = await mutations.createComment(owner.id, recipe.id, { rating: 5, nickname: 'Koch', comment: 'Mein bestes!' });
  expect(refusedRating).toEqual({ ok: false, reason: 'own-recipe-rating' });
  expect(COMMENT_REFUSALS['own-recipe-rating']).toEqual({ status: 403, message: 'Dein eigenes Rezept kannst du nicht bewerten.' });
  expect(await getDb().$count(comments, eq(comments.recipeId, recipe.id))).toBe(0);

  const note = await createComment(owner.id, recipe.id, { rating: null, nickname: 'Koch', comment: 'Tipp: mit Rahm.' });
  expect(note).toMatchObject({ rating: null, ratingCounts: false });
  expect(await mutations.createComment(reader.id, recipe.id, { rating: null, nickname: 'Leser', comment: 'Ohne Sterne' })).toEqual({
    ok: false,
    reason: 'rating-required',
  });
  expect(await ratingOf(recipe.id)).toEqual({ sum: 0, count: 0 });
  expect((await getRecipe(recipe.id))!.ratingCount).toBe(0);
  expect(await listComments(recipe.id)).toHaveLength(1);
});

test('each person’s rating counts once per recipe: the latest; deleting it brings back their previous one', async () => {
  const owner = await createUser();
  const [ann, ben] = [await createUser(), await createUser()];
  const recipe = await createRecipe(owner);
  const first = await createComment(ann.id, recipe.id, { rating: 2, nickname: 'Ann', comment: 'Erster Versuch' });
  await createComment(ben.id, recipe.id, { rating: 4, nickname: 'Ben', comment: 'Gut' });
  expect(await ratingOf(recipe.id)).toEqual({ sum: 6, count: 2 });

  const second = await createComment(ann.id, recipe.id, { rating: 5, nickname: 'Ann', comment: 'Zweiter Versuch: super' });
  expect(await ratingOf(recipe.id)).toEqual({ sum: 9, count: 2 }); // Ann's 5 replaced her 2
  expect((await getRecipe(recipe.id))!.avgRating).toBe(4.5);
  const third = await createComment(ann.id, recipe.id, { rating: 3, nickname: 'Ann', comment: 'Dritter: naja' });
  expect(await ratingOf(recipe.id)).toEqual({ sum: 7, count: 2 });
  // The comments stay, each with its stars; only the latest counts.
  expect((await listComments(recipe.id)).filter((c) => c.authorId === ann.id).map((c) => [c.rating, c.ratingCounts])).toEqual([
    [2, false],
    [5, false],
    [3, true],
  ]);

  await deleteComment(ann.id, recipe.id, first.uid); // did not count: nothing changes
  expect(await ratingOf(recipe.id)).toEqual({ sum: 7, count: 2 });
  await deleteComment(owner.id, recipe.id, third.uid); // counted: her latest remaining (5) counts again
  expect(await ratingOf(recipe.id)).toEqual({ sum: 9, count: 2 });
  expect((await listComments(recipe.id)).find((c) => c.uid === second.uid)).toMatchObject({ ratingCounts: true });
  await deleteComment(ann.id, recipe.id, second.uid); // her last one: she no longer counts
  expect(await ratingOf(recipe.id)).toEqual({ sum: 4, count: 1 });
  expect((await getRecipe(recipe.id))!.avgRating).toBe(4);
});

test('a second counting rating per person and recipe is impossible in the database itself', async () => {
  const owner = await createUser();
  const ann = await createUser();
  const recipe = await createRecipe(owner);
  await createComment(ann.id, recipe.id, { rating: 4, nickname: 'Ann', comment: 'Fein' });
  await expect(
    getDb().insert(comments).values({ recipeId: recipe.id, authorId: ann.id, nickname: 'Ann', comment: 'Nochmals', rating: 5, ratingCounts: true }),
  ).rejects.toThrow();
  await expect(
    getDb().insert(comments).values({ recipeId: recipe.id, authorId: ann.id, nickname: 'Ann', comment: 'Ohne', rating: null, ratingCounts: true }),
  ).rejects.toThrow();
  expect(await getDb().$count(comments, eq(comments.recipeId, recipe.id))).toBe(1);
});

test('a comment addressed through another recipe is not found and stays', async () => {
  const owner = await createUser();
  const author = await createUser();
  const [recipe, elsewhere] = [await createRecipe(owner), await createRecipe(owner)];
  const comment = await createComment(author.id, recipe.id, { rating: 3, nickname: 'A', comment: 'Gut' });

  await expect(deleteComment(author.id, elsewhere.id, comment.uid)).rejects.toMatchObject({ status: 404 });
  expect(await ratingOf(recipe.id)).toEqual({ sum: 3, count: 1 });
  expect(await ratingOf(elsewhere.id)).toEqual({ sum: 0, count: 0 });
  expect(await listComments(recipe.id)).toHaveLength(1);
});

test('deleting an account takes its ratings off other recipes; its own recipes go', async () => {
  const owner = await createUser();
  const [stays, leaves] = [await createUser(), await createUser()];
  const recipe = await createRecipe(owner);
  const [own, other] = [await createRecipe(leaves), await createRecipe(leaves)];
  await createComment(stays.id, recipe.id, { rating: 2, nickname: 'Bleibt', comment: 'Geht so' });
  await createComment(leaves.id, recipe.id, { rating: 5, nickname: 'Geht', comment: 'Super' });
  await createComment(leaves.id, own.id, { rating: null, nickname: 'Geht', comment: 'Eigenes' });
  await createComment(stays.id, own.id, { rating: 3, nickname: 'Bleibt', comment: 'Fremdes' });
  expect(await ratingOf(recipe.id)).toEqual({ sum: 7, count: 2 });

  await getDb().delete(users).where(eq(users.id, leaves.id));

  expect(await ratingOf(recipe.id)).toEqual({ sum: 2, count: 1 });
  expect((await getRecipe(recipe.id))!.avgRating).toBe(2);
  expect((await listComments(recipe.id)).map((c) => c.nickname)).toEqual(['Bleibt']);
  expect(await getDb().$count(recipes, inArray(recipes.id, [own.id, other.id]))).toBe(0);
  expect(await getDb().$count(comments, eq(comments.recipeId, own.id))).toBe(0);
  expect(await getDb().$count(comments, eq(comments.authorId, leaves.id))).toBe(0);
});

test('a comment on a missing recipe is refused and stores nothing', async () => {
  const user = await createUser();
  await expect(
    createComment(user.id, '00000000-0000-4000-8000-000000000000', { rating: 3, nickname: 'X', comment: 'Hallo' }),
  ).rejects.toMatchObject({ status: 404 });
  expect(await getDb().$count(comments, eq(comments.authorId, user.id))).toBe(0);
});

test('deleting an account takes off only its ratings that count; its earlier ratings never counted', async () => {
  const owner = await createUser();
  const [stays, leaves] = [await createUser(), await createUser()];
  const recipe = await createRecipe(owner);
  await createComment(stays.id, recipe.id, { rating: 4, nickname: 'Bleibt', comment: 'Gut' });
  await createComment(leaves.id, recipe.id, { rating: 1, nickname: 'Geht', comment: 'Zuerst schlecht' });
  await createComment(leaves.id, recipe.id, { rating: 5, nickname: 'Geht', comment: 'Dann super' });
  await createComment(leaves.id, recipe.id, { rating: 2, nickname: 'Geht', comment: 'Am Ende mittel' });
  expect(await ratingOf(recipe.id)).toEqual({ sum: 6, count: 2 });

  await getDb().delete(users).where(eq(users.id, leaves.id));

  // Only the 2 that counted comes off: subtracting all three (8, 3) would leave a negative count.
  expect(await ratingOf(recipe.id)).toEqual({ sum: 4, count: 1 });
  expect((await listComments(recipe.id)).map((c) => c.nickname)).toEqual(['Bleibt']);
});

test('posting is rate limited per user', async () => {
  const owner = await createUser();
  const [busy, calm] = [await createUser(), await createUser()];
  const recipe = await createRecipe(owner);
  for (let i = 0; i < COMMENT_RATE_LIMIT.max; i++) {
    await createComment(busy.id, recipe.id, { rating: 5, nickname: 'B', comment: `Nr. ${i}` });
  }
  await expect(createComment(busy.id, recipe.id, { rating: 1, nickname: 'B', comment: 'zu viel' })).rejects.toMatchObject({
    status: 429,
  });
  await createComment(calm.id, recipe.id, { rating: 1, nickname: 'C', comment: 'ok' });
  // Busy's ten comments count once (their latest 5), calm's 1 once.
  expect(await ratingOf(recipe.id)).toEqual({ sum: 6, count: 2 });
  expect(await getDb().$count(comments, eq(comments.recipeId, recipe.id))).toBe(COMMENT_RATE_LIMIT.max + 1);
});

test('200 comments by 200 people posted at once are all stored and the mean is exact', async () => {
  const owner = await createUser();
  const recipe = await createRecipe(owner);
  const authors = await Promise.all(Array.from({ length: 200 }, () => createUser()));
  const ratings = Array.from({ length: 200 }, (_, i) => (i * 7) % 5 + 1);
  await Promise.all(
    ratings.map((rating, i) => createComment(authors[i]!.id, recipe.id, { rating, nickname: `N${i}`, comment: `Kommentar ${i}` })),
  );
  const sum = ratings.reduce((a, b) => a + b, 0);
  expect(await ratingOf(recipe.id)).toEqual({ sum, count: 200 });
  expect(await getDb().$count(comments, eq(comments.recipeId, recipe.id))).toBe(200);
  expect((await getRecipe(recipe.id))!.avgRating).toBe(sum / 200);
});

test('ten people posting ten rated comments each, all at once: each counts once, with their latest rating', async () => {
  const owner = await createUser();
  const recipe = await createRecipe(owner);
  const authors = await Promise.all(Array.from({ length: 10 }, () => createUser()));
  await Promise.all(
    Array.from({ length: 100 }, (_, i) =>
      createComment(authors[i % 10]!.id, recipe.id, { rating: ((i * 3) % 5) + 1, nickname: `N${i % 10}`, comment: `Kommentar ${i}` }),
    ),
  );
  const stored = await listComments(recipe.id); // oldest first: the order the writes took turns in
  expect(stored).toHaveLength(100);
  const latest = new Map(stored.map((c) => [c.authorId, c]));
  expect(stored.filter((c) => c.ratingCounts).map((c) => c.uid).sort()).toEqual([...latest.values()].map((c) => c.uid).sort());
  const sum = [...latest.values()].reduce((total, c) => total + c.rating!, 0);
  expect(await ratingOf(recipe.id)).toEqual({ sum, count: 10 });
});

test('deletes and new comments of the same person at once keep exactly one counting rating', async () => {
  const owner = await createUser();
  const recipe = await createRecipe(owner);
  const ann = await createUser();
  const early = [];
  for (let i = 0; i < 5; i++) early.push(await createComment(ann.id, recipe.id, { rating: 1 + i, nickname: 'Ann', comment: `Alt ${i}` }));
  await Promise.all([
    ...early.map((c, i) => (i % 2 === 0 ? deleteComment(i === 0 ? owner.id : ann.id, recipe.id, c.uid) : Promise.resolve())),
    ...Array.from({ length: 4 }, (_, i) => createComment(ann.id, recipe.id, { rating: 5 - i, nickname: 'Ann', comment: `Neu ${i}` })),
  ]);
  const stored = await listComments(recipe.id);
  expect(stored).toHaveLength(6); // 5 − 3 deleted + 4 new
  const latest = stored.at(-1)!;
  expect(stored.filter((c) => c.ratingCounts).map((c) => c.uid)).toEqual([latest.uid]);
  expect(await ratingOf(recipe.id)).toEqual({ sum: latest.rating, count: 1 });
});

test('the comment state keeps the spec’s message when no recipe id is given', async () => {
  expect(await loadCommentState(undefined)).toEqual({ comments: [], error: MISSING_RECIPE_ID });
  expect(MISSING_RECIPE_ID).toBe('Blog id not provided, cannot load comments');
});

test('the shared schema asks for a rating and a text, and bounds the lengths', () => {
  const noRating = commentSchema.safeParse({ rating: '0', nickname: 'Ann', comment: 'Fein' });
  expect(noRating.success || commentFieldErrors(noRating.error)).toEqual({ rating: 'Bitte gib eine Bewertung ab.' });
  const noText = commentSchema.safeParse({ rating: '4', nickname: 'Ann', comment: '   ' });
  expect(noText.success || commentFieldErrors(noText.error)).toEqual({ comment: 'Bitte schreibe einen Kommentar.' });
  for (const rating of ['6', '2.5', 'abc', '-1']) {
    expect(commentSchema.safeParse({ rating, nickname: 'A', comment: 'B' }).success).toBe(false);
  }
  expect(commentSchema.safeParse({ rating: '5', nickname: 'A', comment: 'x'.repeat(2001) }).success).toBe(false);
  expect(commentSchema.parse({ rating: '5', nickname: ' Ann ', comment: ' Fein\nsehr ' })).toEqual({
    rating: 5,
    nickname: 'Ann',
    comment: 'Fein\nsehr',
  });
});

test('the schema allows at most two links in a comment; the post schema reads a missing rating as none', () => {
  const two = commentSchema.safeParse({ rating: '4', nickname: 'A', comment: 'Siehe https://a.ch und www.b.ch' });
  expect(two.success).toBe(true);
  const three = commentSchema.safeParse({ rating: '4', nickname: 'A', comment: 'http://a.ch https://b.ch WWW.c.ch' });
  expect(three.success || commentFieldErrors(three.error)).toEqual({ comment: 'Ein Kommentar darf höchstens 2 Links enthalten.' });
  expect(commentPostSchema.parse({ nickname: 'A', comment: 'B' }).rating).toBeNull();
  expect(commentPostSchema.parse({ rating: '', nickname: 'A', comment: 'B' }).rating).toBeNull();
  expect(commentPostSchema.parse({ rating: '3', nickname: 'A', comment: 'B' }).rating).toBe(3);
  expect(commentPostSchema.safeParse({ rating: '7', nickname: 'A', comment: 'B' }).success).toBe(false);
});

test('a comment is reported once per person: per account, or per address when signed out (stored as a hash)', async () => {
  const owner = await createUser();
  const [ann, ben] = [await createUser(), await createUser()];
  const recipe = await createRecipe(owner);
  const comment = await createComment(ann.id, recipe.id, { rating: 1, nickname: 'Ann', comment: 'Kauft Uhren!' });

  expect(await reportComment({ userId: ben.id }, recipe.id, comment.uid, 'Werbung')).toMatchObject({ ok: true });
  expect(await reportComment({ userId: ben.id }, recipe.id, comment.uid, 'Nochmals')).toEqual({ ok: false, reason: 'already-reported' });
  expect(await reportComment({ userId: owner.id }, recipe.id, comment.uid, 'Spam')).toMatchObject({ ok: true });
  expect(await reportComment({ ip: '203.0.113.7' }, recipe.id, comment.uid, 'Spam')).toMatchObject({
    ok: true,
    comment: { nickname: 'Ann', comment: 'Kauft Uhren!', recipeTitle: recipe.title },
  });
  expect(await reportComment({ ip: '203.0.113.7' }, recipe.id, comment.uid, 'Spam')).toEqual({ ok: false, reason: 'already-reported' });
  expect(await reportComment({ ip: '203.0.113.8' }, recipe.id, comment.uid, 'Spam')).toMatchObject({ ok: true });
  // Through another recipe's address, or a comment that does not exist: not found, nothing stored.
  const elsewhere = await createRecipe(owner);
  expect(await reportComment({ userId: ann.id }, elsewhere.id, comment.uid, 'x')).toEqual({ ok: false, reason: 'not-found' });

  const stored = await getDb().select().from(commentReports).where(eq(commentReports.commentId, comment.uid));
  expect(stored).toHaveLength(4);
  const hashes = stored.map((r) => r.reporterIpHash).filter(Boolean);
  expect(hashes).toHaveLength(2);
  expect(JSON.stringify(stored)).not.toContain('203.0.113');

  // Reports go with the reporting account, and with the comment.
  await getDb().delete(users).where(eq(users.id, ben.id));
  expect(await getDb().$count(commentReports, eq(commentReports.commentId, comment.uid))).toBe(3);
  await deleteComment(owner.id, recipe.id, comment.uid);
  expect(await getDb().$count(commentReports)).toBe(0);
});

test('two reports by the same person at once: one is stored', async () => {
  const owner = await createUser();
  const [ann, ben] = [await createUser(), await createUser()];
  const recipe = await createRecipe(owner);
  const comment = await createComment(ann.id, recipe.id, { rating: 1, nickname: 'Ann', comment: 'Kauft Uhren!' });
  const results = await Promise.all(Array.from({ length: 5 }, () => reportComment({ userId: ben.id }, recipe.id, comment.uid, 'Werbung')));
  expect(results.filter((r) => r.ok)).toHaveLength(1);
  expect(await getDb().$count(commentReports, eq(commentReports.commentId, comment.uid))).toBe(1);
});

/** A report action's answer as the browser gets it: status and data. */
function answered(result: unknown) {
  const { data, init } = result as { data: { done?: string; formError?: string }; init?: { status?: number } };
  return { status: init?.status ?? 200, ...data };
}

function reasonForm(reason: string) {
  const form = new FormData();
  form.set('reason', reason);
  return form;
}

test('reports are limited: 10 an hour per account, and 10 an hour per address when signed out', async () => {
  const owner = await createUser();
  const [ann, cleo, ben] = [await createUser(), await createUser(), await createUser()];
  const recipe = await createRecipe(owner);
  const limit = getEnv().RATE_LIMIT_REPORTS_PER_USER.max;
  const targets = [];
  // Two writers: one person may post only 10 comments in 10 minutes.
  for (let i = 0; i <= limit; i++) {
    const writer = i % 2 === 0 ? ann : cleo;
    targets.push(await createComment(writer.id, recipe.id, { rating: 3, nickname: 'Ann', comment: `Nr. ${i}` }));
  }
  const report = (userId: string | null, commentId: string, clientIp = '198.51.100.20') =>
    reportAction({ userId, clientIp, recipeId: recipe.id, commentId, form: reasonForm('Werbung') }).then(answered);

  for (const target of targets.slice(0, limit)) expect(await report(ben.id, target.uid)).toMatchObject({ status: 200, done: expect.stringContaining('Danke') });
  const over = await report(ben.id, targets[limit]!.uid);
  expect(over).toMatchObject({ status: 429, formError: expect.stringContaining('viele Kommentare gemeldet') });
  expect(await getDb().$count(commentReports, eq(commentReports.reporterId, ben.id))).toBe(limit);

  // Signed out: counted per address before the proof of work is checked, so a script without one is stopped too.
  for (let i = 0; i < getEnv().RATE_LIMIT_REPORTS_PER_IP.max; i++) expect((await report(null, targets[0]!.uid, '198.51.100.99')).status).toBe(400);
  expect((await report(null, targets[0]!.uid, '198.51.100.99')).status).toBe(429);
  expect((await report(null, targets[0]!.uid, '198.51.100.98')).status).toBe(400); // another address: its own count
});

test('the report mail is German, names the comment, its author and the reason, and links to the comment; it goes only to a set SITE_EMAIL', () => {
  expect(parseEnv({}).siteEmailConfigured).toBe(false);
  expect(parseEnv({ SITE_EMAIL: 'redaktion@chuchiblog.example' }).siteEmailConfigured).toBe(true);
  const mail = reportMail(
    'redaktion@chuchiblog.example',
    {
      commentId: '11111111-1111-4111-8111-111111111111',
      recipeId: '22222222-2222-4222-8222-222222222222',
      authorId: 'x',
      nickname: 'Spammer <b>',
      comment: 'Billige Uhren',
      createdAt: new Date().toISOString(),
      recipeTitle: 'Zopf',
    },
    'Werbung',
  );
  expect(mail.subject).toBe('Gemeldeter Kommentar zu «Zopf»');
  expect(mail.text).toContain('Geschrieben von: Spammer <b>');
  expect(mail.text).toContain('Billige Uhren');
  expect(mail.text).toContain('Grund der Meldung:\nWerbung');
  expect(mail.text).toMatch(/\/detail\/22222222-2222-4222-8222-222222222222#kommentar-11111111-1111-4111-8111-111111111111/);
  expect(mail.html).toContain('Spammer &#60;b&#62;'); // user text is escaped in the HTML part
  expect(mail.text).not.toMatch(/ß/);
});
