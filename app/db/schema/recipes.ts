import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { CATEGORY_LABELS, LEVELS, TAGS } from '../../utils/catalog.ts';
import { users } from './auth.ts';

export type Ingredient = { name: string; amount: string };

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

function sqlList(values: readonly string[]) {
  return sql.raw(values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', '));
}

/** A processed upload: the original is never kept, only responsive renditions. */
export const images = pgTable('images', {
  id: uuid().primaryKey().defaultRandom(),
  userId: text().references(() => users.id, { onDelete: 'cascade' }),
  width: integer().notNull(),
  height: integer().notNull(),
  /** Widths of the stored renditions, each in AVIF, WebP and JPEG. */
  widths: integer().array().notNull(),
  /** Share crops (1:1, 4:3, 16:9, og) as name → [width, height], JPEG only; null before they existed. */
  crops: jsonb().$type<Record<string, [number, number]>>(),
  /** Dominant colour, shown while the picture loads. */
  color: text().notNull().default('#d9d2c5'),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const recipes = pgTable(
  'recipes',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userEmail: text().notNull(),
    author: text().notNull(),
    title: text().notNull(),
    lead: text().notNull(),
    imageId: uuid().references(() => images.id, { onDelete: 'set null' }),
    duration: integer().notNull(),
    category: text().notNull(),
    level: text().notNull(),
    tags: text().array().notNull().default(sql`'{}'::text[]`),
    quantity: text().notNull(),
    ingredients: jsonb().$type<Ingredient[]>().notNull(),
    description: text().notNull(),
    additional: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** avgRating = ratingSum / ratingCount, both kept exact by comment writes. */
    ratingSum: integer().notNull().default(0),
    ratingCount: integer().notNull().default(0),
    /**
     * German full-text document, kept by the database (drizzle/0005_search.sql):
     * title (A), lead and tags (B), ingredient names (C), description (D), folded
     * by unaccent and stemmed (text search configuration `chuchi_german`).
     */
    search: tsvector().generatedAlwaysAs(
      (): SQL =>
        sql`public.recipe_search_document(${recipes.title}, ${recipes.lead}, ${recipes.tags}, ${recipes.ingredients}, ${recipes.description})`,
    ),
  },
  (t) => [
    // Every list is newest first with the id as tie-breaker (`created_at desc,
    // id desc`) and read a page at a time (LIMIT/OFFSET): read backwards, these
    // indexes hand out the rows in exactly that order (desc is nulls first,
    // the reverse of these ascending nulls-last keys), so a page costs its own
    // rows, not the whole list. See bench/list-scale.ts for the plans.
    index('recipes_created_at_id_idx').on(t.createdAt, t.id),
    index('recipes_category_created_at_id_idx').on(t.category, t.createdAt, t.id),
    index('recipes_user_id_created_at_id_idx').on(t.userId, t.createdAt, t.id),
    // Tag lists: `tags @> '{…}'` (the count of a tag page, rare tags).
    index('recipes_tags_idx').using('gin', t.tags),
    index('recipes_search_idx').using('gin', t.search),
    check('recipes_category_check', sql`${t.category} in (${sqlList(CATEGORY_LABELS)})`),
    check('recipes_level_check', sql`${t.level} in (${sqlList(LEVELS)})`),
    check('recipes_tags_check', sql`${t.tags} <@ array[${sqlList(TAGS)}]::text[]`),
    check('recipes_duration_check', sql`${t.duration} between 1 and 10000`),
    check('recipes_rating_check', sql`${t.ratingSum} >= 0 and ${t.ratingCount} >= 0`),
  ],
);

export const comments = pgTable(
  'comments',
  {
    id: uuid().primaryKey().defaultRandom(),
    recipeId: uuid()
      .notNull()
      .references(() => recipes.id, { onDelete: 'cascade' }),
    authorId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    nickname: text().notNull(),
    comment: text().notNull(),
    /** 1–5 stars; null for a comment without a rating (the recipe owner's own comments). */
    rating: integer(),
    /**
     * Whether this rating is the one of its author that counts in the recipe's
     * rating_sum/rating_count: each person's latest rated comment on a recipe
     * (docs/product-rules.md). Kept by comment-mutations.server.ts; at most one
     * per person and recipe (the partial unique index below).
     */
    ratingCounts: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.recipeId, t.createdAt),
    uniqueIndex('comments_counted_rating_idx').on(t.recipeId, t.authorId).where(sql`${t.ratingCounts}`),
    check('comments_rating_check', sql`${t.rating} between 1 and 5`),
    check('comments_rating_counts_check', sql`not ${t.ratingCounts} or ${t.rating} is not null`),
  ],
);

/**
 * "Melden": a reader's report of a comment, one per person and comment. A
 * signed-in reader is known by the user id, a signed-out one by a keyed hash
 * of the client's IP address (never the address itself).
 */
export const commentReports = pgTable(
  'comment_reports',
  {
    id: uuid().primaryKey().defaultRandom(),
    commentId: uuid()
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    reporterId: text().references(() => users.id, { onDelete: 'cascade' }),
    reporterIpHash: text(),
    reason: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('comment_reports_user_idx').on(t.commentId, t.reporterId),
    uniqueIndex('comment_reports_ip_idx').on(t.commentId, t.reporterIpHash),
    index('comment_reports_reporter_idx').on(t.reporterId),
    check('comment_reports_reporter_check', sql`(${t.reporterId} is null) <> (${t.reporterIpHash} is null)`),
  ],
);

/**
 * Every word the recipes use (folded: lower case, no accents), with its first
 * spelling as written. Filled by a trigger on recipes (drizzle/0005_search.sql);
 * the trigram index finds the words closest to a misspelt one (search typo
 * tolerance and "Meintest du …?"). Words of deleted recipes may stay: they only
 * widen a search that then finds nothing more.
 */
export const searchWords = pgTable(
  'search_words',
  {
    word: text().primaryKey(),
    display: text().notNull(),
  },
  (t) => [index('search_words_word_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`)],
);
