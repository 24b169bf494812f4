// The servings calculator: how many a recipe is for, read from its free-text
// quantity ("für 4 Personen", "4 Portionen", "ergibt 12 Stück"), and every
// ingredient amount scaled to another number and rounded the way a cook
// writes it (½, 1 ¼, 250 g, 1,2 kg). Amounts without a number ("etwas",
// "nach Belieben") stay as they are. Pure: the detail page, the print view
// and the structured data use the same functions on server and client.

/** How many the recipe is for: the number in its quantity text, and where that number stands. */
export type Servings = { count: number; start: number; end: number };

const NUMBER_WORDS: Record<string, number> = {
  ein: 1, eine: 1, einen: 1, eins: 1, zwei: 2, drei: 3, vier: 4, fünf: 5, sechs: 6,
  sieben: 7, acht: 8, neun: 9, zehn: 10, elf: 11, zwölf: 12,
};

/** The first whole number (in digits or as a German word up to zwölf) in the quantity text. */
export function servingsOf(quantity: string): Servings | undefined {
  const match = /(?<![\d,.])(\d{1,3})(?![\d,./½¼¾])|\b(ein|eine|einen|eins|zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn|elf|zwölf)\b/i.exec(quantity);
  if (!match) return undefined;
  const count = match[1] ? Number(match[1]) : NUMBER_WORDS[match[2]!.toLowerCase()]!;
  if (count < 1) return undefined;
  return { count, start: match.index, end: match.index + match[0].length };
}

/**
 * The words a quantity counts right after its number, in both numbers (1 Person, 2 Personen), with
 * the grammatical gender an adjective before them follows (1 grossen Zopf, 2 grosse Zöpfe). Form
 * and Blech also end compounds (1 Springform, 2 Springformen).
 */
/** A noun's grammatical gender, which an adjective before it follows. */
type Gender = 'm' | 'f' | 'n';

const COUNTED_NOUNS: Array<{ singular: string; plural: string; gender: Gender; compound?: true }> = [
  { singular: 'Person', plural: 'Personen', gender: 'f' },
  { singular: 'Portion', plural: 'Portionen', gender: 'f' },
  { singular: 'Form', plural: 'Formen', gender: 'f', compound: true },
  { singular: 'Blech', plural: 'Bleche', gender: 'n', compound: true },
  { singular: 'Torte', plural: 'Torten', gender: 'f' },
  { singular: 'Wähe', plural: 'Wähen', gender: 'f' },
  { singular: 'Tarte', plural: 'Tartes', gender: 'f' },
  { singular: 'Laib', plural: 'Laibe', gender: 'm' },
  { singular: 'Brot', plural: 'Brote', gender: 'n' },
  { singular: 'Kuchen', plural: 'Kuchen', gender: 'm' },
  { singular: 'Zopf', plural: 'Zöpfe', gender: 'm' },
  { singular: 'Kranz', plural: 'Kränze', gender: 'm' },
];

/**
 * An adjective's ending before a counted noun: after "für 1 …" or "ergibt 1 …" (accusative) grossen
 * Zopf, grosse Torte, grosses Blech; "1 …" alone (nominative) grosser Zopf; in the plural always -e.
 */
const ADJECTIVE_ENDING = {
  accusative: { m: 'en', f: 'e', n: 'es' },
  nominative: { m: 'er', f: 'e', n: 'es' },
  plural: 'e',
} as const;

const COUNTED_WORDS = COUNTED_NOUNS.map((noun) => {
  const word = (form: string) => (noun.compound ? `\\p{L}+${form.toLowerCase()}|${form}` : form);
  // An adjective (a lower-case word on -e, -en, -er or -es) may stand between number and noun;
  // (?!\p{L}): the noun ends there (\b knows no umlauts).
  const pattern = (form: string) => new RegExp(`^(\\s+)(?:(\\p{Ll}\\p{L}*?)(?:en|es|er|e)(\\s+))?(${word(form)})(?!\\p{L})`, 'u');
  return { ...noun, singularPattern: pattern(noun.singular), pluralPattern: pattern(noun.plural) };
});

/** The counted words right after the number in the number `count` asks for: "1 grossen Zopf" → "2 grosse Zöpfe". */
function countedWordsFor(rest: string, count: number, grammaticalCase: 'accusative' | 'nominative') {
  for (const noun of COUNTED_WORDS) {
    const [from, to] = count === 1 ? [noun.plural, noun.singular] : [noun.singular, noun.plural];
    const match = (count === 1 ? noun.pluralPattern : noun.singularPattern).exec(rest);
    if (!match) continue;
    const [whole, space, adjectiveStem, adjectiveSpace, word] = match as unknown as [string, string, string | undefined, string | undefined, string];
    const adjective = adjectiveStem === undefined ? '' : `${adjectiveStem}${count === 1 ? ADJECTIVE_ENDING[grammaticalCase][noun.gender] : ADJECTIVE_ENDING.plural}${adjectiveSpace}`;
    // A compound keeps its first part: Spring|form → Spring|formen.
    const counted = word === from ? to : `${word.slice(0, word.length - from.length)}${to.toLowerCase()}`;
    return `${space}${adjective}${counted}${rest.slice(whole.length)}`;
  }
  return rest;
}

/** A weight or volume in free text, or a range of them ("ca. 1,5 kg", "(ca. 600–800 g)"); sizes ("26 cm") are none. */
const WEIGHT = /(?<![\d,.])\d+(?:,\d+)?(?:\s*(?:–|-|bis)\s*\d+(?:,\d+)?)?\s?(?:kg|g|l|dl|ml)(?!\p{L})/gu;

/** The quantity text for `count` instead of the recipe's number: "für 4 Personen" → "für 6 Personen". */
export function scaleQuantity(quantity: string, servings: Servings, count: number) {
  // "4 Portionen" alone names them; "für 4 Personen", "ergibt 1 grossen Zopf" take an object.
  const grammaticalCase = quantity.slice(0, servings.start).trim() ? 'accusative' : 'nominative';
  let rest = countedWordsFor(quantity.slice(servings.end), count, grammaticalCase);
  // A second count of pieces ("für 4 Personen (ca. 24 Stück)") and a weight ("ca. 1,5 kg") follow; sizes ("26 cm") do not.
  const factor = count / servings.count;
  rest = rest.replace(
    /(?<![\d,.])(\d{1,4})(\s+(?:Stück|Stk\.|Portionen|Personen|Schalen|Guetzli|Kugeln|Scheiben)(?!\p{L}))/gu,
    (_, n: string, word: string) => `${Math.max(1, Math.round(Number(n) * factor))}${word}`,
  );
  rest = rest.replace(WEIGHT, (weight) => scaleAmount(weight, factor));
  return `${quantity.slice(0, servings.start)}${count}${rest}`;
}

// ---------------------------------------------------------------- amounts

const FRACTIONS: Record<string, number> = { '½': 0.5, '¼': 0.25, '¾': 0.75, '⅓': 1 / 3, '⅔': 2 / 3, '⅛': 0.125 };

/** One number as written in a recipe: 2, 1,5, 1.5, ½, 1 ½, 1½, 1/2, 1 1/2. */
const NUMBER = String.raw`(?:\d+\s\d+\/\d+|\d+\/\d+|\d+(?:[.,]\d+)?(?:\s?[½¼¾⅓⅔⅛])?|[½¼¾⅓⅔⅛])`;
const AMOUNT = new RegExp(String.raw`^(\s*(?:ca\.|circa|etwa|ungefähr)?\s*)(${NUMBER})(?:\s*(?:–|-|bis)\s*(${NUMBER}))?(.*)$`, 'is');

function readNumber(text: string): number {
  const compact = text.replace(/\s+/g, ' ').trim();
  const mixed = /^(\d+)\s(\d+)\/(\d+)$/.exec(compact);
  if (mixed) return Number(mixed[1]) + Number(mixed[2]) / Number(mixed[3]);
  const fraction = /^(\d+)\/(\d+)$/.exec(compact);
  if (fraction) return Number(fraction[1]) / Number(fraction[2]);
  const withGlyph = /^(\d+(?:[.,]\d+)?)?\s?([½¼¾⅓⅔⅛])$/.exec(compact);
  if (withGlyph) return Number((withGlyph[1] ?? '0').replace(',', '.')) + FRACTIONS[withGlyph[2]!]!;
  return Number(compact.replace(',', '.'));
}

type Unit = {
  /** How the amount is rounded: to a fraction a cook measures, to whole pieces, or to a scale's steps. */
  rounding: 'fraction' | 'half' | 'whole-min-one' | 'weight' | 'decimal';
  /**
   * A bigger unit this one turns into from one of it (1000 g → 1 kg), with the factor; for a spoon
   * only where the bigger one reads well (6 TL → 2 EL, but 4 TL stay), or from three of it.
   */
  up?: { unit: string; factor: number; whereItReadsWell?: true };
  /**
   * A smaller unit this one turns into below `under` (1 unless given: 0,5 l → 5 dl), with the
   * factor; for a spoon only where this one reads badly (⅓ EL → 1 TL, but ½ EL stays).
   */
  down?: { unit: string; factor: number; under?: number; whereItReadsBadly?: true };
  /** The plural, where German has one (1 Prise, 2 Prisen). */
  plural?: string;
};

const UNITS: Record<string, Unit> = {
  g: { rounding: 'weight', up: { unit: 'kg', factor: 1000 } },
  kg: { rounding: 'decimal', down: { unit: 'g', factor: 1000 } },
  // A little liquid is measured with a spoon: 1 EL is 15 ml, 1 TL 5 ml.
  ml: { rounding: 'weight', up: { unit: 'l', factor: 1000 }, down: { unit: 'EL', factor: 1 / 15, under: 20 } },
  cl: { rounding: 'fraction', up: { unit: 'l', factor: 100 } },
  dl: { rounding: 'fraction', up: { unit: 'l', factor: 10 }, down: { unit: 'ml', factor: 100, under: 0.25 } },
  l: { rounding: 'decimal', down: { unit: 'dl', factor: 10 } },
  EL: { rounding: 'fraction', down: { unit: 'TL', factor: 3, under: 3, whereItReadsBadly: true } },
  TL: { rounding: 'fraction', up: { unit: 'EL', factor: 3, whereItReadsWell: true } },
  'Msp.': { rounding: 'whole-min-one' },
  Msp: { rounding: 'whole-min-one' },
  Prise: { rounding: 'whole-min-one', plural: 'Prisen' },
  Prisen: { rounding: 'whole-min-one', plural: 'Prisen' },
  Päckli: { rounding: 'fraction' },
  Päckchen: { rounding: 'fraction' },
  'Stk.': { rounding: 'half' },
  Stück: { rounding: 'half' },
  Bund: { rounding: 'fraction' },
  Becher: { rounding: 'fraction' },
  Dose: { rounding: 'fraction', plural: 'Dosen' },
  Dosen: { rounding: 'fraction', plural: 'Dosen' },
  Tasse: { rounding: 'fraction', plural: 'Tassen' },
  Tassen: { rounding: 'fraction', plural: 'Tassen' },
  Zweig: { rounding: 'whole-min-one', plural: 'Zweige' },
  Zweige: { rounding: 'whole-min-one', plural: 'Zweige' },
  Zehe: { rounding: 'whole-min-one', plural: 'Zehen' },
  Zehen: { rounding: 'whole-min-one', plural: 'Zehen' },
  Scheibe: { rounding: 'whole-min-one', plural: 'Scheiben' },
  Scheiben: { rounding: 'whole-min-one', plural: 'Scheiben' },
  Stange: { rounding: 'half', plural: 'Stangen' },
  Stangen: { rounding: 'half', plural: 'Stangen' },
  Knolle: { rounding: 'half', plural: 'Knollen' },
  Knollen: { rounding: 'half', plural: 'Knollen' },
  Flasche: { rounding: 'half', plural: 'Flaschen' },
  Flaschen: { rounding: 'half', plural: 'Flaschen' },
  Packung: { rounding: 'half', plural: 'Packungen' },
  Packungen: { rounding: 'half', plural: 'Packungen' },
};

const SINGULAR: Record<string, string> = {
  Prisen: 'Prise', Dosen: 'Dose', Tassen: 'Tasse', Zweige: 'Zweig', Zehen: 'Zehe', Scheiben: 'Scheibe',
  Stangen: 'Stange', Knollen: 'Knolle', Flaschen: 'Flasche', Packungen: 'Packung',
};

/** The unit a word names, if any: own entries only ("constructor" is no unit). */
function unitNamed(word: string | undefined): Unit | undefined {
  return word !== undefined && Object.hasOwn(UNITS, word) ? UNITS[word] : undefined;
}

/** The fractions a cook measures with spoons and cups. */
const COOK_FRACTIONS: Array<[number, string]> = [
  [0, ''],
  [0.25, '¼'],
  [1 / 3, '⅓'],
  [0.5, '½'],
  [2 / 3, '⅔'],
  [0.75, '¾'],
  [1, ''],
];

function asFraction(value: number) {
  if (value >= 10) return String(Math.round(value));
  let whole = Math.floor(value);
  const [part, glyph] = COOK_FRACTIONS.reduce((best, candidate) =>
    Math.abs(candidate[0] - (value - whole)) < Math.abs(best[0] - (value - whole)) ? candidate : best,
  );
  if (part === 1) whole += 1;
  // Below ¼ alone: ⅛ (the smallest measuring spoon, and an eighth of a pack or a tin); never round an ingredient away.
  if (whole === 0 && value < 0.1875) return '⅛';
  if (whole === 0 && glyph === '') return '¼';
  return whole === 0 ? glyph : glyph ? `${whole} ${glyph}` : String(whole);
}

function asHalves(value: number) {
  return asFraction(Math.max(0.5, Math.round(value * 2) / 2));
}

/** Grams and millilitres: exact when small, then in the steps a kitchen scale shows. */
function asWeight(value: number) {
  const step = value < 20 ? 1 : value < 100 ? 5 : 10;
  return String(Math.max(1, Math.round(value / step) * step));
}

/** Kilograms and litres: at most one decimal, with a comma as in the rest of the site ("3,5 von 5 Sternen"). */
function asDecimal(value: number) {
  const rounded = Math.round(value * 10) / 10;
  return String(rounded === 0 ? 0.1 : rounded).replace('.', ',');
}

function format(value: number, rounding: Unit['rounding']) {
  switch (rounding) {
    case 'fraction':
      return asFraction(value);
    case 'half':
      return asHalves(value);
    case 'whole-min-one':
      return String(Math.max(1, Math.round(value)));
    case 'weight':
      return asWeight(value);
    case 'decimal':
      return asDecimal(value);
  }
}

/** The unit word at the start of the rest of an amount ("g", "EL", "Prisen") and what follows it. */
function splitUnit(rest: string): { unit?: string; space: string; tail: string } {
  const match = /^(\s*)(\S+)(.*)$/s.exec(rest);
  if (match && unitNamed(match[2])) return { unit: match[2]!, space: match[1]!, tail: match[3]! };
  return { space: '', tail: rest };
}

/** A spoon's amount a cook reads at a glance: whole, ½ or ¾ ("⅓ EL" is 1 TL, "1 ⅓ EL" 4 TL). */
function readsWell(value: number) {
  return !/[¼⅓⅔⅛]/.test(asFraction(value));
}

/** Picks the unit a cook would use for `value` (1000 g → 1 kg, 0,5 l → 5 dl, 10 ml → 2 TL, 6 TL → 2 EL). */
function settle(value: number, unit: string | undefined): { value: number; unit: string | undefined } {
  const known = unitNamed(unit);
  const { up, down } = known ?? {};
  if (up && value >= up.factor && (!up.whereItReadsWell || readsWell(value / up.factor) || value >= 3 * up.factor)) {
    return settle(value / up.factor, up.unit);
  }
  if (down && value < (down.under ?? 1) && !(down.whereItReadsBadly && readsWell(value))) {
    return settle(value * down.factor, down.unit);
  }
  return { value, unit };
}

function unitFor(unit: string | undefined, value: number) {
  const known = unitNamed(unit);
  if (!unit || !known?.plural) return unit;
  return value > 1 ? known.plural : (SINGULAR[unit] ?? unit);
}

/**
 * The amount for `factor` times the recipe ("300 g" × 1.5 → "450 g"). An
 * amount that does not start with a number is returned as it is.
 */
export function scaleAmount(amount: string, factor: number): string {
  return scaled(amount, factor).text;
}

/**
 * The scaled amount with the unit it was written in, and for an amount without a unit ("2", "1–2")
 * the number of pieces it shows and the recipe's own (the larger ones).
 */
function scaled(
  amount: string,
  factor: number,
  piecesRounding: Unit['rounding'] = 'half',
): { text: string; unit?: string; pieces?: number; piecesBefore?: number } {
  const match = factor === 1 ? null : AMOUNT.exec(amount);
  if (!match) return { text: amount };
  const [, prefix, first, second, rest] = match as unknown as [string, string, string, string | undefined, string];
  const [firstNumber, secondNumber] = [readNumber(first), second === undefined ? 0 : readNumber(second)];
  // "1/0 g": no amount a cook can scale.
  if (!Number.isFinite(firstNumber) || !Number.isFinite(secondNumber)) return { text: amount };
  const { unit, space, tail } = splitUnit(rest);
  const low = settle(firstNumber * factor, unit);
  const rounding = unitNamed(low.unit)?.rounding ?? piecesRounding;
  if (second === undefined) {
    const shown = format(low.value, rounding);
    return {
      text: `${prefix}${shown}${low.unit ? `${space || ' '}${unitFor(low.unit, low.value)}` : ''}${tail}`,
      unit,
      pieces: unit ? undefined : readNumber(shown),
      piecesBefore: unit ? undefined : firstNumber,
    };
  }
  // A range keeps one unit: the one its upper end settles in.
  const high = settle(secondNumber * factor, unit);
  // The lower end in the upper end's unit: by the same ratio as the upper end's number.
  const lowValue = high.unit === low.unit || secondNumber === 0 ? low.value : (firstNumber * high.value) / secondNumber;
  const shownUnit = high.unit;
  const rangeRounding = unitNamed(shownUnit)?.rounding ?? piecesRounding;
  const shownHigh = format(high.value, rangeRounding);
  const shownLow = format(lowValue, rangeRounding);
  // Rounded to one and the same ("⅛–⅛ TL"), a range is one amount.
  const shownRange = shownLow === shownHigh ? shownHigh : `${shownLow}–${shownHigh}`;
  return {
    text: `${prefix}${shownRange}${shownUnit ? `${space || ' '}${unitFor(shownUnit, high.value)}` : ''}${tail}`,
    unit,
    pieces: unit ? undefined : readNumber(shownHigh),
    piecesBefore: unit ? undefined : secondNumber,
  };
}

/**
 * What is counted in pieces, as its name starts: singular and plural ("1 Ei",
 * "2 Eier"), also at the end of a compound ("Frühlingszwiebeln", "Bio-Zitrone")
 * unless `exact` ("Brei" is no egg), with the gender an adjective before it follows.
 */
const PIECES: Array<{ singular: string; plural: string; gender: Gender; exact?: boolean }> = [
  { singular: 'Ei', plural: 'Eier', gender: 'n', exact: true },
  { singular: 'Eiweiss', plural: 'Eiweiss', gender: 'n' },
  { singular: 'Eigelb', plural: 'Eigelb', gender: 'n' },
  { singular: 'Zwiebel', plural: 'Zwiebeln', gender: 'f' },
  { singular: 'Schalotte', plural: 'Schalotten', gender: 'f' },
  { singular: 'Zitrone', plural: 'Zitronen', gender: 'f' },
  { singular: 'Limette', plural: 'Limetten', gender: 'f' },
  { singular: 'Orange', plural: 'Orangen', gender: 'f' },
  { singular: 'Karotte', plural: 'Karotten', gender: 'f' },
  { singular: 'Kartoffel', plural: 'Kartoffeln', gender: 'f' },
  { singular: 'Tomate', plural: 'Tomaten', gender: 'f' },
  { singular: 'Zehe', plural: 'Zehen', gender: 'f' },
  { singular: 'Apfel', plural: 'Äpfel', gender: 'm' },
  { singular: 'Birne', plural: 'Birnen', gender: 'f' },
  { singular: 'Banane', plural: 'Bananen', gender: 'f' },
  { singular: 'Gurke', plural: 'Gurken', gender: 'f' },
  { singular: 'Stange', plural: 'Stangen', gender: 'f' },
  { singular: 'Knolle', plural: 'Knollen', gender: 'f' },
  { singular: 'Nelke', plural: 'Nelken', gender: 'f' },
  { singular: 'Schote', plural: 'Schoten', gender: 'f' },
  { singular: 'Schale', plural: 'Schalen', gender: 'f' },
  { singular: 'Kirsche', plural: 'Kirschen', gender: 'f' },
  { singular: 'Teig', plural: 'Teige', gender: 'm' },
  // Not "Blatt" alone: "2 Blatt Gelatine" is how cooks count it.
  { singular: 'Lorbeerblatt', plural: 'Lorbeerblätter', gender: 'n' },
];

/** `word` as `to` if it is `from`, alone, after a hyphen or (unless `exact`) at the end of a compound; else undefined. */
function swapWord(word: string, from: string, to: string, exact = false) {
  if (word === from) return to;
  if (word.endsWith(`-${from}`)) return `${word.slice(0, -from.length)}${to}`;
  const lowerFrom = from[0]!.toLowerCase() + from.slice(1);
  if (!exact && word.length > from.length && word.endsWith(lowerFrom)) return `${word.slice(0, -from.length)}${to[0]!.toLowerCase()}${to.slice(1)}`;
  return undefined;
}

/** An adjective before the counted word: a stem of three letters or more on -e, -er or -es ("je" and "eine" are none). */
const ADJECTIVE = /^(\p{Ll}\p{L}{2,}?)(?:er|es|e)$/u;
const NOT_ADJECTIVES = new Set(['eine', 'einer', 'eines', 'keine', 'ohne', 'sowie']);

/** Adjectives ("frische", "ausgewallter") in the number and gender of the word they stand before, as a list writes it: 1 frisches Ei, 2 frische Eier. */
function inflectAdjectives(words: string, pieces: number, gender: Gender) {
  return words.replace(/\p{L}+/gu, (word) => {
    const match = NOT_ADJECTIVES.has(word) ? null : ADJECTIVE.exec(word);
    return match ? `${match[1]}${pieces > 1 ? ADJECTIVE_ENDING.plural : ADJECTIVE_ENDING.nominative[gender]}` : word;
  });
}

/**
 * The ingredient's name with its counted word in the number the pieces ask for ("½ Ei", "3 Eier"),
 * after any lower-case words before it ("½ rechteckig ausgewallter Blätterteig", "3 grosse, reife Bananen"), whose adjectives follow.
 */
function nameForPieces(name: string, pieces: number) {
  const match = /^((?:\p{Ll}[\p{L}-]*,?\s+)*)([\p{L}-]+)(.*)$/su.exec(name);
  if (!match) return name;
  const [, before, word, rest] = match as unknown as [string, string, string, string];
  for (const { singular, plural, gender, exact } of PIECES) {
    const swapped = pieces > 1 ? swapWord(word, singular, plural, exact) : swapWord(word, plural, singular, exact);
    if (swapped) return `${inflectAdjectives(before, pieces, gender)}${swapped}${rest}`;
  }
  return name;
}

/** Marks a weight as one piece's ("1 Dose à 400 g", "je ca. 60 g", "2 x 250 g"), before or after it ("60 g pro Stück"). */
const PER_PIECE_BEFORE = /(?:(?:^|[^\p{L}])(?:à|a|je|jeweils|pro)|\d\s*[x×])\s*(?:(?:ca\.|circa|etwa|ungefähr)\s*)?$/iu;
const PER_PIECE_AFTER = /^\s*(?:pro|je)\s+(?:Stück|Stk\.?)(?!\p{L})/iu;

/** Units that are containers: a weight in brackets beside them ("2 Dosen Tomaten (400 g)") is one container's. */
const CONTAINERS = new Set(['Dose', 'Dosen', 'Packung', 'Packungen', 'Päckli', 'Päckchen', 'Becher', 'Flasche', 'Flaschen', 'Glas', 'Gläser']);

/**
 * Weights in brackets scale with the amount: "Eiweiss (ca. 100 g)" × 2 → "(ca. 200 g)". A weight
 * each ("1 Dose à 400 g", "je 50 g") is the size of one piece and stays.
 */
function nameWithWeights(name: string, factor: number) {
  if (factor === 1) return name;
  return name.replace(/\([^()]*\)/g, (bracket) =>
    bracket.replace(WEIGHT, (weight, offset: number) =>
      PER_PIECE_BEFORE.test(bracket.slice(0, offset)) || PER_PIECE_AFTER.test(bracket.slice(offset + weight.length)) ? weight : scaleAmount(weight, factor),
    ),
  );
}

/** What brushes a dough ("Ei, zum Bestreichen"): one is beaten whole, however few pieces are baked. */
const FOR_BRUSHING = /zum Bestreichen/i;

/** An ingredient for `factor` times the recipe: its amount scaled, a counted name in singular or plural to match, weights in its brackets scaled; what brushes a dough in whole pieces. */
export function scaleIngredient(ingredient: { amount: string; name: string }, factor: number) {
  const { text, unit, pieces, piecesBefore } = scaled(ingredient.amount, factor, FOR_BRUSHING.test(ingredient.name) ? 'whole-min-one' : 'half');
  const name = pieces === undefined ? ingredient.name : nameForPieces(ingredient.name, pieces);
  if (unit && CONTAINERS.has(unit)) return { amount: text, name };
  // Counted pieces are rounded (½ Ei, not 0,25): their weight follows what is shown.
  const shownFactor = pieces !== undefined && piecesBefore ? pieces / piecesBefore : factor;
  return { amount: text, name: nameWithWeights(name, shownFactor) };
}
