// From the words of a query to what the database looks for: each word (or a
// phrase of the synonym list, such as "Rote Bete") becomes one clause, and a
// recipe must match every clause. A clause matches when any of its terms does:
// the word itself (as a prefix from three letters on, so "Apfel" finds "Apfelkuchen") and the other
// words of its synonym groups (search-synonyms.ts). Pure: no database here.
import { CATEGORIES, type Category } from '../../utils/catalog.ts';
import { queryWords } from '../../utils/search-params.ts';
import { SYNONYM_GROUPS } from './search-synonyms.ts';

/**
 * Marks around a match in a search hit's title and lead (ts_headline's StartSel
 * and StopSel): control characters, which no saved text contains (plain-text
 * checks), so they can never be confused with what a user wrote.
 */
export const MARK_START = '\u0002';
export const MARK_END = '\u0003';

/**
 * A term: a word (matched as a prefix when `prefix`) or a phrase of words in a row; `expansion` when
 * the search added it (a compound that contains the word, a typo's alternative), not the reader.
 */
export type SearchTerm = { text: string; prefix: boolean; phrase: boolean; expansion?: true };

/**
 * One clause: the word as typed, the terms any of which satisfies it, and the category it names
 * ("Nachspeise": Dessert), which satisfies it too. An `excluded` clause is one a recipe must not
 * meet: the reader wrote "ohne" before it ("Kuchen ohne Eier").
 */
export type SearchClause = { word: string; terms: SearchTerm[]; category?: Category; excluded?: true };

/** Lower case, "ß" as "ss", accents and umlauts dropped: how the database folds words (unaccent). */
export function foldWord(word: string) {
  return word.toLocaleLowerCase('de-CH').replaceAll('ß', 'ss').normalize('NFD').replace(/\p{M}/gu, '');
}

/**
 * Words that German stemming merges with another word, kept whole in the search
 * document (drizzle/0009_protected-search-words.sql, which names the same words):
 * each folded form and the lexeme it is stored as. "Randen" and "Rande"
 * (beetroot) would otherwise stem to "rand", the edge of a tin. The lexeme's "="
 * cannot be typed into a search, nor found by a prefix ("Rand").
 */
const PROTECTED_WORDS: ReadonlyMap<string, string> = new Map([
  ['rande', '=randen'],
  ['randen', '=randen'],
]);

/** The lexeme a word is kept as whole (see PROTECTED_WORDS), or undefined for a word that is stemmed as usual. */
export function protectedLexeme(word: string) {
  return PROTECTED_WORDS.get(foldWord(word));
}

/** The folded forms of the protected words a query's terms look for: "Randen" looks for "rande" and "randen". */
export function protectedFormsOf(clauses: SearchClause[]): Set<string> {
  const lexemes = new Set(clauses.flatMap((clause) => clause.terms.map((term) => protectedLexeme(term.text))));
  return new Set([...PROTECTED_WORDS].filter(([, lexeme]) => lexemes.has(lexeme)).map(([form]) => form));
}

/** A word of a hit's text, with the database's marks around it if it has them. */
const MAYBE_MARKED_WORD = new RegExp(`(${MARK_START}?)([\\p{L}\\p{N}]+)(${MARK_END}?)`, 'gu');

/**
 * A hit's marked text with its protected words marked as the query asks: the
 * database marks by stem, and a protected word's stem is another word's
 * ("rand"). So it cannot mark "Randen" for "Randen", and marks it for "Rand".
 */
export function withProtectedWordsMarked(text: string, forms: Set<string>) {
  return text.replace(MAYBE_MARKED_WORD, (whole, start: string, word: string, end: string) => {
    if (!PROTECTED_WORDS.has(foldWord(word)) || start.length !== end.length) return whole;
    return forms.has(foldWord(word)) ? `${MARK_START}${word}${MARK_END}` : word;
  });
}

/** Endings by which a German plural differs from its word. */
const ENDINGS = new Set(['', 'e', 'n', 'en', 's', 'er', 'es', 'nen']);

/** Whether two folded words are one word in singular and plural ("kartoffel", "kartoffeln"). */
export function sameWord(a: string, b: string) {
  // "Rand" is no singular of "Randen": a protected word is only itself.
  if (PROTECTED_WORDS.has(a) || PROTECTED_WORDS.has(b)) return PROTECTED_WORDS.get(a) === PROTECTED_WORDS.get(b);
  if (a.startsWith(b)) return ENDINGS.has(a.slice(b.length));
  if (b.startsWith(a)) return ENDINGS.has(b.slice(a.length));
  return false;
}

type Member = { folded: string[]; group: number };

/** Every word and phrase of the synonym groups, folded and split into words. */
const MEMBERS: Member[] = SYNONYM_GROUPS.flatMap((group, index) =>
  group.map((entry) => ({ folded: queryWords(entry).map(foldWord), group: index })),
);

function termFor(entry: string): SearchTerm | undefined {
  const words = queryWords(entry);
  if (words.length === 0) return undefined;
  if (words.length > 1) return { text: words.join(' '), prefix: false, phrase: true };
  // Short words only as a whole: "Eis" must not find "Eisen" or "Eischnee".
  return { text: words[0]!, prefix: words[0]!.length >= 4, phrase: false };
}

/** The groups that `folded` (one or more words of the query) belongs to. */
function groupsOf(folded: string[]) {
  const groups = new Set<number>();
  for (const member of MEMBERS) {
    if (member.folded.length !== folded.length) continue;
    // Every word but the last exactly; the last may carry a plural ending ("Rote Beten"), unless it
    // is too short to tell ("Eis" is no plural of "Ei").
    const same = member.folded.every((word, i) => (i === folded.length - 1 && word.length > 2 ? sameWord(folded[i]!, word) : folded[i] === word));
    if (same) groups.add(member.group);
  }
  return groups;
}

/** Whether a word (or its plural) is one of the synonym list's. */
export function isSynonym(word: string) {
  return groupsOf([foldWord(word)]).size > 0;
}

function clauseFor(words: string[], groups: Set<number>, excluded: boolean): SearchClause {
  const own: SearchTerm =
    // A word of one or two letters only as a whole: "Ei" is no start of "einfach".
    words.length > 1 ? { text: words.join(' '), prefix: false, phrase: true } : { text: words[0]!, prefix: words[0]!.length >= 3, phrase: false };
  const terms = [own];
  const seen = new Set([foldWord(own.text)]);
  for (const group of groups) {
    for (const entry of SYNONYM_GROUPS[group]!) {
      const term = termFor(entry);
      if (!term || seen.has(foldWord(term.text))) continue;
      seen.add(foldWord(term.text));
      terms.push(term);
    }
  }
  // A category's name (or a synonym of it, or its plural) also finds the recipes filed under it,
  // whose text need not say so: "Hauptgang" finds Capuns.
  const category = CATEGORIES.find(({ label }) => terms.some((term) => !term.phrase && sameWord(foldWord(term.text), foldWord(label))))?.label;
  return { word: words.join(' '), terms, ...(category ? { category } : {}), ...(excluded ? { excluded: true as const } : {}) };
}

/**
 * Words a reader adds to a search out of habit ("Zopf Rezept"): every page here is a recipe, and no
 * recipe's text says so. Required like any other word, they would leave every search empty.
 */
const FILLER_WORDS = new Set(['rezept', 'rezepte', 'rezepten']);

/**
 * The German stop words with umlauts or ß ("für", "über", "daß"), folded: the database folds a word
 * before its stop-word list sees it, so it would search "fur" as a word that must be there. Left
 * out here, as the database leaves out "und".
 */
const FOLDED_STOP_WORDS = new Set(['fur', 'uber', 'konnen', 'konnte', 'wahrend', 'wurde', 'wurden', 'dass']);

/** "ohne Eier": the word after it is one a recipe must not have. A stop word, which the database leaves out. */
const WITHOUT = 'ohne';
/** "ohne Eier und Milch", "ohne Nüsse oder Mandeln": the next word is left out as well. Stop words too. */
const AND_OR = new Set(['und', 'oder']);
/** Articles, stop words all: "ohne die Eier" is "ohne Eier". */
const ARTICLES = new Set(['der', 'die', 'das', 'den', 'dem', 'des', 'ein', 'eine', 'einen', 'einem', 'einer', 'eines']);

/**
 * The clauses of a query's words (see queryWords): phrases of the synonym list first, then single
 * words; filler and stop words with umlauts left out. A clause right after "ohne" is excluded, and
 * so is one after "und" or "oder" that follows an excluded one.
 */
export function searchClauses(queryWordsWithFiller: string[]): SearchClause[] {
  // Each word that counts, with the joining word right before it ("ohne", "und", "oder"), if any.
  const words: Array<{ word: string; after?: string }> = [];
  let joiner: string | undefined;
  for (const word of queryWordsWithFiller) {
    const folded = foldWord(word);
    if (folded === WITHOUT || AND_OR.has(folded)) joiner = folded;
    else if (!FILLER_WORDS.has(folded) && !FOLDED_STOP_WORDS.has(folded) && !ARTICLES.has(folded)) {
      words.push(joiner ? { word, after: joiner } : { word });
      joiner = undefined;
    }
  }
  const clauses: SearchClause[] = [];
  let i = 0;
  while (i < words.length) {
    const first = words[i]!;
    const excluded = first.after === WITHOUT || (first.after !== undefined && AND_OR.has(first.after) && clauses.at(-1)?.excluded === true);
    let taken = 0;
    for (const length of [3, 2]) {
      if (i + length > words.length) continue;
      const slice = words.slice(i, i + length);
      // A phrase of the synonym list is written in a row: "Rote Bete", not "Rote und Bete".
      if (slice.slice(1).some((w) => w.after !== undefined)) continue;
      const groups = groupsOf(slice.map((w) => foldWord(w.word)));
      if (groups.size > 0) {
        clauses.push(clauseFor(slice.map((w) => w.word), groups, excluded));
        taken = length;
        break;
      }
    }
    if (taken === 0) {
      clauses.push(clauseFor([first.word], groupsOf([foldWord(first.word)]), excluded));
      taken = 1;
    }
    i += taken;
  }
  return clauses;
}
