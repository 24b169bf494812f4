// The pieces that keep hostile input out of the database and personal data
// out of the log: the text rules, repeated fields, strict numbers, and the
// logger's treatment of a real failed query.
import { expect, test, vi } from 'vitest';
import { getDb } from '../../app/db/client.server.ts';
import { comments } from '../../app/db/schema/recipes.ts';
import { changeNameSchema } from '../../app/features/accounts/account-schemas.ts';
import { reportSchema } from '../../app/features/comments/comment-report-schema.ts';
import { commentSchema } from '../../app/features/comments/comment-schema.ts';
import { newIngredient, recipeSchema } from '../../app/features/recipes/recipe-schema.ts';
import { hasRepeatedField } from '../../app/lib/form-data.server.ts';
import { hasVisibleText, isMultiLineText, isSingleLineText, withShortGaps } from '../../app/utils/plain-text.ts';
import { createRecipe, createUser } from '../support/factories.ts';
import { useTestDatabase } from '../support/test-db.ts';

useTestDatabase();

test.each([
  ['Älplermagronen mit Öpfelmues', true, true],
  ['Zwei Zeilen\nund ein\tTab', false, true],
  ['Windows\r\nZeilenende', false, true],
  ['Emoji 🍰 und «Guillemets»', true, true],
  ['NUL\u0000', false, false],
  ['Escape \u001b[2J', false, false],
  ['DEL\u007f', false, false],
  ['C1 \u0085', false, false],
  ['lone surrogate \ud800', false, false],
  ['reversed pair \udc00\ud800', false, false],
  // Marks that turn the text around them: "Rossi\u202E" shows the e-mail after the name backwards.
  ['right-to-left override \u202E', false, false],
  ['embedding \u202B', false, false],
  ['isolate \u2067 \u2069', false, false],
  ['Hebrew with a right-to-left mark \u05E9\u05DC\u05D5\u05DD\u200F!', true, true],
  ['a family emoji 👨\u200D👩\u200D👧', true, true],
])('%j: single line %s, multi-line %s', (text, singleLine, multiLine) => {
  expect(isSingleLineText(text)).toBe(singleLine);
  expect(isMultiLineText(text)).toBe(multiLine);
});

test.each([
  ['', false],
  [' \t\n', false],
  ['\u200B', false], // zero-width space
  ['\u200C\u200D\u2060\uFEFF\u00AD', false], // joiners, word joiner, byte-order mark, soft hyphen
  ['\u3164', false], // Hangul filler: a "blank" name
  ['\u2800\u00A0\u3000', false], // blank Braille pattern, no-break and ideographic spaces
  ['\uFE0F\u034F\u180B\u{E0100}', false], // variation selectors and the combining grapheme joiner
  ['❤\uFE0F', true],
  ['a', true],
  ['\u200BRösti', true],
  ['🍰', true],
])('%j shows something: %s', (text, visible) => {
  expect(hasVisibleText(text)).toBe(visible);
});

test('a required field of zero-width characters alone is missing, in every form; an optional one is empty', () => {
  const invisible = '\u200B\u200D\uFEFF';
  const recipe = recipeSchema.safeParse({
    title: invisible,
    lead: invisible,
    category: 'Hauptgang',
    level: 'Einfach',
    duration: '30',
    quantity: invisible,
    tags: [],
    ingredients: [{ name: invisible, amount: invisible }],
    description: invisible,
    additional: invisible,
    imageId: '',
  });
  expect(Object.fromEntries(recipe.error!.issues.map((issue) => [issue.path.join('.'), issue.message]))).toEqual({
    title: 'Bitte gib einen Titel ein.',
    lead: 'Bitte gib einen Lead ein.',
    quantity: 'Bitte gib die Portionen an (z. B. «für 4 Personen»).',
    'ingredients.0.name': 'Jede Zutat braucht einen Namen.',
    description: 'Bitte beschreibe die Zubereitung.',
  });
  const visible = recipeSchema.parse({
    title: 'Rösti',
    lead: 'Knusprig.',
    category: 'Hauptgang',
    level: 'Einfach',
    duration: '30',
    quantity: 'für 4 Personen',
    tags: [],
    ingredients: [{ name: 'Kartoffeln', amount: invisible }],
    description: 'Reiben.',
    additional: invisible,
    imageId: '',
  });
  expect([visible.ingredients[0]!.amount, visible.additional]).toEqual(['', null]);
  expect(newIngredient(invisible, '1 kg')).toBeNull();
  expect(commentSchema.safeParse({ rating: '5', nickname: invisible, comment: invisible }).error?.issues.map((issue) => issue.message)).toEqual([
    'Bitte gib einen Nickname ein.',
    'Bitte schreibe einen Kommentar.',
  ]);
  expect(reportSchema.safeParse({ reason: `${invisible}${invisible}` }).success).toBe(false);
  expect(changeNameSchema.safeParse({ firstName: '\u3164', lastName: invisible }).error?.issues.map((issue) => issue.message)).toEqual([
    'Bitte gib deinen Vornamen ein.',
    'Bitte gib deinen Nachnamen ein.',
  ]);
});

test('a field that holds one value may not come twice; list fields may', () => {
  const form = (pairs: string[][]) => new URLSearchParams(pairs) as unknown as FormData;
  expect(hasRepeatedField(form([['rating', '5'], ['rating', '1']]))).toBe(true);
  expect(hasRepeatedField(form([['rating', '5'], ['nickname', 'A']]))).toBe(false);
  expect(hasRepeatedField(form([['tags', 'Süss'], ['tags', 'Salzig']]), ['tags'])).toBe(false);
});

test('ratings are one digit 1–5 and nothing a lax parser would read as one', () => {
  const parse = (rating: unknown) => commentSchema.safeParse({ rating, nickname: 'Ann', comment: 'Fein' });
  expect(parse('5').data?.rating).toBe(5);
  for (const rating of ['5 ', ' 5', '0x5', '5.0', '+5', '05', '６', '1e0', 5, '']) expect(parse(rating).success, String(rating)).toBe(false);
  expect(parse('0').error?.issues[0]?.message).toBe('Bitte gib eine Bewertung ab.');
  expect(parse('9').error?.issues[0]?.message).toBe('Die Bewertung geht von 1 bis 5 Sternen.');
});

test('control characters in recipe text get the German field message', () => {
  const result = recipeSchema.safeParse({
    title: 'Rösti\u0000',
    lead: 'Knusprig\nund gut',
    category: 'Hauptgang',
    level: 'Einfach',
    duration: '30 ',
    quantity: 'für 4 Personen',
    tags: [],
    ingredients: [{ name: 'Kartoffeln', amount: '1\u001b kg' }],
    description: 'Reiben.\n\n\tBraten.',
    additional: '',
    imageId: '',
  });
  const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]));
  expect(messages).toEqual({
    title: 'Dieses Feld enthält unzulässige Steuerzeichen. Bitte entferne sie.',
    duration: 'Bitte gib die Dauer als ganze Zahl in Minuten an.',
    'ingredients.0.amount': 'Dieses Feld enthält unzulässige Steuerzeichen. Bitte entferne sie.',
  });
});

test('a failed query is logged without its parameters (user text, e-mail addresses)', async () => {
  const user = await createUser({ email: 'geheim@example.ch' });
  const recipe = await createRecipe(user);
  // Bypasses the schema on purpose: the database itself refuses NUL.
  const error = await getDb()
    .insert(comments)
    .values({ recipeId: recipe.id, authorId: user.id, nickname: 'geheim@example.ch', comment: 'Privat\u0000', rating: 4 })
    .then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(Error);
  expect(String((error as Error).message)).toContain('geheim@example.ch'); // what would have leaked

  vi.stubEnv('LOG_LEVEL', 'info');
  vi.resetModules();
  const { log } = await import('../../app/lib/logger.server.ts');
  let written = '';
  const write = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    written += String(chunk);
    return true;
  });
  try {
    log.error('comment action failed', { error });
  } finally {
    write.mockRestore();
    vi.unstubAllEnvs();
  }
  const line = JSON.parse(written) as { error: { message: string; stack: string; cause?: { code?: string } } };
  expect(line.error.message).toMatch(/^Failed query: insert into "comments"/);
  expect(line.error.message).toContain('params: [redacted]');
  expect(written).not.toContain('geheim@example.ch');
  expect(written).not.toContain('Privat');
});

test('a comment shows at most one empty line between its paragraphs, however many were typed', () => {
  expect(withShortGaps('Fein!\r\n\r\n\r\n\r\n\r\nNächstes Mal mit mehr Zimt.')).toBe('Fein!\n\nNächstes Mal mit mehr Zimt.');
  expect(withShortGaps('Fein!\n \n\t\n\nMehr Zimt.')).toBe('Fein!\n\nMehr Zimt.');
  // One empty line, or a line break alone, stays as written.
  expect(withShortGaps('Fein!\n\nMehr Zimt.\nUnd Nüsse.')).toBe('Fein!\n\nMehr Zimt.\nUnd Nüsse.');
  expect(withShortGaps('Fein!\r\n\r\nMehr Zimt.')).toBe('Fein!\r\n\r\nMehr Zimt.');
  // Lone carriage returns, which only a hand-made request sends, are line breaks to the page as well.
  expect(withShortGaps('Fein!\r\r\r\rMehr Zimt.')).toBe('Fein!\n\nMehr Zimt.');
});
