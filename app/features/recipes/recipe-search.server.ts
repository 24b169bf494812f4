// The search (/suche): German full-text search over the generated `recipes.search`
// document (drizzle/0005_search.sql: unaccent + German stemming, GIN index),
// with the synonym groups (search-synonyms.ts), typo tolerance from the word
// list `search_words` (trigram index, Levenshtein distance), filters, ranking
// (the words as written, in the title first), and the matches marked in titles and leads.
import { and, count, desc, eq, lte, or, sql, type SQL } from 'drizzle-orm';
import { getDb } from '../../db/client.server.ts';
import { images, recipes } from '../../db/schema/recipes.ts';
import { CATEGORIES } from '../../utils/catalog.ts';
import { PAGE_SIZE, pageCountFor } from '../../utils/pagination.ts';
import type { SearchFilters } from '../../utils/search-params.ts';
import { listFilters, newestFirst, summaryColumns, toSummary } from './recipe-queries.server.ts';
import type { RecipeSummary } from './recipe-types.ts';
import {
  foldWord,
  isSynonym,
  MARK_END,
  MARK_START,
  protectedFormsOf,
  protectedLexeme,
  sameWord,
  searchClauses,
  withProtectedWordsMarked,
  type SearchClause,
  type SearchTerm,
} from './search-terms.ts';

export type SearchHit = RecipeSummary & { titleMarked: string; leadMarked: string };

export type SearchResult = {
  recipes: SearchHit[];
  page: number;
  pageCount: number;
  total: number;
  /** "Meintest du …?": the query with unknown words replaced by the closest known ones or left out (only when nothing was found, and only if it finds something). */
  suggestion?: string;
  /** Nothing found because every word is one the search leaves out as too common ("und", "mit"). */
  onlyCommonWords?: boolean;
};

const CONFIG = sql.raw(`'public.chuchi_german'::regconfig`);

function termQuery(term: SearchTerm): SQL {
  // The text holds letters, digits and (in a phrase) spaces only (queryWords):
  // nothing the tsquery syntax would read as an operator.
  if (term.phrase) return sql`phraseto_tsquery(${CONFIG}, ${term.text})`;
  // A word the stemmer would merge with another is stored whole (search-terms.ts, PROTECTED_WORDS), as a
  // lexeme of its own; its compounds ("Randensalat", stemmed as a word of their own) by the word unstemmed
  // as a prefix, which does not reach the other word's stem ("randen:*" misses "rand").
  const whole = protectedLexeme(term.text);
  if (whole) return sql`(${`'${whole}'`}::tsquery || to_tsquery('pg_catalog.simple'::regconfig, ${`${foldWord(term.text)}:*`}))`;
  return sql`to_tsquery(${CONFIG}, ${term.prefix ? `${term.text}:*` : term.text})`;
}

/** The whole query: the clauses joined by AND, the terms of a clause by OR. Stop words drop out. */
function tsQuery(clauses: SearchClause[]): SQL {
  const parts = clauses.map((clause) => sql`(${sql.join(clause.terms.map(termQuery), sql` || `)})`);
  return sql`(${sql.join(parts, sql` && `)})`;
}

type WordInfo = {
  folded: string;
  known: boolean;
  similar: Array<{ word: string; distance: number }>;
  compounds: string[];
  closest: string | null;
  /** A word the database leaves out as too common ("viel", "mit"). */
  common: boolean;
};

/**
 * The typo alternatives a word is searched with: the nearest known words and their plurals
 * ("kartofel" → "kartoffel", "kartoffeln"), not a farther word ("röstii" → "rösti", not "rösten").
 */
function typoAlternatives(similar: WordInfo['similar']) {
  const nearest = similar.filter(({ distance }) => distance === similar[0]?.distance).map(({ word }) => word);
  return similar.map(({ word }) => word).filter((word) => nearest.some((near) => sameWord(word, near)));
}

/**
 * For each word: is it the start of a word some recipe uses (then it needs no
 * help), the known words at most one or two edits away (typo tolerance:
 * "Zopff" → "zopf"; one edit for words up to five letters, two beyond), known
 * compounds that end in or contain it ("Kuchen" → "apfelkuchen": a prefix
 * search cannot see those; the shortest 20), and the closest known word by
 * trigram similarity (for "Meintest du …?"), at most a third of its letters
 * away (at least two): similar trigrams alone offered «zur» for «Zürich».
 * All three use the trigram index.
 */
async function wordInfo(words: string[]): Promise<WordInfo[]> {
  if (words.length === 0) return [];
  const list = sql.join(
    words.map((word) => sql`${foldWord(word)}`),
    sql`, `,
  );
  const result = await getDb().execute(sql`
    select q.folded,
      exists (select 1 from search_words w where w.word like q.folded || '%') as known,
      numnode(plainto_tsquery(${CONFIG}, q.folded)) = 0 as common,
      coalesce((
        select json_agg(json_build_object('word', c.word, 'distance', c.distance) order by c.distance, c.similarity desc) from (
          select w.word, levenshtein(w.word, q.folded) as distance, similarity(w.word, q.folded) as similarity
          from search_words w
          where length(q.folded) >= 4 and w.word % q.folded
            and levenshtein(w.word, q.folded) <= case when length(q.folded) <= 5 then 1 else 2 end
          order by distance, similarity desc
          limit 3
        ) as c
      ), '[]'::json) as similar,
      coalesce((
        select array_agg(c.word order by length(c.word), c.word) from (
          select w.word from search_words w
          where length(q.folded) >= 4 and w.word like '%' || q.folded || '%' and w.word not like q.folded || '%'
          order by length(w.word), w.word
          limit 20
        ) as c
      ), '{}') as compounds,
      (select w.display from search_words w where w.word % q.folded
        and levenshtein(w.word, q.folded) <= greatest(2, length(q.folded) / 3)
        order by similarity(w.word, q.folded) desc, w.word limit 1) as closest
    from unnest(array[${list}]::text[]) with ordinality as q(folded, position)
    order by q.position
  `);
  return rowsOf(result) as WordInfo[];
}

/** Whether the whole query drops out as stop words: an empty tsquery (asked on empty pages only). */
async function asksForNothing(clauses: SearchClause[]) {
  const [row] = rowsOf(await getDb().execute(sql`select numnode(${tsQuery(clauses)}) = 0 as empty`)) as Array<{ empty: boolean }>;
  return row?.empty === true;
}

/** The clauses a recipe must meet, and those it must not ("ohne Eier"). */
function wantedAndUnwanted(clauses: SearchClause[]) {
  return { wanted: clauses.filter((clause) => !clause.excluded), unwanted: clauses.filter((clause) => clause.excluded) };
}

/** Whether a recipe's document meets none of the excluded clauses: not what a search for their words finds. */
function meetsNone(clauses: SearchClause[]): SQL[] {
  return clauses.map((clause) => sql`not ${meets(recipes.search, [clause])!}`);
}

/** postgres-js answers an array of rows, PGlite an object with `rows`. */
function rowsOf(result: unknown): unknown[] {
  return Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
}

function filterConditions(filters: SearchFilters): SQL[] {
  const conditions: SQL[] = [];
  const category = CATEGORIES.find((c) => c.slug === filters.category);
  if (category) conditions.push(listFilters.category(category.label));
  if (filters.tag) conditions.push(listFilters.tag(filters.tag));
  if (filters.level) conditions.push(eq(recipes.level, filters.level));
  if (filters.maxDuration) conditions.push(lte(recipes.duration, filters.maxDuration));
  return conditions;
}

/**
 * The clauses of a query with the typo alternatives of its unknown words and
 * the known compounds of every word and synonym ("Weggli" → "milchweggli").
 */
export async function expandedClauses(words: string[]) {
  const written = searchClauses(words);
  const lookups = [...new Set(written.flatMap((clause) => clause.terms.filter((term) => !term.phrase).map((term) => foldWord(term.text))))];
  // A protected word counts as known, found or not: it is no misspelling, and its nearest known word may be
  // just what it is protected from ("Randen" → "rand", "Ränder"). So it gets no typo alternatives, and stays
  // as it is in "Meintest du …?".
  const found = new Map((await wordInfo(lookups)).map((info) => [info.folded, protectedLexeme(info.folded) ? { ...info, known: true } : info]));
  const clauses = withoutPassedOn(written, found);
  const singles = clauses.filter((clause) => !clause.word.includes(' '));
  const infos = singles.map((clause) => found.get(foldWord(clause.word)));
  for (const clause of clauses) {
    const own = clause.word.includes(' ') ? undefined : found.get(foldWord(clause.word));
    // Typo alternatives only for a word no recipe uses, not even inside a compound: "Kirschen" is in
    // "Belegkirschen" and no misspelling of "mischen".
    const added = own && !own.known && own.compounds.length === 0 ? typoAlternatives(own.similar) : [];
    for (const term of clause.terms) if (!term.phrase) added.push(...(found.get(foldWord(term.text))?.compounds ?? []));
    for (const word of added) {
      if (!clause.terms.some((term) => foldWord(term.text) === word)) clause.terms.push({ text: word, prefix: false, phrase: false, expansion: true });
    }
  }
  return { clauses, infos, singles };
}

/**
 * "ohne viel Zucker": a word the database leaves out as too common cannot be left out of a recipe;
 * its "ohne" goes on to the next word, and it drops out.
 */
function withoutPassedOn(clauses: SearchClause[], found: Map<string, WordInfo>) {
  const passed: SearchClause[] = [];
  let passOn = false;
  for (const clause of clauses) {
    const common = !clause.word.includes(' ') && found.get(foldWord(clause.word))?.common === true;
    if ((clause.excluded || passOn) && common) passOn = true; // "ohne sehr viel Zucker": on past both
    else {
      passed.push(passOn && !clause.excluded ? { ...clause, excluded: true } : clause);
      passOn = false;
    }
  }
  return passed;
}

/**
 * Whether a recipe's document (the whole of it, or its title) meets every clause. A clause that
 * names a category is met by the text or by the category; the others by the text alone, where
 * stop words drop out (with a category beside them they may be all there is: "Dessert mit").
 */
function meets(document: SQL | typeof recipes.search, clauses: SearchClause[]): SQL | undefined {
  const textClauses = clauses.filter((clause) => !clause.category);
  const categoryClauses = clauses.flatMap(({ category, ...clause }) => (category ? [{ category, clause }] : []));
  const text =
    textClauses.length === 0
      ? undefined
      : categoryClauses.length === 0
        ? sql`${document} @@ ${tsQuery(textClauses)}`
        : sql`(numnode(${tsQuery(textClauses)}) = 0 or ${document} @@ ${tsQuery(textClauses)})`;
  return and(text, ...categoryClauses.map(({ category, clause }) => or(sql`${document} @@ ${tsQuery([clause])}`, listFilters.category(category))));
}

/**
 * The statements of a search page; exported so that the tests and
 * bench/search-scale.ts can EXPLAIN them. First the recipes with the words as
 * the reader wrote them (or their synonyms) in the title, then with them
 * anywhere, then those found only by what the search added (compounds, typo
 * alternatives) in the title: "Lauch" puts the leek soup before the
 * Bärlauch-Risotto. Then by ts_rank (weights: title, lead and tags,
 * ingredients, description), then newest.
 */
export function searchStatements(allClauses: SearchClause[], filters: SearchFilters, page: number, pageSize = PAGE_SIZE) {
  const db = getDb();
  // What the reader wants ranks and is marked; what they want without only leaves recipes out.
  const { wanted: clauses, unwanted } = wantedAndUnwanted(allClauses);
  const query = clauses.length > 0 ? tsQuery(clauses) : undefined;
  const asWritten = clauses.map((clause) => ({ ...clause, terms: clause.terms.filter((term) => !term.expansion) }));
  const title = sql`ts_filter(${recipes.search}, '{a}')`;
  // Without words (filters only) every hit ranks the same: newest first.
  const tier = query
    ? sql<number>`case when ${meets(title, asWritten)} then 3 when ${meets(recipes.search, asWritten)} then 2 when ${meets(title, clauses)} then 1 else 0 end`
    : sql<number>`0`;
  const where = and(query ? meets(recipes.search, clauses) : undefined, ...meetsNone(unwanted), ...filterConditions(filters));
  const rank = query ? sql<number>`ts_rank(${recipes.search}, ${query})` : sql<number>`0::real`;
  const ranking = query ? [desc(tier), desc(rank)] : [];
  const pageIds = db
    .select({ id: recipes.id, tier: tier.as('tier'), rank: rank.as('rank') })
    .from(recipes)
    .where(where)
    .orderBy(...ranking, ...newestFirst)
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .as('page_ids');
  const headline = (column: typeof recipes.title | typeof recipes.lead) =>
    query
      ? sql<string>`ts_headline(${CONFIG}, ${column}, ${query}, ${`HighlightAll=true, StartSel=${MARK_START}, StopSel=${MARK_END}`})`
      : sql<string>`${column}`;
  const rows = db
    .select({ ...summaryColumns, titleMarked: headline(recipes.title), leadMarked: headline(recipes.lead) })
    .from(recipes)
    .leftJoin(images, eq(recipes.imageId, images.id))
    .innerJoin(pageIds, eq(recipes.id, pageIds.id))
    .orderBy(...(query ? [desc(pageIds.tier), desc(pageIds.rank)] : []), ...newestFirst);
  const total = db.select({ total: count() }).from(recipes).where(where);
  return { rows, total };
}

/** Page `page` of the recipes matching the words and filters (no words: all recipes the filters let through, newest first). */
export async function searchRecipes(words: string[], filters: SearchFilters, page = 1, pageSize = PAGE_SIZE): Promise<SearchResult> {
  const { clauses, infos, singles } = await expandedClauses(words);
  // Only words left out here ("für", "Rezept", "und", "ohne"): as "mit" alone (below), the query asks for nothing.
  if (clauses.length === 0 && words.length > 0) {
    return { recipes: [], page, pageCount: pageCountFor(0, pageSize), total: 0, onlyCommonWords: true };
  }
  const statements = searchStatements(clauses, filters, page, pageSize);
  const [rows, [counted]] = await Promise.all([statements.rows, statements.total]);
  const total = counted?.total ?? 0;
  const { wanted } = wantedAndUnwanted(clauses);
  const kept = protectedFormsOf(wanted);
  const result: SearchResult = {
    recipes: rows.map((row) => ({
      ...toSummary(row),
      titleMarked: withProtectedWordsMarked(row.titleMarked, kept),
      leadMarked: withProtectedWordsMarked(row.leadMarked, kept),
    })),
    page,
    pageCount: pageCountFor(total, pageSize),
    total,
  };
  // Only stop words ("mit"): the query asks for nothing, and a spelling tip would mislead.
  if (total === 0 && wanted.length > 0 && (await asksForNothing(wanted))) return { ...result, onlyCommonWords: true };
  if (total === 0 && singles.length > 0) {
    // Unknown words replaced by the closest known ones, or left out where none is
    // close; words that are known stay. A word of the synonym list that no recipe
    // uses yet is left out, never replaced: "Glace" is no misspelling of "glatt".
    let changed = false;
    const replaced = clauses.flatMap((clause) => {
      const index = singles.indexOf(clause);
      const info = index >= 0 ? infos[index] : undefined;
      const without = clause.excluded ? ['ohne'] : [];
      if (!info || info.known) return [...without, clause.word];
      changed = true;
      return info.closest && !isSynonym(clause.word) ? [...without, info.closest] : [];
    });
    // Offered only if it finds something itself (with the same filters): one more count, on empty pages only.
    if (changed && replaced.length > 0) {
      const [found] = await searchStatements((await expandedClauses(replaced)).clauses, filters, 1, 1).total;
      if ((found?.total ?? 0) > 0) result.suggestion = replaced.join(' ');
    }
  }
  return result;
}
