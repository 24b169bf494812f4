// The one set of recipe rules that the form and the server share.
import { expect, test } from 'vitest';
import {
  EMPTY_RECIPE_FORM,
  newIngredient,
  RECIPE_LIMITS,
  recipeFormValues,
  validateRecipe,
  withTypedIngredient,
  type RecipeFormValues,
} from '../../app/features/recipes/recipe-schema.ts';
// The browser's limit is the shared constant itself (use-image-upload.ts imports it).

function filled(overrides: Partial<RecipeFormValues> = {}): RecipeFormValues {
  return {
    title: '  Zürcher Geschnetzeltes ',
    lead: 'Kalbfleisch an Rahmsauce mit Rösti.',
    category: 'Hauptgang',
    level: 'Mittel',
    duration: '40',
    quantity: 'für 4 Personen',
    tags: ['Salzig'],
    ingredients: [{ name: ' Kalbfleisch ', amount: ' 600 g ' }],
    description: 'Fleisch anbraten, Sauce ziehen.',
    additional: '',
    imageId: '',
    ...overrides,
  };
}

test('a complete form becomes a trimmed recipe; an empty "Tipps & Tricks" and no picture become null', () => {
  const result = validateRecipe(filled());
  expect(result).toEqual({
    success: true,
    data: {
      title: 'Zürcher Geschnetzeltes',
      lead: 'Kalbfleisch an Rahmsauce mit Rösti.',
      category: 'Hauptgang',
      level: 'Mittel',
      duration: 40,
      quantity: 'für 4 Personen',
      tags: ['Salzig'],
      ingredients: [{ name: 'Kalbfleisch', amount: '600 g' }],
      description: 'Fleisch anbraten, Sauce ziehen.',
      additional: null,
      imageId: null,
    },
  });
});

test('an empty form names every required field in German, one message each', () => {
  const result = validateRecipe(EMPTY_RECIPE_FORM);
  expect(result.success).toBe(false);
  if (result.success) return;
  expect(result.errors).toEqual({
    title: 'Bitte gib einen Titel ein.',
    lead: 'Bitte gib einen Lead ein.',
    category: 'Bitte wähle eine Kategorie.',
    level: 'Bitte wähle einen Schwierigkeitsgrad.',
    duration: 'Bitte gib die Dauer in Minuten an.',
    quantity: 'Bitte gib die Portionen an (z. B. «für 4 Personen»).',
    ingredients: 'Bitte füge mindestens eine Zutat hinzu.',
    description: 'Bitte beschreibe die Zubereitung.',
  });
});

test('blank text counts as missing', () => {
  const result = validateRecipe(filled({ title: '   ', description: '\n\t' }));
  expect(result.success || Object.keys(result.errors).sort()).toEqual(['description', 'title']);
});

test.each([
  ['0', 'Die Dauer muss mindestens 1 Minute betragen.'],
  ['-5', 'Die Dauer muss mindestens 1 Minute betragen.'],
  ['-2.5', 'Bitte gib die Dauer als ganze Zahl in Minuten an.'],
  ['2.5', 'Bitte gib die Dauer als ganze Zahl in Minuten an.'],
  ['1e3', 'Bitte gib die Dauer als ganze Zahl in Minuten an.'],
  ['vierzig', 'Bitte gib die Dauer als ganze Zahl in Minuten an.'],
  ['4321', 'Die Dauer darf höchstens 4320 Minuten (3 Tage) betragen.'],
  ['99999999999', 'Bitte gib die Dauer als ganze Zahl in Minuten an.'],
])('duration %j is refused: %s', (duration, message) => {
  const result = validateRecipe(filled({ duration }));
  expect(result.success ? undefined : result.errors.duration).toBe(message);
});

test('the duration takes whole minutes up to three days, written as digits only', () => {
  for (const duration of ['1', '90', String(RECIPE_LIMITS.durationMax)]) {
    const result = validateRecipe(filled({ duration }));
    expect(result.success && result.data.duration).toBe(Number(duration));
  }
  // A number input never sends these; a lax parser would read them as 90.
  for (const duration of [' 90 ', '0x5A', '9e1', '90.0', '+90']) {
    const result = validateRecipe(filled({ duration }));
    expect(result.success ? {} : result.errors, duration).toEqual({ duration: 'Bitte gib die Dauer als ganze Zahl in Minuten an.' });
  }
});

test('only the catalogue\'s categories, levels and tags; tags once each, in catalogue order', () => {
  const bad = validateRecipe(filled({ category: 'Suppe', level: 'Profi', tags: ['Scharf'] }));
  expect(bad.success ? {} : bad.errors).toEqual({
    category: 'Bitte wähle eine Kategorie.',
    level: 'Bitte wähle einen Schwierigkeitsgrad.',
    tags: 'Bitte wähle nur Tags aus der Liste.',
  });
  const good = validateRecipe(filled({ tags: ['Vegetarisch', 'Süss', 'Vegetarisch'] }));
  expect(good.success && good.data.tags).toEqual(['Süss', 'Vegetarisch']);
});

test('every length and list is bounded', () => {
  const long = (n: number) => 'x'.repeat(n + 1);
  const result = validateRecipe(
    filled({
      title: long(RECIPE_LIMITS.title),
      lead: long(RECIPE_LIMITS.lead),
      quantity: long(RECIPE_LIMITS.quantity),
      description: long(RECIPE_LIMITS.description),
      additional: long(RECIPE_LIMITS.additional),
      ingredients: Array.from({ length: RECIPE_LIMITS.ingredients + 1 }, () => ({ name: 'Salz', amount: '' })),
    }),
  );
  expect(result.success ? [] : Object.keys(result.errors).sort()).toEqual(['additional', 'description', 'ingredients', 'lead', 'quantity', 'title']);
  const ingredient = validateRecipe(filled({ ingredients: [{ name: long(RECIPE_LIMITS.ingredientName), amount: long(RECIPE_LIMITS.ingredientAmount) }] }));
  expect(ingredient.success ? undefined : ingredient.errors.ingredients).toMatch(/höchstens/);
});

test('the picture must be an image id', () => {
  const bad = validateRecipe(filled({ imageId: '../../etc/passwd' }));
  expect(bad.success ? undefined : bad.errors.imageId).toBe('Das Bild ist ungültig. Bitte lade es noch einmal hoch.');
  const good = validateRecipe(filled({ imageId: 'A1B2C3D4-0000-4000-8000-000000000000' }));
  expect(good.success && good.data.imageId).toBe('a1b2c3d4-0000-4000-8000-000000000000');
});

test('reading a posted form: absent and odd values become empty text, ingredient lists are zipped', () => {
  const form = new FormData();
  form.append('title', 'Rösti');
  form.append('tags', 'Salzig');
  form.append('tags', 'Winter');
  form.append('ingredientName', 'Kartoffeln');
  form.append('ingredientAmount', '1 kg');
  form.append('ingredientName', 'Salz');
  form.append('lead', new Blob(['not text']), 'lead.txt');
  expect(recipeFormValues(form)).toEqual({
    ...EMPTY_RECIPE_FORM,
    title: 'Rösti',
    tags: ['Salzig', 'Winter'],
    ingredients: [
      { name: 'Kartoffeln', amount: '1 kg' },
      { name: 'Salz', amount: '' },
    ],
  });
  // Whatever is posted, the answer is German messages, never an exception.
  expect(validateRecipe(recipeFormValues(new FormData())).success).toBe(false);
});

test('on saving, an ingredient typed but not added counts as added; a blank one adds nothing', () => {
  const form = (typed: string, amount: string) =>
    new URLSearchParams([
      ['ingredientName', 'Milch'],
      ['ingredientAmount', '1 l'],
      ['newIngredientName', typed],
      ['newIngredientAmount', amount],
    ]) as unknown as FormData;
  const values = (data: FormData) => withTypedIngredient(recipeFormValues(data), data).ingredients;
  expect(values(form(' Honig ', ' 1 EL '))).toEqual([
    { name: 'Milch', amount: '1 l' },
    { name: 'Honig', amount: '1 EL' },
  ]);
  expect(values(form(' \u200B ', '1 EL'))).toEqual([{ name: 'Milch', amount: '1 l' }]);
});

test('an ingredient is added only with a name; both parts are trimmed, the amount may be empty', () => {
  expect(newIngredient('   ', '200 g')).toBeNull();
  expect(newIngredient(' Butter ', ' 50 g ')).toEqual({ name: 'Butter', amount: '50 g' });
  expect(newIngredient('Salz', '')).toEqual({ name: 'Salz', amount: '' });
});
