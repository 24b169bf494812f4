// What the create and edit actions have in common: read the posted form
// (size-capped), apply the ingredient buttons of a page without JavaScript,
// validate with the shared schema. Whatever happens, the answer carries the
// values as typed, so the form never loses them.
import { data } from 'react-router';
import { hasRepeatedField, MALFORMED_BODY_MESSAGE, REPEATED_FIELD_MESSAGE, UNKNOWN_INTENT_MESSAGE } from '../../lib/form-data.server.ts';
import { BodyTooLargeError, MalformedBodyError, readFormCapped } from '../../lib/request-body.server.ts';
import { SIGNED_OUT } from './keep-form-on-failure.ts';
import type { RecipeRefusal } from './recipe-mutations.server.ts';
import {
  EMPTY_RECIPE_FORM,
  newIngredient,
  RECIPE_LIMITS,
  recipeFormValues,
  textOf,
  TOO_MANY_INGREDIENTS,
  validateRecipe,
  type RecipeFormAnswer,
  type RecipeFormValues,
  withTypedIngredient,
  type RecipeInput,
} from './recipe-schema.ts';

/** The form's list fields (see recipeFormValues); every other field comes once. */
const LIST_FIELDS = ['tags', 'ingredientName', 'ingredientAmount'];

/** Far above what the form's bounded fields can produce, even percent-encoded. */
const MAX_FORM_BYTES = 512 * 1024;

export type RecipeSubmit =
  | { kind: 'save'; input: RecipeInput; values: RecipeFormValues }
  /** Nothing to save: the form comes back (changed ingredient list, or messages). */
  | { kind: 'answer'; response: ReturnType<typeof data<RecipeFormAnswer>> };

export function formAnswer(answer: RecipeFormAnswer, status: number) {
  return data(answer, { status });
}

/** Every reason a recipe write is refused, as the answer says it: one table for create, edit and delete. */
export const RECIPE_REFUSALS: Record<RecipeRefusal, { status: number; message: string }> = {
  'not-found': { status: 404, message: 'Dieses Rezept gibt es nicht (mehr).' },
  forbidden: { status: 403, message: 'Du kannst nur deine eigenen Rezepte bearbeiten oder löschen.' },
  'image-missing': { status: 409, message: 'Das Bild ist nicht mehr vorhanden. Bitte lade es noch einmal hoch.' },
  'too-many': { status: 429, message: 'Du hast in der letzten Stunde schon viele Rezepte erfasst. Bitte versuche es später noch einmal.' },
};

/** The form back with the reason a save was refused, under the field it concerns. */
export function refusalAnswer(values: RecipeFormValues, reason: RecipeRefusal) {
  const { status, message } = RECIPE_REFUSALS[reason];
  if (reason === 'image-missing') return formAnswer({ values: { ...values, imageId: '' }, errors: { imageId: message } }, status);
  return formAnswer({ values, formError: message }, status);
}

/** A save without a session: a redirect to the login would throw away everything typed. */
export function signedOutAnswer(values: RecipeFormValues) {
  return formAnswer({ values, formError: SIGNED_OUT }, 401);
}

export async function readRecipeSubmit(request: Request): Promise<RecipeSubmit> {
  let form: FormData;
  try {
    form = await readFormCapped(request, MAX_FORM_BYTES);
  } catch (error) {
    const formError =
      error instanceof BodyTooLargeError
        ? 'Deine Eingaben sind zu umfangreich. Bitte kürze den Text.'
        : error instanceof MalformedBodyError
          ? MALFORMED_BODY_MESSAGE
          : 'Deine Eingaben sind nicht vollständig angekommen. Bitte versuche es noch einmal.';
    return { kind: 'answer', response: formAnswer({ values: EMPTY_RECIPE_FORM, formError }, error instanceof BodyTooLargeError ? 413 : 400) };
  }
  const values = recipeFormValues(form);
  if (hasRepeatedField(form, LIST_FIELDS)) return { kind: 'answer', response: formAnswer({ values, formError: REPEATED_FIELD_MESSAGE }, 400) };
  const intent = form.get('intent');

  // The ingredient buttons of a page without JavaScript (with it, the
  // browser changes the list itself and never sends these).
  if (intent === 'add-ingredient') {
    const ingredient = newIngredient(textOf(form, 'newIngredientName'), textOf(form, 'newIngredientAmount'));
    if (ingredient && values.ingredients.length >= RECIPE_LIMITS.ingredients) {
      return { kind: 'answer', response: formAnswer({ values, errors: { ingredients: TOO_MANY_INGREDIENTS }, typedIngredient: ingredient }, 400) };
    }
    const ingredients = ingredient ? [...values.ingredients, ingredient] : values.ingredients;
    return { kind: 'answer', response: formAnswer({ values: { ...values, ingredients } }, 200) };
  }
  const remove = typeof intent === 'string' ? /^remove-ingredient:(\d{1,3})$/.exec(intent) : null;
  if (remove) {
    const index = Number(remove[1]);
    return { kind: 'answer', response: formAnswer({ values: { ...values, ingredients: values.ingredients.filter((_, i) => i !== index) } }, 200) };
  }
  // Only the form's own save buttons save: any other intent, or none, is no request of this form.
  if (intent !== 'save') return { kind: 'answer', response: formAnswer({ values, formError: UNKNOWN_INTENT_MESSAGE }, 400) };

  const toSave = withTypedIngredient(values, form);
  const result = validateRecipe(toSave);
  if (!result.success) return { kind: 'answer', response: formAnswer({ values: toSave, errors: result.errors }, 400) };
  return { kind: 'save', input: result.data, values: toSave };
}
