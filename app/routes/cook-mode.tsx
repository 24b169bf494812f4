import { useSearchParams, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { Route } from './+types/cook-mode';
import { CookMode, STEP_PARAM } from '../features/recipes/components/cook-mode.tsx';
import { getPublicRecipe } from '../features/recipes/recipe-queries.server.ts';
import { pageMeta } from '../utils/meta.ts';
import { readServingsParam } from '../utils/servings-param.ts';
import { refusal } from '../utils/refusal.ts';

/** The page is the recipe's own, on the whole screen: no site header or footer (see root.tsx). */
export const handle = { fullScreen: true };

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return pageMeta('Rezept nicht gefunden');
  return [...pageMeta(`Kochmodus: ${loaderData.recipe.title}`, loaderData.recipe.lead), { name: 'robots', content: 'noindex' }];
}

export async function loader({ params }: Route.LoaderArgs) {
  const recipe = await getPublicRecipe(params.recipeId);
  if (!recipe) throw refusal(404);
  return { recipe };
}

/** Another step or other servings change nothing the server sends. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;
}

/** `?schritt=N`: plainly written 1–99; anything else is the first step. */
function readStep(searchParams: URLSearchParams) {
  const value = searchParams.get(STEP_PARAM) ?? '';
  return /^[1-9]\d?$/.test(value) ? Number(value) : 1;
}

export default function CookModePage({ loaderData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  return <CookMode recipe={loaderData.recipe} servings={readServingsParam(searchParams)} step={readStep(searchParams)} />;
}
