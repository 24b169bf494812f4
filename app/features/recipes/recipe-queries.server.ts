import { and, arrayContains, desc, eq, getTableColumns, ne, sql } from 'drizzle-orm';
import { getDb } from '../../db/client.server.ts';
import { alias } from 'drizzle-orm/pg-core';
import { images, recipes } from '../../db/schema/recipes.ts';
import type { Category, Tag } from '../../utils/catalog.ts';
import { averageRating } from '../../utils/format.ts';
import { isUuid } from '../../utils/ids.ts';
import type { RecipeDetail, RecipeSummary } from './recipe-types.ts';

const summaryColumns = {
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

function toSummary(row: SummaryRow): RecipeSummary {
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

/** All recipes, newest first. */
export async function listRecipes() {
  const rows = await selectSummaries().orderBy(desc(recipes.createdAt), desc(recipes.id));
  return rows.map(toSummary);
}

export async function listRecipesByCategory(category: Category) {
  const rows = await selectSummaries()
    .where(eq(recipes.category, category))
    .orderBy(desc(recipes.createdAt), desc(recipes.id));
  return rows.map(toSummary);
}

/** Recipes carrying the tag, optionally only within one category. */
export async function listRecipesByTag(tag: Tag, category?: Category) {
  const byTag = arrayContains(recipes.tags, [tag]);
  const rows = await selectSummaries()
    .where(category ? and(byTag, eq(recipes.category, category)) : byTag)
    .orderBy(desc(recipes.createdAt), desc(recipes.id));
  return rows.map(toSummary);
}

export async function listRecipesByUser(userId: string) {
  const rows = await selectSummaries()
    .where(eq(recipes.userId, userId))
    .orderBy(desc(recipes.createdAt), desc(recipes.id));
  return rows.map(toSummary);
}

export async function getRecipe(id: string): Promise<RecipeDetail | undefined> {
  if (!isUuid(id)) return undefined;
  const { search: _search, ...columns } = getTableColumns(recipes);
  const [row] = await getDb()
    .select({ ...columns, image: summaryColumns.image })
    .from(recipes)
    .leftJoin(images, eq(recipes.imageId, images.id))
    .where(eq(recipes.id, id));
  if (!row) return undefined;
  return {
    ...toSummary(row),
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
