// The search (/suche) on a real database (PGlite here, PostgreSQL in the
// "postgres" lane): stemming, umlaut folding, prefixes, typos, the synonym
// groups, filters, ranking, marks, hostile input, and a plan that uses the index.
import { sql, type SQL } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { getDb } from '../../app/db/client.server.ts';
import { expandedClauses, searchRecipes, searchStatements } from '../../app/features/recipes/recipe-search.server.ts';
import { MARK_END, MARK_START } from '../../app/features/recipes/search-terms.ts';
import { vacuumAnalyze } from '../../app/lib/db-maintenance.server.ts';
import { queryWords, readSearchRequest, type SearchFilters } from '../../app/utils/search-params.ts';
import { insertBulkRecipes } from '../../scripts/seed/bulk-recipes.ts';
import { createRecipe, createUser } from '../support/factories.ts';
import { useTestDatabase } from '../support/test-db.ts';

const database = useTestDatabase();

async function titles(query: string, filters: SearchFilters = {}) {
  const result = await searchRecipes(queryWords(query), filters);
  return result.recipes.map((r) => r.title);
}

const plain = { lead: 'Ein Rezept.', description: 'Zubereiten.', ingredients: [{ name: 'Salz', amount: '1 Prise' }], tags: [] as string[] };

test('stemming, umlaut folding, prefixes, typos and compounds', async () => {
  const heidi = await createUser();
  await createRecipe(heidi, { ...plain, title: 'Berner Rösti', lead: 'Aus gekochten Kartoffeln.', category: 'Hauptgang' });
  await createRecipe(heidi, { ...plain, title: 'Apfelkuchen vom Blech', category: 'Backen', tags: ['Torten & Kuchen'] });
  await createRecipe(heidi, { ...plain, title: 'Zopf', lead: 'Der Sonntagszopf wie von Grossmutter.', category: 'Backen' });
  await createRecipe(heidi, { ...plain, title: 'Kartoffelsalat', lead: 'Mit einer Kartoffel zu viel.', category: 'Vorspeise' });

  expect(await titles('Kartoffeln')).toEqual(expect.arrayContaining(['Berner Rösti', 'Kartoffelsalat']));
  expect(await titles('Rosti')).toEqual(['Berner Rösti']);
  expect(await titles('RÖSTI')).toEqual(['Berner Rösti']);
  expect(await titles('Apfel')).toEqual(['Apfelkuchen vom Blech']);
  expect(await titles('Zopff')).toEqual(['Zopf']);
  expect(await titles('Kartofel')).toEqual(expect.arrayContaining(['Berner Rösti', 'Kartoffelsalat']));
  // The end of a compound: "Kuchen" finds "Apfelkuchen" (from the word list).
  expect(await titles('Kuchen')).toEqual(['Apfelkuchen vom Blech']);
  // Two words: both must match.
  expect(await titles('Rösti Kartoffeln')).toEqual(['Berner Rösti']);
  expect(await titles('Rösti Apfel')).toEqual([]);
});

test('Randen (beetroot) is not Rand (a rim): the stemmer would make both "rand", so the word is kept whole', async () => {
  const vreni = await createUser();
  // Before any recipe has beetroot: "Randen" is no typo of "Rand".
  await createRecipe(vreni, { ...plain, title: 'Linzertorte', description: 'Den Teig am Rand der Form hochziehen.', category: 'Backen' });
  expect(await titles('Randen')).toEqual([]);
  expect((await searchRecipes(queryWords('Randen'), {})).suggestion).toBeUndefined();
  await createRecipe(vreni, { ...plain, title: 'Randensalat mit Baumnüssen', category: 'Vorspeise' });
  await createRecipe(vreni, { ...plain, title: 'Gebratene Randen', lead: 'Eine Rande pro Person.', category: 'Hauptgang' });
  await createRecipe(vreni, { ...plain, title: 'Rote Bete Carpaccio', category: 'Vorspeise' });
  await createRecipe(vreni, { ...plain, title: 'Wähe', description: 'Die Ränder mit Ei bestreichen.', category: 'Backen' });

  const beetroot = ['Gebratene Randen', 'Randensalat mit Baumnüssen', 'Rote Bete Carpaccio'];
  expect((await titles('Randen')).toSorted()).toEqual(beetroot);
  expect((await titles('Rande')).toSorted()).toEqual(beetroot);
  expect((await titles('Rote Bete')).toSorted()).toEqual(beetroot);
  // The rim is still found as a rim; of the beetroot, only the compound its prefix reaches (as "Rahm" finds "Rahmsauce").
  expect((await titles('Rand')).toSorted()).toEqual(['Linzertorte', 'Randensalat mit Baumnüssen', 'Wähe']);

  // Marked in the hits as the query asks, though the database marks by stem: "Randen" for Randen, not for Rand.
  const marked = async (query: string) =>
    Object.fromEntries((await searchRecipes(queryWords(query), {})).recipes.map((hit) => [hit.title, [hit.titleMarked, hit.leadMarked]]));
  const mark = (word: string) => `${MARK_START}${word}${MARK_END}`;
  expect((await marked('Randen'))['Gebratene Randen']).toEqual([`Gebratene ${mark('Randen')}`, `Eine ${mark('Rande')} pro Person.`]);
  expect((await marked('Rote Bete'))['Gebratene Randen']).toEqual([`Gebratene ${mark('Randen')}`, `Eine ${mark('Rande')} pro Person.`]);
  await createRecipe(vreni, { ...plain, title: 'Tarte mit Randen und knusprigem Rand', category: 'Backen' });
  expect((await marked('Randen Rand'))['Tarte mit Randen und knusprigem Rand']?.[0]).toBe(`Tarte mit ${mark('Randen')} und knusprigem ${mark('Rand')}`);
  expect((await marked('Rand'))['Tarte mit Randen und knusprigem Rand']?.[0]).toBe(`Tarte mit Randen und knusprigem ${mark('Rand')}`);
});

test('ingredients, tags and description are searched; title matches rank first', async () => {
  const beat = await createUser();
  await createRecipe(beat, { ...plain, title: 'Marroni-Suppe', description: 'Die Haselnüsse rösten.', createdAt: new Date(Date.now() - 60_000) });
  await createRecipe(beat, { ...plain, title: 'Haselnussstängeli', lead: 'Weihnachtsguetzli.' });
  await createRecipe(beat, { ...plain, title: 'Birnbrot', ingredients: [{ name: 'Haselnüsse, gehackt', amount: '100 g' }] });
  expect(await titles('Haselnuss')).toEqual(['Haselnussstängeli', 'Birnbrot', 'Marroni-Suppe']);
  await createRecipe(beat, { ...plain, title: 'Sommersalat', tags: ['Sommer'] });
  expect(await titles('Sommer')).toContain('Sommersalat');
});

test('every synonym group: each word finds the recipes of the others', async () => {
  const anna = await createUser();
  const pairs: Array<[search: string, title: string]> = [
    ['Rüebli', 'Karottenkuchen'],
    ['Karotte', 'Rüeblitorte'],
    ['Möhre', 'Rüeblitorte'],
    ['Rahm', 'Sahnesauce'],
    ['Sahne', 'Rahmschnitzel'],
    ['Peperoni', 'Paprikagemüse'],
    ['Paprika', 'Gefüllte Peperoni'],
    ['Poulet', 'Hähnchenbrust'],
    ['Hähnchen', 'Pouletgeschnetzeltes'],
    ['Zucchetti', 'Zucchinipuffer'],
    ['Zucchini', 'Zucchettigratin'],
    ['Nüsslisalat', 'Feldsalat mit Ei'],
    ['Feldsalat', 'Nüsslisalat mit Speck'],
    ['Cervelat', 'Zervelatsalat'],
    ['Zervelat', 'Cervelat vom Grill'],
    ['Randen', 'Rote Bete Carpaccio'],
    ['Rote Bete', 'Randensalat'],
    ['Weggli', 'Brötchen zum Frühstück'],
    ['Brötchen', 'Milchweggli'],
    ['Glace', 'Eis mit Beeren'],
    ['Eis', 'Vanilleglace'],
    ['Guetzli', 'Plätzchen vom Blech'],
    ['Plätzchen', 'Mailänderli Guetzli'],
    ['Kekse', 'Guetzliteig'],
    ['Znüni', 'Zwischenmahlzeit für Kinder'],
    ['Gipfeli', 'Croissant au beurre'],
    ['Croissant', 'Buttergipfeli'],
    ['Stangensellerie', 'Staudensellerie-Salat'],
    ['Staudensellerie', 'Stangensellerie mit Dip'],
    ['Schoggi', 'Schokoladenkuchen'],
    ['Schokolade', 'Schoggicreme'],
    ['Müsli', 'Birchermüesli'],
    ['Gschnätzlets', 'Zürcher Geschnetzeltes'],
    ['Geschnätzlets', 'Kalbsgeschnetzeltes'],
    ['Geschnetzeltes', 'Gschnätzlets mit Rösti'],
    ['Chäs', 'Käseschnitte'],
    ['Käse', 'Chässuppe'],
    ['Walnüsse', 'Baumnusstorte'],
    ['Baumnüsse', 'Walnussbrot'],
    ['Haselnüsse', 'Haselnusscreme'],
    ['Kastanien', 'Marronicreme'],
    ['Gruyère', 'Greyerzer Fondue'],
    ['Petersilie', 'Peterli-Sauce'],
    ['Makkaroni', 'Älplermagronen'],
    ['Vegi', 'Vegetarische Lasagne'],
    ['Nachspeise', 'Dessertteller'],
    ['Hauptgericht', 'Hauptgang vom Grill'],
  ];
  for (const [, title] of pairs) await createRecipe(anna, { ...plain, title, category: 'Apéro' });
  for (const [search, title] of pairs) {
    expect(await titles(search, { category: 'apero' }), `${search} → ${title}`).toContain(title);
  }
  // Plurals of a synonym: "Karotten" finds "Rüeblitorte".
  expect(await titles('Karotten', { category: 'apero' })).toContain('Rüeblitorte');
  // Short synonyms match whole words only: "Eis" does not find "Eisenpfanne".
  await createRecipe(anna, { ...plain, title: 'Eisenpfanne einbrennen', category: 'Apéro' });
  expect(await titles('Glace', { category: 'apero' })).not.toContain('Eisenpfanne einbrennen');
});

test('Ei and Eier find each other; a word of two letters is no prefix, and "Eis" is no egg', async () => {
  const ueli = await createUser();
  await createRecipe(ueli, { ...plain, title: 'Spiegel mit Speck', ingredients: [{ name: 'Ei', amount: '1' }] });
  await createRecipe(ueli, { ...plain, title: 'Omelette', ingredients: [{ name: 'Eier', amount: '3' }] });
  await createRecipe(ueli, { ...plain, title: 'Einfacher Salat' });
  for (const query of ['Eier', 'Ei']) {
    const found = await titles(query);
    expect(found, query).toEqual(expect.arrayContaining(['Omelette', 'Spiegel mit Speck']));
    expect(found, query).not.toContain('Einfacher Salat');
  }
  expect(await titles('Eis')).not.toContain('Spiegel mit Speck');
});

test('"ohne" leaves out what its word finds: "Kuchen ohne Eier", also with "und"/"oder", an article or a phrase', async () => {
  const rosa = await createUser();
  const cakes = ['Zimtkuchen mit Apfel', 'Eierkuchen mit Milch', 'Rüeblikuchen', 'Nusskuchen', 'Randenkuchen'];
  const ingredients = ['Äpfel', 'Milch', 'Eier', 'Haselnüsse', 'Rote Bete'];
  for (const [i, title] of cakes.entries()) {
    await createRecipe(rosa, { ...plain, title, ingredients: [{ name: 'Mehl', amount: '200 g' }, { name: ingredients[i]!, amount: '2' }] });
  }
  /** The cakes of this test a query finds (the other tests' recipes share the database). */
  const found = async (query: string) => (await titles(query)).filter((title) => cakes.includes(title)).sort();

  // What "Eier" finds (in the ingredients, in a title's compound) is what "ohne Eier" leaves out.
  expect(await found('Kuchen ohne Eier')).toEqual(['Nusskuchen', 'Randenkuchen', 'Zimtkuchen mit Apfel']);
  expect(await found('Kuchen ohne die Eier')).toEqual(['Nusskuchen', 'Randenkuchen', 'Zimtkuchen mit Apfel']);
  // A word the database leaves out as too common cannot be left out: "ohne" goes on to the next one.
  expect(await found('Kuchen ohne viel Eier')).toEqual(['Nusskuchen', 'Randenkuchen', 'Zimtkuchen mit Apfel']);
  expect(await found('Kuchen ohne sehr viel Eier')).toEqual(['Nusskuchen', 'Randenkuchen', 'Zimtkuchen mit Apfel']);
  expect(await found('Kuchen ohne Eier und Nüsse')).toEqual(['Randenkuchen', 'Zimtkuchen mit Apfel']);
  expect(await found('Kuchen ohne Eier oder Nüsse')).toEqual(['Randenkuchen', 'Zimtkuchen mit Apfel']);
  // "ohne" goes with the next word only: "Apfel" is wanted again.
  expect(await found('Kuchen ohne Milch Apfel')).toEqual(['Zimtkuchen mit Apfel']);
  // A phrase of the synonym list is left out whole (and its synonyms with it: "Randen").
  expect(await found('Kuchen ohne Rote Bete')).toEqual(['Eierkuchen mit Milch', 'Nusskuchen', 'Rüeblikuchen', 'Zimtkuchen mit Apfel']);
  // Alone, "ohne Eier" is every recipe that has none, newest first; nothing is marked.
  const alone = await searchRecipes(queryWords('ohne Eier'), {});
  expect(alone.recipes.map((r) => r.title).filter((title) => cakes.includes(title))).toEqual(['Randenkuchen', 'Nusskuchen', 'Zimtkuchen mit Apfel']);
  expect(alone.recipes.some((r) => r.titleMarked.includes(MARK_START) || r.leadMarked.includes(MARK_START))).toBe(false);
  // "ohne" alone asks for nothing, as a stop word does.
  const nothing = await searchRecipes(queryWords('ohne'), {});
  expect([nothing.total, nothing.onlyCommonWords]).toEqual([0, true]);
});

test('"Rezept" is left out of a search: no recipe says it is one', async () => {
  const vreni = await createUser();
  await createRecipe(vreni, { ...plain, title: 'Luzerner Chügelipastete', category: 'Hauptgang' });
  await createRecipe(vreni, { ...plain, title: 'Glarner Zigerbrüt', category: 'Apéro' });
  expect(await titles('Chügelipastete Rezept')).toEqual(['Luzerner Chügelipastete']);
  expect(await titles('Zigerbrüt')).toEqual(['Glarner Zigerbrüt']);
  expect(await titles('für Zigerbrüt')).toEqual(['Glarner Zigerbrüt']);
  expect(await titles('Rezept für Zigerbrüt')).toEqual(['Glarner Zigerbrüt']);
  // Alone, it asks for nothing, as "und" alone does.
  const alone = await searchRecipes(queryWords('Rezepte'), {});
  expect([alone.total, alone.onlyCommonWords]).toEqual([0, true]);
});

test('the word as written ranks before the compounds the search adds: "Lauch" puts the leek soup before the Bärlauch-Risotto', async () => {
  const ueli = await createUser();
  await createRecipe(ueli, { ...plain, title: 'Bärlauch-Risotto', category: 'Hauptgang' });
  await createRecipe(ueli, { ...plain, title: 'Bündner Gerstensuppe', category: 'Vorspeise', ingredients: [{ name: 'Lauch', amount: '1 Stange' }] });
  await createRecipe(ueli, { ...plain, title: 'Lauchwähe', category: 'Backen' });
  expect(await titles('Lauch')).toEqual(['Lauchwähe', 'Bündner Gerstensuppe', 'Bärlauch-Risotto']);
});

test('a category\'s name finds the recipes filed under it, whose text need not say so', async () => {
  const ueli = await createUser();
  await createRecipe(ueli, { ...plain, title: 'Bündner Capuns', category: 'Hauptgang' });
  await createRecipe(ueli, { ...plain, title: 'Glarner Pastete', category: 'Dessert' });
  await createRecipe(ueli, { ...plain, title: 'Capuns-Apéro', category: 'Apéro', lead: 'Klein, als Hauptgang zu wenig.' });
  // The recipe filed under it first, then the one whose text says it.
  expect(await titles('Hauptgang Capuns')).toEqual(['Bündner Capuns', 'Capuns-Apéro']);
  // Beside stop words only, the category alone.
  const alone = await searchRecipes(queryWords('Hauptgang'), {});
  expect(alone.total).toBeGreaterThan(0);
  expect((await searchRecipes(queryWords('Hauptgang mit'), {})).total).toBe(alone.total);
  expect(await titles('Capuns', { category: 'hauptgang' })).toEqual(['Bündner Capuns']);
  // By a synonym and in the plural.
  expect(await titles('Nachspeise Pastete')).toEqual(['Glarner Pastete']);
  expect(await titles('Desserts Pastete')).toEqual(['Glarner Pastete']);
  expect(await titles('Vorspeise Capuns')).toEqual([]);
});

test('typo alternatives: only the nearest known words, and none for a word known inside a compound', async () => {
  const vreni = await createUser();
  await createRecipe(vreni, { ...plain, title: 'Berner Rösti', lead: 'Zwiebeln kurz rösten.' });
  await createRecipe(vreni, { ...plain, title: 'Vermicelles', ingredients: [{ name: 'Belegkirschen', amount: '4' }] });
  await createRecipe(vreni, { ...plain, title: 'Salatsauce', lead: 'Alles gut mischen.' });
  // "Kirschen" is in "Belegkirschen": found as it is, and "mischen" (two edits) is no alternative.
  expect(await titles('Kirschen')).toEqual(['Vermicelles']);
  // "rosti" is one edit from "röstii", "rosten" two: only the nearest is added.
  const [rosti] = (await expandedClauses(queryWords('Röstii'))).clauses;
  expect(rosti!.terms.map((term) => term.text)).toEqual(['Röstii', 'rosti']);
});

test('filters combine with the words and stand alone', async () => {
  const ruth = await createUser();
  await createRecipe(ruth, { ...plain, title: 'Schnelle Johannisbeerwähe', category: 'Dessert', level: 'Einfach', duration: 25, tags: ['Sommer', 'Süss'] });
  await createRecipe(ruth, { ...plain, title: 'Aufwendige Johannisbeertorte', category: 'Backen', level: 'Schwierig', duration: 240, tags: ['Torten & Kuchen'] });
  expect(await titles('Johannisbeeren')).toHaveLength(2);
  expect(await titles('Johannisbeeren', { category: 'dessert' })).toEqual(['Schnelle Johannisbeerwähe']);
  expect(await titles('Johannisbeeren', { tag: 'Torten & Kuchen' })).toEqual(['Aufwendige Johannisbeertorte']);
  expect(await titles('Johannisbeeren', { level: 'Schwierig' })).toEqual(['Aufwendige Johannisbeertorte']);
  expect(await titles('Johannisbeeren', { maxDuration: 30 })).toEqual(['Schnelle Johannisbeerwähe']);
  expect(await titles('Johannisbeeren', { maxDuration: 30, level: 'Schwierig' })).toEqual([]);
  // Filters alone: newest first.
  expect(await titles('', { level: 'Schwierig', tag: 'Torten & Kuchen' })).toEqual(['Aufwendige Johannisbeertorte']);
});

test('matches are marked in title and lead; nothing found suggests a close known word', async () => {
  const urs = await createUser();
  await createRecipe(urs, { ...plain, title: 'Glarner Birnbrot', lead: 'Mit gedörrten Birnen und <b>Nüssen</b>.' });
  const [hit] = (await searchRecipes(queryWords('birne'), {})).recipes;
  expect(hit!.titleMarked).toBe(`Glarner ${MARK_START}Birnbrot${MARK_END}`);
  expect(hit!.leadMarked).toBe(`Mit gedörrten ${MARK_START}Birnen${MARK_END} und <b>Nüssen</b>.`);

  const none = await searchRecipes(queryWords('Birnbrrroot'), {});
  expect(none.total).toBe(0);
  expect(none.suggestion).toBe('Birnbrot');
  // A word with nothing close is left out of the suggestion.
  expect((await searchRecipes(queryWords('Birnbrot Qxzvwq'), {})).suggestion).toBe('Birnbrot');
  expect((await searchRecipes(queryWords('Qxzvwq'), {})).suggestion).toBeUndefined();
  // Sharing trigrams is not enough: «zur» (in a lead) is three edits from «Zürich», and is left out.
  await createRecipe(urs, { ...plain, title: 'Berner Rösti', lead: 'Knusprig, zur Bratwurst.' });
  expect((await searchRecipes(queryWords('Rösti Zürich'), {})).suggestion).toBe('Rösti');
  // A word of the synonym list is no misspelling, found or not: «Glace» is not «glatt».
  await createRecipe(urs, { ...plain, title: 'Glatte Sauce', lead: 'Schön glatt gerührt.' });
  expect((await searchRecipes(queryWords('Glace'), {})).suggestion).toBeUndefined();
  // Beside a misspelling it is left out, as an unknown word with nothing close is.
  expect((await searchRecipes(queryWords('Birnbrrroot Glace'), {})).suggestion).toBe('Birnbrot');
  // A suggestion that would find nothing either (here: not in that category) is not offered.
  expect((await searchRecipes(queryWords('Birnbrrroot'), { category: 'apero' })).suggestion).toBeUndefined();
  expect((await searchRecipes(queryWords('Birnbrrroot'), { category: 'hauptgang' })).suggestion).toBe('Birnbrot');
});

test('a query of stop words only finds nothing and says so; a stop word among others drops out', async () => {
  const urs = await createUser();
  await createRecipe(urs, { ...plain, title: 'Zopf mit Rosinen', lead: 'Zopf und Butter.' });
  // "für", "über": stop words with umlauts, which the database's list (folding first) would not know.
  for (const query of ['und', 'und mit der', 'für', 'über und für']) {
    const none = await searchRecipes(queryWords(query), {});
    expect([none.total, none.onlyCommonWords, none.suggestion], query).toEqual([0, true, undefined]);
  }
  const found = await searchRecipes(queryWords('Zopf und'), {});
  expect(found.total).toBeGreaterThan(0);
  expect([found.total, found.onlyCommonWords]).toEqual([(await searchRecipes(queryWords('Zopf'), {})).total, undefined]);
  expect((await searchRecipes(queryWords('Zopf für Kinder'), {})).total).toBe(0);
  expect((await searchRecipes(queryWords('für Zopf'), {})).total).toBe(found.total);
  // An unknown word is no stop word: the spelling help stays.
  expect((await searchRecipes(queryWords('Qxzvwq'), {})).onlyCommonWords).toBeUndefined();
});

test('hostile input: SQL and tsquery syntax, control characters, long queries, junk filters give a clean answer', async () => {
  const evil = ["'; drop table recipes; --", "a:* & !b | (c <-> d)", '\\', "''", '%_%', 'ä'.repeat(500), '\u0000\u0001 Zopf \u202e', 'und oder der', '🍰🍰', '١٢٣', 'x'.repeat(10_000)];
  for (const query of evil) {
    const url = new URL(`http://localhost/suche?q=${encodeURIComponent(query)}&kategorie=nope&stichwort=%00&stufe=x&dauer=-5&seite=abc`);
    const request = readSearchRequest(url);
    expect(request.query.length).toBeLessThanOrEqual(100);
    expect(request.query).not.toMatch(/[\u0000-\u001f\u202e]/);
    expect(request.filters).toEqual({});
    expect(request.ignored).toEqual(['Kategorie', 'Stichwort', 'Schwierigkeit', 'Dauer']);
    expect(request.page).toBe(1);
    const result = await searchRecipes(request.words, request.filters, request.page);
    expect(result.total).toBeGreaterThanOrEqual(0);
  }
  expect(queryWords('eins zwei drei vier fünf sechs sieben acht neun zehn')).toHaveLength(8);
  expect(readSearchRequest(new URL('http://localhost/suche?dauer=30&dauer=90&q=a&q=b')).filters).toEqual({ maxDuration: 30 });
  expect(readSearchRequest(new URL('http://localhost/suche?dauer=99999')).ignored).toEqual(['Dauer']);
});

test('a query too long is cut after a whole word, and the page is told so', () => {
  const read = (query: string) => readSearchRequest(new URL(`http://localhost/suche?q=${encodeURIComponent(query)}`));
  const long = read(`${'Rösti '.repeat(16)}Röstiplatte`); // 107 characters, 17 words
  expect(long.query).toBe('Rösti '.repeat(16).trim());
  expect(long.shortened).toBe(true);
  // Within the 100 characters, but more than eight words: only eight are searched, and the page says so.
  const wordy = read('eins zwei drei vier fünf sechs sieben acht neun');
  expect(wordy.words).toHaveLength(8);
  expect(wordy.shortened).toBe(true);
  // One word of 150 letters has no whole word to cut after: its first 100 letters.
  expect(read('x'.repeat(150)).query).toBe('x'.repeat(100));
  expect(read('Zürcher Geschnetzeltes').shortened).toBe(false);
});

/** The plan of a statement, as PostgreSQL's text lines. */
async function plan(query: SQL) {
  const result = await getDb().execute(sql`explain ${query}`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{ 'QUERY PLAN': string }>;
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

test('at thousands of recipes a search reads the GIN index, and the word list its trigram index', async () => {
  const owner = await createUser({ name: 'Massen Test' });
  await insertBulkRecipes(getDb(), { count: 5000, owner });
  await createRecipe(owner, { ...plain, title: 'Butterzopf' });
  await vacuumAnalyze(database.connection!);
  const { clauses } = await expandedClauses(queryWords('Zopf'));
  const statements = searchStatements(clauses, {}, 1);
  const rows = await plan(statements.rows.getSQL());
  expect(rows).toMatch(/Bitmap Index Scan on recipes_search_idx/);
  expect(rows).not.toMatch(/Seq Scan on recipes/);
  expect(await plan(statements.total.getSQL())).toMatch(/Bitmap Index Scan on recipes_search_idx/);
  expect(await titles('Butterzopf')).toEqual(['Butterzopf']);
  // Typo look-ups go through the trigram index, not the whole list.
  // (The bulk recipes share a few words: on so small a list reading it whole is cheaper, so that is forbidden here.)
  const wordPlan = await getDb().transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_indexonlyscan = off`);
    const result = await tx.execute(sql`explain select word from search_words where word % 'zopff'`);
    return JSON.stringify(result);
  });
  expect(wordPlan).toMatch(/search_words_word_trgm_idx/);
});
