import { data, useActionData, useSearchParams } from 'react-router';
import type { Route } from './+types/detail';
import { useOptionalUser } from '../features/accounts/use-optional-user.ts';
import { Divider } from '../components/divider.tsx';
import { Paper } from '../components/paper.tsx';
import { RatingStars } from '../components/rating-stars.tsx';
import { Stack } from '../components/stack.tsx';
import { Text } from '../components/text.tsx';
import { commentAction } from '../features/comments/comment-actions.server.ts';
import { CompactRecipeItems } from '../features/recipes/components/compact-recipe-list.tsx';
import { CommentsSection } from '../features/comments/components/comments-section.tsx';
import { loadCommentState } from '../features/comments/comment-queries.server.ts';
import { largestJpegWithSize, shareCrop } from '../features/images/image-urls.ts';
import { IngredientsPanel } from '../features/recipes/components/ingredients-panel.tsx';
import { RecipeFacts } from '../features/recipes/components/recipe-facts.tsx';
import { RecipeOwnerActions } from '../features/recipes/components/recipe-owner-actions.tsx';
import { RecipeImage } from '../features/recipes/components/recipe-image.tsx';
import { TagLinks } from '../features/recipes/components/tag-links.tsx';
import { ShareLinks } from '../features/recipes/components/share-links.tsx';
import { RecipeTools } from '../features/recipes/components/recipe-tools.tsx';
import { getPublicRecipe, listSimilarRecipes } from '../features/recipes/recipe-queries.server.ts';
import { getSessionUser } from '../lib/auth.server.ts';
import { getEnv } from '../lib/env.server.ts';
import { rememberPublic } from '../lib/public-data-cache.server.ts';
import { readFormData } from '../lib/form-data.server.ts';
import { recipeSchema } from '../features/recipes/recipe-structured-data.ts';
import { RecipeSteps } from '../features/recipes/components/recipe-steps.tsx';
import { categorySlug, type Category } from '../utils/catalog.ts';
import { pageMeta } from '../utils/meta.ts';
import styles from './detail.module.css';
import { keepDataWhenOnlyServingsChange, readServingsParam, servingsQuery } from '../utils/servings-param.ts';
import { breadcrumbJsonLd, canonicalLink, jsonLd, sharePreview, shortDescription, siteUrlOf } from '../utils/seo.ts';
import { refusal } from '../utils/refusal.ts';
import type { NavCategoryHandle } from '../components/layout/nav-category.ts';

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  if (!loaderData) return pageMeta('Rezept nicht gefunden'); // the error screen says noindex
  const { recipe, shareUrl } = loaderData;
  const siteUrl = siteUrlOf(matches);
  const description = shortDescription(recipe.lead);
  // Pictures uploaded before the share crops existed: their largest rendition.
  const og = recipe.image ? (shareCrop(recipe.image, 'og') ?? largestJpegWithSize(recipe.image)) : undefined;
  const categoryPath = `/${categorySlug(recipe.category as Category)}`;
  return [
    ...pageMeta(recipe.title, description),
    canonicalLink(siteUrl, `/detail/${recipe.uid}`),
    ...sharePreview({
      type: 'article',
      title: recipe.title,
      description,
      url: shareUrl,
      image: og && { ...og, url: `${siteUrl}${og.url}`, alt: recipe.title },
      article: { publishedTime: recipe.createdAt, modifiedTime: recipe.updatedAt, section: recipe.category, tags: recipe.tags },
    }),
    // The structured data follows the servings chosen, like the amounts on the page.
    jsonLd(recipeSchema(recipe, shareUrl, siteUrl, readServingsParam(new URLSearchParams(location.search)))),
    breadcrumbJsonLd([
      { name: 'Startseite', url: `${siteUrl}/` },
      { name: recipe.category, url: `${siteUrl}${categoryPath}` },
      { name: recipe.title, url: shareUrl },
    ]),
  ];
}

/** What the page shows of the recipe: the same for every reader, so kept until the content changes. */
async function loadRecipePage(recipeId: string) {
  const recipe = await getPublicRecipe(recipeId);
  if (!recipe) return undefined;
  const [commentState, similar] = await Promise.all([loadCommentState(recipe.uid), listSimilarRecipes(recipe.uid)]);
  return { recipe, commentState, similar };
}

/** The navigation marks the recipe's category. */
export const handle: NavCategoryHandle<Route.ComponentProps['loaderData']> = {
  navCategory: ({ recipe }) => categorySlug(recipe.category as Category),
};

export async function loader({ params }: Route.LoaderArgs) {
  // A page whose comments failed to load shows that, but is not kept: the next reader tries again.
  const complete = (page: Awaited<ReturnType<typeof loadRecipePage>>) => page !== undefined && page.commentState.error === null;
  const page = await rememberPublic(`detail:${params.recipeId}`, () => loadRecipePage(params.recipeId), complete);
  if (!page) throw refusal(404);
  const { recipe, commentState, similar } = page;
  const { publicUrl } = getEnv();
  const shown = { recipe, commentState, similar, shareUrl: `${publicUrl}/detail/${recipe.uid}` };
  // Nor by the page cache (server/page-cache.ts stores no answer that says no-store).
  return complete(page) ? shown : data(shown, { headers: { 'Cache-Control': 'no-store' } });
}

/** The loader's Cache-Control (a page with a failure in it), on the page and on its data. */
export const headers: Route.HeadersFunction = ({ parentHeaders, loaderHeaders }) => {
  const merged = new Headers(parentHeaders);
  for (const [name, value] of loaderHeaders) merged.set(name, value);
  return merged;
};

/** Other servings change only the amounts, which the page computes itself. */
export const shouldRevalidate = keepDataWhenOnlyServingsChange;

export async function action({ request, params, url }: Route.ActionArgs) {
  const user = await getSessionUser(request);
  const form = await readFormData(request);
  const result = await commentAction(user?.id ?? null, params.recipeId, form, readServingsParam(url.searchParams));
  if (result) return result;
  throw refusal(400);
}

export default function RecipeDetailPage({ loaderData }: Route.ComponentProps) {
  const { recipe, commentState, similar, shareUrl } = loaderData;
  const user = useOptionalUser();
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const servings = readServingsParam(searchParams);
  // A printed recipe names its address, with the servings it was printed for.
  const printedUrl = `${shareUrl}${servingsQuery(servings)}`;
  return (
    <Stack spacing={4} spacingMd={6} component="article" data-print="layout">
      <Stack spacing={1.5} className={styles.head} data-print="head">
        <Text variant="overline" className={styles.category}>
          {recipe.category}
        </Text>
        <Text variant="h1">{recipe.title}</Text>
        {recipe.ratingCount > 0 && <RatingStars value={recipe.avgRating} count={recipe.ratingCount} size="medium" />}
        <RecipeTools cookModeHref={`/detail/${recipe.uid}/kochmodus${servingsQuery(servings)}`} />
        {user?.id === recipe.userId && (
          <div data-print="hide">
            <RecipeOwnerActions recipeId={recipe.uid} variant="detail" redirectTo="/" />
          </div>
        )}
      </Stack>

      {/* Ingredients beside everything else from md up, kept in view while the steps scroll. */}
      <div className={styles.body} data-print="contents">
        <div className={styles.picture} data-print="picture">
          <RecipeImage image={recipe.image} alt={recipe.title} priority sizes="(min-width: 1300px) 840px, (min-width: 900px) 66vw, 100vw" />
        </div>
        <Text className={styles.lead} data-print="lead">
          {recipe.lead}
        </Text>
        <Paper className={styles.facts} data-print="facts">
          <RecipeFacts recipe={recipe} />
          {recipe.tags.length > 0 && <TagLinks tags={recipe.tags} />}
        </Paper>
        <div className={styles.ingredients} data-print="ingredients">
          <IngredientsPanel quantity={recipe.quantity} ingredients={recipe.ingredients} servings={servings} />
        </div>
        <div className={styles.method} data-print="method">
          <Stack component="section" aria-labelledby="zubereitung" spacing={1.5} className={styles.steps} data-print="steps">
            <Text variant="h2" id="zubereitung">
              Zubereitung
            </Text>
            <RecipeSteps description={recipe.description} />
          </Stack>
          {recipe.additional && (
            <Paper component="section" aria-labelledby="tipps" className={styles.tips} data-print="tips">
              <Text variant="h4" component="h2" id="tipps">
                Tipps & Tricks
              </Text>
              <Text className={styles.tipsText}>{recipe.additional}</Text>
            </Paper>
          )}
        </div>
      </div>

      <p data-print="source">Quelle: {printedUrl}</p>

      <div data-print="hide">
        <ShareLinks title={recipe.title} url={shareUrl} />
      </div>

      {similar.length > 0 && (
        <Stack component="section" aria-labelledby="aehnliche" spacing={2} data-print="hide" className={styles.similar}>
          <Divider />
          <Text variant="h2" id="aehnliche">
            Ähnliche Rezepte
          </Text>
          <CompactRecipeItems recipes={similar} columns={2} />
        </Stack>
      )}

      <div data-print="hide">
        <CommentsSection recipeId={recipe.uid} recipeOwnerId={recipe.userId} state={commentState} user={user} result={actionData} />
      </div>
    </Stack>
  );
}
