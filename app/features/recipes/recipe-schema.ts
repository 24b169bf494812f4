// The recipe form's rules, in one place for both sides: the browser checks a
// submit with them before sending it, the server checks every request with
// them again before anything is saved. Every message is German and meant
// for the person filling in the form. The limits are listed in
// docs/product-rules.md.
import { z } from 'zod';
import { CATEGORY_LABELS, LEVELS, TAGS } from '../../utils/catalog.ts';
import { isUuid } from '../../utils/ids.ts';
import { CONTROL_CHARACTER_MESSAGE, hasVisibleText, isMultiLineText, isSingleLineText } from '../../utils/plain-text.ts';
import { validate, type FieldErrors, type FormAnswer, type Validation } from '../../components/form/form-answer.ts';
import type { Ingredient, RecipeDetail } from './recipe-types.ts';

export const RECIPE_LIMITS = {
  title: 120,
  lead: 500,
  quantity: 80,
  description: 10_000,
  additional: 4_000,
  ingredientName: 120,
  ingredientAmount: 40,
  ingredients: 60,
  /** Three days: enough for a sourdough, and far below the database's own bound (10000). */
  durationMax: 4_320,
} as const;

/** Said when the list is full: by the schema, and at once when a cook adds one more. */
export const TOO_MANY_INGREDIENTS = `Ein Rezept hat höchstens ${RECIPE_LIMITS.ingredients} Zutaten.`;

type Lines = 'single-line' | 'multi-line';

function plain(schema: z.ZodString, lines: Lines) {
  return schema.refine(lines === 'single-line' ? isSingleLineText : isMultiLineText, { error: CONTROL_CHARACTER_MESSAGE });
}

function text(max: number, missing: string, tooLong: string, lines: Lines = 'single-line') {
  return plain(z.string({ error: missing }).trim().refine(hasVisibleText, { error: missing }).max(max, { error: tooLong }), lines);
}

/** An optional text: one that shows nothing (zero-width spaces alone) is none. */
function optional(schema: ReturnType<typeof plain>) {
  return schema.transform((value) => (hasVisibleText(value) ? value : ''));
}

export const recipeSchema = z.object({
  title: text(RECIPE_LIMITS.title, 'Bitte gib einen Titel ein.', `Der Titel darf höchstens ${RECIPE_LIMITS.title} Zeichen lang sein.`),
  lead: text(RECIPE_LIMITS.lead, 'Bitte gib einen Lead ein.', `Der Lead darf höchstens ${RECIPE_LIMITS.lead} Zeichen lang sein.`, 'multi-line'),
  category: z.enum(CATEGORY_LABELS, { error: 'Bitte wähle eine Kategorie.' }),
  level: z.enum(LEVELS, { error: 'Bitte wähle einen Schwierigkeitsgrad.' }),
  // Digits only, as a number input sends them: "30 ", "0x1E" or "3e1" are refused, not guessed. A minus
  // is read, so that "-5" hears the rule it breaks (at least a minute), not that it is no whole number.
  duration: z
    .string({ error: 'Bitte gib die Dauer in Minuten an.' })
    .min(1, { error: 'Bitte gib die Dauer in Minuten an.' })
    .regex(/^-?\d{1,6}$/, { error: 'Bitte gib die Dauer als ganze Zahl in Minuten an.' })
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(1, { error: 'Die Dauer muss mindestens 1 Minute betragen.' })
        .max(RECIPE_LIMITS.durationMax, { error: `Die Dauer darf höchstens ${RECIPE_LIMITS.durationMax} Minuten (3 Tage) betragen.` }),
    ),
  quantity: text(
    RECIPE_LIMITS.quantity,
    'Bitte gib die Portionen an (z. B. «für 4 Personen»).',
    `Die Portionen dürfen höchstens ${RECIPE_LIMITS.quantity} Zeichen lang sein.`,
  ),
  tags: z
    .array(z.enum(TAGS, { error: 'Bitte wähle nur Tags aus der Liste.' }), { error: 'Bitte wähle nur Tags aus der Liste.' })
    .max(TAGS.length, { error: 'Bitte wähle nur Tags aus der Liste.' })
    // A tag counts once, in the catalogue's order.
    .transform((tags) => TAGS.filter((t) => tags.includes(t))),
  ingredients: z
    .array(
      z.object({
        name: text(
          RECIPE_LIMITS.ingredientName,
          'Jede Zutat braucht einen Namen.',
          `Der Name einer Zutat darf höchstens ${RECIPE_LIMITS.ingredientName} Zeichen lang sein.`,
        ),
        amount: optional(
          plain(
            z
              .string({ error: 'Die Menge einer Zutat ist ungültig.' })
              .trim()
              .max(RECIPE_LIMITS.ingredientAmount, {
                error: `Die Menge einer Zutat darf höchstens ${RECIPE_LIMITS.ingredientAmount} Zeichen lang sein.`,
              }),
            'single-line',
          ),
        ),
      }),
      { error: 'Bitte füge mindestens eine Zutat hinzu.' },
    )
    .min(1, { error: 'Bitte füge mindestens eine Zutat hinzu.' })
    .max(RECIPE_LIMITS.ingredients, { error: TOO_MANY_INGREDIENTS }),
  description: text(
    RECIPE_LIMITS.description,
    'Bitte beschreibe die Zubereitung.',
    `Die Zubereitung darf höchstens ${RECIPE_LIMITS.description} Zeichen lang sein.`,
    'multi-line',
  ),
  additional: optional(
    plain(
      z
        .string({ error: 'Die Tipps & Tricks sind ungültig.' })
        .trim()
        .max(RECIPE_LIMITS.additional, { error: `Die Tipps & Tricks dürfen höchstens ${RECIPE_LIMITS.additional} Zeichen lang sein.` }),
      'multi-line',
    ),
  ).transform((value) => value || null),
  imageId: z
    .string({ error: 'Das Bild ist ungültig. Bitte lade es noch einmal hoch.' })
    .refine((value) => value === '' || isUuid(value), { error: 'Das Bild ist ungültig. Bitte lade es noch einmal hoch.' })
    .transform((value) => value.toLowerCase() || null),
});

/** A validated recipe, ready to be saved. */
export type RecipeInput = z.output<typeof recipeSchema>;

/**
 * The field names, from the schema, in the order the form shows them (the
 * first error gets the focus). Everything below is typed on them: a field
 * added to the schema is a type error wherever it is not handled yet
 * (empty form, labels, reading a submit, the edit form's values, the
 * columns written), and tests/integration/recipe-form-fields.test.ts checks
 * the form has an input for it.
 */
export const RECIPE_FIELDS = recipeSchema.keyof().options;
export type RecipeField = (typeof RECIPE_FIELDS)[number];

/** A value as a form holds it: text as typed (a list stays a list). */
type AsTyped<T> = T extends readonly (infer Item)[] ? (Item extends object ? { [K in keyof Item]: string } : string)[] : string;

/** What the form holds: text as typed, so that a refused submit keeps everything. */
export type RecipeFormValues = { [Field in RecipeField]: AsTyped<z.input<typeof recipeSchema>[Field]> };

/** The recipe form's answer; a refused "Zutat hinzufügen" without JavaScript also gives back the ingredient typed. */
export type RecipeFormAnswer = FormAnswer<RecipeFormValues> & { typedIngredient?: Ingredient };
export type RecipeFieldErrors = FieldErrors<RecipeField>;

export const EMPTY_RECIPE_FORM: RecipeFormValues = {
  title: '',
  lead: '',
  category: '',
  level: '',
  duration: '',
  quantity: '',
  tags: [],
  ingredients: [],
  description: '',
  additional: '',
  imageId: '',
};

/** The fields' German names: the form's labels and its "Bitte prüfe noch: …" list. */
export const RECIPE_LABELS: Record<RecipeField, string> = {
  title: 'Titel',
  lead: 'Lead',
  category: 'Kategorie',
  level: 'Schwierigkeitsgrad',
  duration: 'Dauer in Minuten',
  quantity: 'Portionen',
  tags: 'Tags',
  ingredients: 'Zutaten',
  description: 'Zubereitung',
  additional: 'Tipps & Tricks',
  imageId: 'Bild',
};

export function validateRecipe(values: RecipeFormValues): Validation<RecipeInput, RecipeField> {
  return validate(recipeSchema, values);
}

// The form's wire format (application/x-www-form-urlencoded, so that it
// works without JavaScript too): one value per field; tags repeated; the
// ingredients as parallel lists `ingredientName` / `ingredientAmount`.
const MAX_REPEATED = 200;

/** A single form field as text; absent or a file becomes empty text. */
export function textOf(formData: FormData, name: string) {
  const value = formData.get(name);
  return typeof value === 'string' ? value : '';
}

function textsOf(formData: FormData, name: string) {
  // Anything beyond the bounds is refused by the schema anyway; no need to
  // carry thousands of values there.
  return formData
    .getAll(name)
    .slice(0, MAX_REPEATED)
    .map((value) => (typeof value === 'string' ? value : ''));
}

/** Reads the form's fields from a submit, whatever arrives: absent or odd values become empty text. */
export function recipeFormValues(formData: FormData): RecipeFormValues {
  const names = textsOf(formData, 'ingredientName');
  const amounts = textsOf(formData, 'ingredientAmount');
  return {
    title: textOf(formData, 'title'),
    lead: textOf(formData, 'lead'),
    category: textOf(formData, 'category'),
    level: textOf(formData, 'level'),
    duration: textOf(formData, 'duration'),
    quantity: textOf(formData, 'quantity'),
    tags: textsOf(formData, 'tags'),
    ingredients: names.map((name, i) => ({ name, amount: amounts[i] ?? '' })),
    description: textOf(formData, 'description'),
    additional: textOf(formData, 'additional'),
    imageId: textOf(formData, 'imageId'),
  };
}

/**
 * The values to save: the ingredient still typed into `Zutat` / `Menge` counts
 * as added. Whoever saves (Erfassen, or Enter in any field, which saves a page
 * without JavaScript) means what they typed; dropping it lost it unseen.
 */
export function withTypedIngredient(values: RecipeFormValues, formData: FormData): RecipeFormValues {
  const typed = newIngredient(textOf(formData, 'newIngredientName'), textOf(formData, 'newIngredientAmount'));
  return typed ? { ...values, ingredients: [...values.ingredients, typed] } : values;
}

/**
 * The ingredient the `Zutat` / `Menge` inputs describe, or null when the name
 * shows nothing (then nothing is added). Both are trimmed.
 */
export function newIngredient(name: string, amount: string): Ingredient | null {
  const trimmed = name.trim();
  return hasVisibleText(trimmed) ? { name: trimmed, amount: amount.trim() } : null;
}

/** A saved recipe as the edit form shows it. */
export function recipeToFormValues(recipe: RecipeDetail): RecipeFormValues {
  return {
    title: recipe.title,
    lead: recipe.lead,
    category: recipe.category,
    level: recipe.level,
    duration: String(recipe.duration),
    quantity: recipe.quantity,
    tags: recipe.tags,
    ingredients: recipe.ingredients,
    description: recipe.description,
    additional: recipe.additional ?? '',
    imageId: '',
  };
}
