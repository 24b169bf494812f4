import { and, arrayContains, count, desc, eq, getTableColumns, max, ne, sql, type SQL } from 'drizzle-orm';
import { getDb } from '../../db/client.server.ts';
import { alias } from 'drizzle-orm/pg-core';
import { images, recipes } from '../../db/schema/recipes.ts';
import { rememberPublic } from '../../lib/public-data-cache.server.ts';
import type { Category, Tag } from '../../utils/catalog.ts';
import { averageRating } from '../../utils/format.ts';
import { isUuid } from '../../utils/ids.ts';
import { PAGE_SIZE, pageCountFor, SIDE_LIST_SIZE } from '../../utils/pagination.ts';
import type { ImageRef } from '../images/image-urls.ts';
import type { RecipeDetail, RecipeSummary } from './recipe-types.ts';

export const summaryColumns = {
  id: recipes.id,
  userId: recipes.userId,
  title: recipes.title,
  lead: recipes.lead,
  category: recipes.category,
  tags: recipes.tags,
  createdAt: recipes.createdAt,
  ratingSum: recipes.ratingSum,
  ratingCount: recipes.ratingCount,
  image: {
    id: images.id,
    width: images.width,
    height: images.height,
    widths: images.widths,
    color: images.color,
  },
};

type SummaryRow = {
  id: string;
  userId: string;
  title: string;
  lead: string;
  category: string;
  tags: string[];
  createdAt: Date;
  ratingSum: number;
  ratingCount: number;
  image: { id: string; width: number; height: number; widths: number[]; color: string } | null;
};

export function toSummary(row: SummaryRow): RecipeSummary {
  return {
    uid: row.id,
    userId: row.userId,
    title: row.title,
    lead: row.lead,
    category: row.category,
    tags: row.tags,
    image: row.image,
    avgRating: averageRating(row.ratingSum, row.ratingCount),
    ratingCount: row.ratingCount,
    createdAt: row.createdAt.toISOString(),
  };
}

function selectSummaries() {
  return getDb().select(summaryColumns).from(recipes).leftJoin(images, eq(recipes.imageId, images.id));
}

/** Newest first; the id breaks ties, so pages neither repeat nor skip a recipe. */
export const newestFirst = [desc(recipes.createdAt), desc(recipes.id)] as const;

/** One page of a list, and what the page links need. */
export type RecipePage = { recipes: RecipeSummary[]; page: number; pageCount: number; total: number };

/**
 * Page `page` (from 1) of the recipes matching `where`, newest first, and how
 * many there are in all. Both queries follow an index (see db/schema/recipes.ts):
 * the page reads its own rows (plus the ones it skips), the count reads
 * index entries only. A page beyond the last comes back empty; the route
 * answers it with a 404.
 */
async function listPage(where: SQL | undefined, page: number, pageSize = PAGE_SIZE): Promise<RecipePage> {
  const [rows, [counted]] = await Promise.all([pageRowsQuery(where, page, pageSize), pageCountQuery(where)]);
  const total = counted?.total ?? 0;
  return { recipes: rows.map(toSummary), page, pageCount: pageCountFor(total, pageSize), total };
}

/**
 * The two statements of a list page; exported so that tests and
 * bench/list-scale.ts can EXPLAIN them. The page's ids come first, from an
 * index that holds the filter, the order and the id (an index-only scan
 * where the table is vacuumed): skipping the earlier pages then reads index
 * entries, not rows. Only the page's own 12 rows are read and joined.
 */
export function pageRowsQuery(where: SQL | undefined, page: number, pageSize = PAGE_SIZE) {
  const pageIds = getDb()
    .select({ id: recipes.id })
    .from(recipes)
    .where(where)
    .orderBy(...newestFirst)
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .as('page_ids');
  return selectSummaries()
    .innerJoin(pageIds, eq(recipes.id, pageIds.id))
    .orderBy(...newestFirst);
}

export function pageCountQuery(where: SQL | undefined) {
  return getDb().select({ total: count() }).from(recipes).where(where);
}

/** The filters of the lists, for the statements above. */
export const listFilters = {
  all: () => undefined,
  category: (category: Category) => eq(recipes.category, category),
  tag: (tag: Tag) => arrayContains(recipes.tags, [tag]),
  user: (userId: string) => eq(recipes.userId, userId),
};
const withTag = listFilters.tag;

/**
 * A public list's page, remembered until the next content change (signed-in
 * readers render every page; the lists then cost no query until something
 * changes). A page past the end is not kept: junk page numbers take no room.
 */
function rememberPage(key: string, load: () => Promise<RecipePage>) {
  return rememberPublic(key, load, (result) => result.recipes.length > 0);
}

/** All recipes, newest first, a page at a time. */
export function listRecipes(page = 1, pageSize = PAGE_SIZE) {
  return rememberPage(`list:all:${pageSize}:${page}`, () => listPage(undefined, page, pageSize));
}

export function listRecipesByCategory(category: Category, page = 1) {
  return rememberPage(`list:category:${category}:${page}`, () => listPage(listFilters.category(category), page));
}

export function listRecipesByTag(tag: Tag, page = 1) {
  return rememberPage(`list:tag:${tag}:${page}`, () => listPage(withTag(tag), page));
}

/** A person's own recipes (the profile page): personal, not remembered. */
export function listRecipesByUser(userId: string, page = 1) {
  return listPage(listFilters.user(userId), page);
}

/** A side column: the newest few recipes carrying the tag, optionally only within one category (remembered like the lists). */
export function listNewestByTag(tag: Tag, category?: Category, limit = SIDE_LIST_SIZE) {
  return rememberPublic(`newest:${tag}:${category ?? ''}:${limit}`, async () => {
    const rows = await selectSummaries()
      .where(category ? and(withTag(tag), eq(recipes.category, category)) : withTag(tag))
      .orderBy(...newestFirst)
      .limit(limit);
    return rows.map(toSummary);
  });
}

/** getRecipe() remembered until the next content change, shared by the recipe page and cook mode (one copy in memory). */
export function getPublicRecipe(id: string) {
  return rememberPublic(`recipe:${id}`, () => getRecipe(id), Boolean);
}

export async function getRecipe(id: string): Promise<RecipeDetail | undefined> {
  if (!isUuid(id)) return undefined;
  const { search: _search, ...columns } = getTableColumns(recipes);
  const [row] = await getDb()
    .select({ ...columns, image: { ...summaryColumns.image, crops: images.crops } })
    .from(recipes)
    .leftJoin(images, eq(recipes.imageId, images.id))
    .where(eq(recipes.id, id));
  if (!row) return undefined;
  return {
    ...toSummary(row),
    image: row.image,
    updatedAt: row.updatedAt.toISOString(),
    author: row.author,
    duration: row.duration,
    level: row.level,
    quantity: row.quantity,
    ingredients: row.ingredients,
    description: row.description,
    additional: row.additional,
  };
}

/**
 * Where to write to a recipe's author. Kept out of getRecipe on purpose: the
 * address never appears in a page (see routes/recipe-contact.ts).
 */
export async function getRecipeContact(id: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await getDb().select({ email: recipes.userEmail, title: recipes.title }).from(recipes).where(eq(recipes.id, id));
  return row;
}

/**
 * Up to four other recipes whose text is closest to this one: German
 * full-text search with the words of its title and lead as the query,
 * ranked so that matches in titles count most.
 */
export async function listSimilarRecipes(id: string, limit = 4) {
  if (!isUuid(id)) return [];
  const source = alias(recipes, 'source');
  // Each lexeme quoted as a tsquery literal; a backslash (chr 92) would be
  // an escape there, so such rare lexemes are left out.
  const query = sql`(
    select coalesce(string_agg('''' || replace(lexeme, '''', '''''') || '''', ' | '), '')::tsquery
    from unnest(tsvector_to_array(ts_filter(${source.search}, '{a,b}'))) as lexeme
    where strpos(lexeme, chr(92)) = 0
  )`;
  const rows = await selectSummaries()
    .innerJoin(source, eq(source.id, id))
    .where(and(ne(recipes.id, id), sql`${recipes.search} @@ ${query}`))
    .orderBy(sql`ts_rank(${recipes.search}, ${query}) desc`, desc(recipes.createdAt))
    .limit(limit);
  return rows.map(toSummary);
}

/** What the sitemap says of a recipe: its address, last change and picture. */
export type SitemapRecipe = { uid: string; updatedAt: string; image: ImageRef | null };

/** Recipes for the sitemap, oldest first (stable while new ones are added), `limit` from `offset`. */
export async function listSitemapRecipes(offset: number, limit: number): Promise<SitemapRecipe[]> {
  const rows = await getDb()
    .select({ id: recipes.id, updatedAt: recipes.updatedAt, image: { ...summaryColumns.image, crops: images.crops } })
    .from(recipes)
    .leftJoin(images, eq(recipes.imageId, images.id))
    .orderBy(recipes.createdAt, recipes.id)
    .limit(limit)
    .offset(offset);
  return rows.map((row) => ({ uid: row.id, updatedAt: row.updatedAt.toISOString(), image: row.image }));
}

/**
 * What the sitemap needs besides the recipes: how many there are, and the
 * last change of all, of each category and of each tag that has recipes.
 */
export async function sitemapOverview() {
  const [[all], categories, tags] = await Promise.all([
    getDb().select({ total: count(), lastChange: max(recipes.updatedAt) }).from(recipes),
    getDb().select({ category: recipes.category, lastChange: max(recipes.updatedAt) }).from(recipes).groupBy(recipes.category),
    getDb()
      .select({ tag: sql<string>`tag`, lastChange: sql<Date>`max(${recipes.updatedAt})`.mapWith(recipes.updatedAt) })
      .from(sql`${recipes}, unnest(${recipes.tags}) as tag`)
      .groupBy(sql`tag`)
      .orderBy(sql`tag`),
  ]);
  const iso = (date: Date | null | undefined) => date?.toISOString();
  return {
    total: all?.total ?? 0,
    lastChange: iso(all?.lastChange),
    categories: new Map(categories.map((row) => [row.category, iso(row.lastChange)])),
    tags: tags.map((row) => ({ tag: row.tag, lastChange: iso(row.lastChange) })),
  };
}

/** A feed item: what a feed reader shows of a recipe. */
export type FeedRecipe = RecipeSummary & { author: string; updatedAt: string };

/** The newest recipes for a feed, of one category or all. */
export async function listFeedRecipes(category: Category | undefined, limit: number): Promise<FeedRecipe[]> {
  const rows = await getDb()
    .select({ ...summaryColumns, image: { ...summaryColumns.image, crops: images.crops }, author: recipes.author, updatedAt: recipes.updatedAt })
    .from(recipes)
    .leftJoin(images, eq(recipes.imageId, images.id))
    .where(category ? listFilters.category(category) : undefined)
    .orderBy(...newestFirst)
    .limit(limit);
  return rows.map((row) => ({ ...toSummary(row), image: row.image, author: row.author, updatedAt: row.updatedAt.toISOString() }));
}
