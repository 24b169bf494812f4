// The recipe form's client action: when saving fails on the way (no
// connection, or the server broke), the form stays with everything typed and
// says so in German, instead of an error page that loses the input.
import { data, isRouteErrorResponse } from 'react-router';
import type { FormAnswer } from '../../components/form/form-answer.ts';
import { recipeFormValues, type RecipeFormValues } from './recipe-schema.ts';

export const OFFLINE = 'Keine Verbindung zum Chuchiblog. Bitte prüfe deine Internetverbindung und versuche es noch einmal.';
export const SAVE_FAILED = 'Das Rezept konnte gerade nicht gespeichert werden. Bitte versuche es in einem Moment noch einmal.';
/** The session ended while the form was open (signed out in another tab, or everywhere): the form stays, and says how to go on. */
export const SIGNED_OUT = 'Du bist nicht mehr angemeldet. Melde dich in einem neuen Tab an und speichere dann hier noch einmal: Deine Eingaben bleiben erhalten.';


export async function keepFormOnFailure<T>(request: Request, serverAction: () => Promise<T>) {
  const form = await request.clone().formData();
  try {
    return await serverAction();
  } catch (error) {
    // Redirects (saved, or signed out) and deliberate error pages go on as usual.
    if (error instanceof Response || isRouteErrorResponse(error)) throw error;
    const answer: FormAnswer<RecipeFormValues> = { values: recipeFormValues(form), formError: error instanceof TypeError ? OFFLINE : SAVE_FAILED };
    // An error status: the pages' data is not reloaded (that would fail the same way).
    return data(answer, { status: 503 });
  }
}
