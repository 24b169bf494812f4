// The search page's address (/suche?q=…&kategorie=…&stichwort=…&stufe=…&dauer=…&seite=N),
// read the same way by the route and written the same way by its links.
// Every value is checked: what names nothing known is dropped (and the page
// says so), so no address, however odd, makes the search fail.
import { CATEGORIES, LEVELS, TAGS, type CategorySlug, type Level, type Tag } from './catalog.ts';

export const SEARCH_PATH = '/suche';

/** Longest query kept (characters); the rest is cut off. */
export const MAX_QUERY_LENGTH = 100;
/** Words of a query that count; more are dropped. */
export const MAX_QUERY_WORDS = 8;
/** Longest word kept (characters); no German word needs more. */
const MAX_WORD_LENGTH = 40;

/** The choices of the "höchstens … Minuten" filter. */
export const DURATION_CHOICES = [15, 30, 45, 60, 90, 120, 180] as const;

export type SearchFilters = {
  category?: CategorySlug;
  tag?: Tag;
  level?: Level;
  maxDuration?: number;
};

export type SearchRequest = {
  /** The query as shown back in the field (cleaned, capped). */
  query: string;
  /** The query's words: letters and digits only. */
  words: string[];
  filters: SearchFilters;
  page: number;
  /** German names of filters whose value was not understood (and is ignored). */
  ignored: string[];
  /** The query was longer than MAX_QUERY_LENGTH or had more than MAX_QUERY_WORDS words: only its start is searched. */
  shortened: boolean;
};

const PARAM = { query: 'q', category: 'kategorie', tag: 'stichwort', level: 'stufe', duration: 'dauer', page: 'seite' } as const;

/** Control characters, unpaired surrogates and other invisible junk become spaces. */
function cleanText(value: string) {
  return value
    .replace(/[\p{Cc}\p{Cf}\p{Co}\p{Cs}\p{Zl}\p{Zp}]/gu, ' ')
    .normalize('NFC')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Every word of a query: runs of letters and digits. */
function allWords(query: string): string[] {
  return query.match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** The words of a query that are searched: at most MAX_QUERY_WORDS, each at most MAX_WORD_LENGTH long. */
export function queryWords(query: string): string[] {
  return allWords(query).slice(0, MAX_QUERY_WORDS).map((word) => word.slice(0, MAX_WORD_LENGTH));
}

function first(url: URL, name: string) {
  return url.searchParams.get(name) ?? '';
}

export function readSearchRequest(url: URL): SearchRequest {
  const fullQuery = cleanText(first(url, PARAM.query));
  const query = startOf(fullQuery);
  const filters: SearchFilters = {};
  const ignored: string[] = [];

  const category = first(url, PARAM.category);
  const knownCategory = CATEGORIES.find((c) => c.slug === category);
  if (knownCategory) filters.category = knownCategory.slug;
  else if (category) ignored.push('Kategorie');

  const tag = first(url, PARAM.tag);
  const knownTag = TAGS.find((t) => t === tag);
  if (knownTag) filters.tag = knownTag;
  else if (tag) ignored.push('Stichwort');

  const level = first(url, PARAM.level);
  const knownLevel = LEVELS.find((l) => l === level);
  if (knownLevel) filters.level = knownLevel;
  else if (level) ignored.push('Schwierigkeit');

  const duration = first(url, PARAM.duration);
  if (/^[1-9]\d{0,3}$/.test(duration) && Number(duration) <= 4320) filters.maxDuration = Number(duration);
  else if (duration) ignored.push('Dauer');

  // A page that names no page is the first; one beyond the last is the route's 404.
  const page = first(url, PARAM.page);
  const words = queryWords(query);
  const shortened = query !== fullQuery || allWords(fullQuery).length > MAX_QUERY_WORDS;
  return { query, words, filters, page: /^[1-9]\d{0,5}$/.test(page) ? Number(page) : 1, ignored, shortened };
}

/** The query's first MAX_QUERY_LENGTH characters, cut after a whole word where there is one. */
function startOf(query: string) {
  if (query.length <= MAX_QUERY_LENGTH) return query;
  const start = query.slice(0, MAX_QUERY_LENGTH);
  const lastSpace = start.lastIndexOf(' ');
  return (lastSpace > 0 && /[\p{L}\p{N}]/u.test(query[MAX_QUERY_LENGTH]!) ? start.slice(0, lastSpace) : start).trim();
}

/** The query string of a search (without `?`), leaving out what is empty; page 1 has no `seite`. */
export function searchParamsFor(query: string, filters: SearchFilters, page = 1) {
  const params = new URLSearchParams();
  if (query) params.set(PARAM.query, query);
  if (filters.category) params.set(PARAM.category, filters.category);
  if (filters.tag) params.set(PARAM.tag, filters.tag);
  if (filters.level) params.set(PARAM.level, filters.level);
  if (filters.maxDuration) params.set(PARAM.duration, String(filters.maxDuration));
  if (page > 1) params.set(PARAM.page, String(page));
  return params.toString();
}

export function searchHref(query: string, filters: SearchFilters = {}, page = 1) {
  const params = searchParamsFor(query, filters, page);
  return params ? `${SEARCH_PATH}?${params}` : SEARCH_PATH;
}

export function hasFilters(filters: SearchFilters) {
  return Boolean(filters.category || filters.tag || filters.level || filters.maxDuration);
}

export const SEARCH_PARAM_NAMES = PARAM;
