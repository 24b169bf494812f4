import { redirect } from 'react-router';
import type { Route } from './+types/category';
import { useOptionalUser } from '../features/accounts/use-optional-user.ts';
import { CATEGORY_PAGES, sideListCategory } from '../features/recipes/category-pages.ts';
import { CompactRecipeList } from '../features/recipes/components/compact-recipe-list.tsx';
import { RecipeEmptyState } from '../features/recipes/components/recipe-empty-state.tsx';
import { RecipeGrid } from '../features/recipes/components/recipe-grid.tsx';
import { ownerActionsFor } from '../features/recipes/components/recipe-owner-actions.tsx';
import { MainWithSide } from '../components/layout/main-with-side.tsx';
import { PaginationNav } from '../components/pagination-nav.tsx';
import { Stack } from '../components/stack.tsx';
import { Text } from '../components/text.tsx';
import { requireExistingPage, requirePageNumber } from '../features/recipes/list-page.server.ts';
import { listNewestByTag, listRecipesByCategory } from '../features/recipes/recipe-queries.server.ts';
import { listShareImage } from '../features/recipes/list-share-image.ts';
import { categoryBySlug, tagPath } from '../utils/catalog.ts';
import { pageMeta } from '../utils/meta.ts';
import { firstPositionOf, pageHref, pageLinks, pageTitle } from '../utils/pagination.ts';
import { canonicalLink, feedLink, recipeListJsonLd, sharePreview, shortDescription, siteUrlOf } from '../utils/seo.ts';
import styles from './list-page.module.css';
import { refusal } from '../utils/refusal.ts';

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return pageMeta('Seite nicht gefunden'); // the error screen says noindex
  const siteUrl = siteUrlOf(matches);
  const { category, intro, pathname, recipes, page, pageCount } = loaderData;
  const title = pageTitle(category, page);
  const description = page > 1 ? `${category}: alle Rezepte dieser Kategorie im Chuchiblog, die neusten zuerst – Seite ${page}.` : shortDescription(intro);
  return [
    ...pageMeta(title, description),
    canonicalLink(siteUrl, pageHref(pathname, page)),
    ...pageLinks(pathname, page, pageCount),
    feedLink(siteUrl, `${pathname}/feed.xml`, `Chuchiblog – ${category}`),
    ...sharePreview({ type: 'website', title, description, url: `${siteUrl}${pageHref(pathname, page)}`, image: listShareImage(recipes, siteUrl) }),
    ...recipeListJsonLd(siteUrl, { name: category, path: pathname }, recipes, firstPositionOf(page)),
  ];
}

export async function loader({ url }: Route.LoaderArgs) {
  // One module serves all five category routes; the path says which.
  // (`url` is the page's URL; request.url may be a ".data" request.)
  const slug = url.pathname.split('/')[1] ?? '';
  const category = categoryBySlug(slug);
  if (!category) {
    // "/Dessert" (routes match in any letter case): the category's own address, for good, as a tag's.
    const spelled = categoryBySlug(slug.toLowerCase());
    if (spelled) throw redirect(`/${spelled.slug}${url.search}`, 301);
    throw refusal(404);
  }
  const { intro, sideLists: lists } = CATEGORY_PAGES[category.slug];
  const [list, sideLists] = await Promise.all([
    listRecipesByCategory(category.label, requirePageNumber(url)),
    Promise.all(
      lists.map(async (list) => ({
        title: list.title,
        tag: list.tag,
        recipes: await listNewestByTag(list.tag, sideListCategory(list, category.label)),
      })),
    ),
  ]);
  const { recipes, page, pageCount } = requireExistingPage(list);
  return { category: category.label, intro, pathname: `/${category.slug}`, recipes, page, pageCount, sideLists };
}

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { category, intro, pathname, recipes, page, pageCount, sideLists } = loaderData;
  const hasSide = sideLists.length > 0;
  const actionsFor = ownerActionsFor(useOptionalUser()?.id);
  return (
    <Stack spacing={3} spacingMd={4}>
      <Stack spacing={1.5} className={styles.intro}>
        <Text variant="h1">{category}</Text>
        <Text>{intro}</Text>
      </Stack>
      <MainWithSide
        side={
          hasSide && (
            <Stack spacing={3}>
              {sideLists.map((list) => (
                <CompactRecipeList
                  key={list.title}
                  title={list.title}
                  recipes={list.recipes}
                  more={{ href: tagPath(list.tag), label: `Alle Rezepte mit «${list.tag}»` }}
                />
              ))}
            </Stack>
          )
        }
      >
        {recipes.length === 0 ? <RecipeEmptyState /> : <RecipeGrid leadsPage recipes={recipes} showCategory={false} columns={hasSide ? 2 : 3} actionsFor={actionsFor} hiddenHeading={`Alle Rezepte: ${category}`} />}
        <PaginationNav pathname={pathname} page={page} pageCount={pageCount} />
      </MainWithSide>
    </Stack>
  );
}
