import { data, redirect } from 'react-router';
import type { Route } from './+types/tag';
import { useOptionalUser } from '../features/accounts/use-optional-user.ts';
import { RecipeGrid } from '../features/recipes/components/recipe-grid.tsx';
import { ownerActionsFor } from '../features/recipes/components/recipe-owner-actions.tsx';
import { PaginationNav } from '../components/pagination-nav.tsx';
import { Paper } from '../components/paper.tsx';
import { Stack } from '../components/stack.tsx';
import { Text } from '../components/text.tsx';
import { requireExistingPage, requirePageNumber } from '../features/recipes/list-page.server.ts';
import { listRecipesByTag } from '../features/recipes/recipe-queries.server.ts';
import { listShareImage } from '../features/recipes/list-share-image.ts';
import { isTag, tagPath, tagSpelledOtherwise } from '../utils/catalog.ts';
import { pageMeta } from '../utils/meta.ts';
import { firstPositionOf, pageHref, pageLinks, pageTitle } from '../utils/pagination.ts';
import { canonicalLink, NOINDEX, recipeListJsonLd, sharePreview, siteUrlOf } from '../utils/seo.ts';
import styles from './tag.module.css';

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return pageMeta('Seite nicht gefunden'); // the error screen says noindex
  const siteUrl = siteUrlOf(matches);
  const { tag, known, recipes, page, pageCount } = loaderData;
  const title = pageTitle(`Rezepte mit «${tag}»`, page);
  if (!known) return [...pageMeta(title, 'Dieses Stichwort gibt es im Chuchiblog nicht.'), NOINDEX];
  const description = `Alle Rezepte mit dem Stichwort «${tag}» im Chuchiblog, die neusten zuerst${page > 1 ? ` – Seite ${page}` : ''}.`;
  const path = pageHref(tagPath(tag), page);
  return [
    ...pageMeta(title, description),
    canonicalLink(siteUrl, path),
    ...pageLinks(tagPath(tag), page, pageCount),
    ...sharePreview({ type: 'website', title, description, url: `${siteUrl}${path}`, image: listShareImage(recipes, siteUrl) }),
    ...recipeListJsonLd(siteUrl, { name: tag, path: tagPath(tag) }, recipes, firstPositionOf(page)),
  ];
}

export async function loader({ params, url }: Route.LoaderArgs) {
  const tag = params.tag;
  // "/tags/salzig": the tag's own address, for good (301), with the page asked for.
  const spelled = isTag(tag) ? undefined : tagSpelledOtherwise(tag);
  if (spelled) throw redirect(`${tagPath(spelled)}${url.search}`, 301);
  // An unknown tag is a real 404 (no soft 404s), with the same friendly text.
  if (!isTag(tag)) return data({ tag, known: false, recipes: [], page: 1, pageCount: 1 }, { status: 404 });
  const { recipes, page, pageCount } = requireExistingPage(await listRecipesByTag(tag, requirePageNumber(url)));
  return { tag, known: true, recipes, page, pageCount };
}

export default function TagPage({ loaderData }: Route.ComponentProps) {
  const { tag, recipes, page, pageCount } = loaderData;
  const actionsFor = ownerActionsFor(useOptionalUser()?.id);
  return (
    <Stack spacing={3} spacingMd={4}>
      <Stack spacing={1} className={styles.head}>
        <Text variant="overline" className={styles.overline}>
          Stichwort
        </Text>
        <Text variant="h1">
          <span className={styles.chip}>
            <span className={styles.chipLabel}>{tag}</span>
          </span>
        </Text>
      </Stack>
      {recipes.length === 0 ? (
        <Paper className={styles.empty}>
          <Text variant="h5" component="p">
            Es wurden keine Blogs mit diesem Tag gefunden
          </Text>
        </Paper>
      ) : (
        <RecipeGrid leadsPage recipes={recipes} actionsFor={actionsFor} hiddenHeading={`Rezepte mit «${tag}»`} />
      )}
      <PaginationNav pathname={tagPath(tag)} page={page} pageCount={pageCount} />
    </Stack>
  );
}
