import type { Route } from './+types/home';
import { useOptionalUser } from '../features/accounts/use-optional-user.ts';
import { CompactRecipeList } from '../features/recipes/components/compact-recipe-list.tsx';
import { FeaturedRecipe } from '../features/recipes/components/featured-recipe.tsx';
import { RecipeEmptyState } from '../features/recipes/components/recipe-empty-state.tsx';
import { RecipeGrid } from '../features/recipes/components/recipe-grid.tsx';
import { ownerActionsFor } from '../features/recipes/components/recipe-owner-actions.tsx';
import { AppLink } from '../components/app-link.tsx';
import { MainWithSide } from '../components/layout/main-with-side.tsx';
import { PaginationNav } from '../components/pagination-nav.tsx';
import { Stack } from '../components/stack.tsx';
import { Text } from '../components/text.tsx';
import { requireExistingPage, requirePageNumber } from '../features/recipes/list-page.server.ts';
import { listNewestByTag, listRecipes } from '../features/recipes/recipe-queries.server.ts';
import { listShareImage } from '../features/recipes/list-share-image.ts';
import { tagPath } from '../utils/catalog.ts';
import { pageMeta } from '../utils/meta.ts';
import { pageHref, pageLinks, pageTitle } from '../utils/pagination.ts';
import styles from './list-page.module.css';
import { canonicalLink, feedLink, sharePreview, siteJsonLd, siteUrlOf } from '../utils/seo.ts';

const HOME_DESCRIPTION = 'Schweizer Rezepte zum Nachkochen: Apéro, Vorspeise, Hauptgang, Dessert und Backen – erprobt, mit Liebe aufgeschrieben und von der Community bewertet.';

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const siteUrl = siteUrlOf(matches);
  const page = loaderData?.page ?? 1;
  const title = page > 1 ? pageTitle('Alle Rezepte', page) : undefined;
  const description = page > 1 ? `Alle Rezepte im Chuchiblog, die neusten zuerst – Seite ${page}.` : HOME_DESCRIPTION;
  return [
    ...pageMeta(title, description),
    canonicalLink(siteUrl, pageHref('/', page)),
    ...(loaderData ? pageLinks('/', page, loaderData.pageCount) : []),
    feedLink(siteUrl, '/feed.xml', 'Chuchiblog – die neusten Rezepte'),
    ...sharePreview({
      type: 'website',
      title: title ?? 'Chuchiblog – der Kochblog aus der Schweiz',
      description,
      url: `${siteUrl}${pageHref('/', page)}`,
      image: loaderData && listShareImage(loaderData.recipes, siteUrl),
    }),
    ...(page === 1 ? [siteJsonLd(siteUrl, HOME_DESCRIPTION)] : []),
  ];
}

export async function loader({ url }: Route.LoaderArgs) {
  const [list, spring] = await Promise.all([listRecipes(requirePageNumber(url)), listNewestByTag('Frühling')]);
  const { recipes, page, pageCount } = requireExistingPage(list);
  return { recipes, page, pageCount, spring };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { recipes, page, pageCount, spring } = loaderData;
  // The newest recipe is featured on the first page; later pages are all cards.
  const featured = page === 1 ? recipes[0] : undefined;
  const rest = featured ? recipes.slice(1) : recipes;
  // The owner's edit and delete controls on their own cards (the server checks again).
  const user = useOptionalUser();
  const actionsFor = ownerActionsFor(user?.id);
  return (
    <Stack spacing={3} spacingMd={5}>
      {page === 1 ? (
        <Welcome signedIn={user !== null} />
      ) : (
        // Later pages continue the list: the greeting was said on the first.
        <Stack spacing={1.5} component="section" className={styles.intro}>
          <Text variant="h1">Alle Rezepte</Text>
          <Text>
            Seite {page} von {pageCount}, die neusten zuerst.
          </Text>
        </Stack>
      )}
      {recipes.length === 0 ? (
        <RecipeEmptyState />
      ) : (
        <MainWithSide
          side={
            <CompactRecipeList
              title="Der Frühling kommt"
              recipes={spring}
              more={{ href: tagPath('Frühling'), label: 'Alle Frühlingsrezepte' }}
            />
          }
        >
          <Stack spacing={4}>
            {featured && <FeaturedRecipe recipe={featured} actions={actionsFor(featured)} />}
            {rest.length > 0 && (
              <section aria-label="Weitere Rezepte">
                <RecipeGrid recipes={rest} columns={2} actionsFor={actionsFor} />
              </section>
            )}
          </Stack>
          <PaginationNav pathname="/" page={page} pageCount={pageCount} />
        </MainWithSide>
      )}
    </Stack>
  );
}

/** The first page's greeting: the heading the spec names and two paragraphs. */
function Welcome({ signedIn }: { signedIn: boolean }) {
  return (
    <Stack spacing={1.5} component="section" className={styles.intro}>
      <Text variant="h1">Willkommen im Chuchiblog!</Text>
      <Text>
        Hier kochen und backen wir uns durch die Schweiz: von der Bündner Gerstensuppe über das Zürcher
        Geschnetzelte bis zum Sonntagszopf. Alle Rezepte sind erprobt, mit Liebe aufgeschrieben und gelingen
        auch in der kleinen Küche.
      </Text>
      <Text>
        Stöbere nach Kategorien oder Stichworten, lass dich von der Saison inspirieren – und wenn du ein
        eigenes Lieblingsrezept hast:{' '}
        {signedIn ? (
          <>
            <AppLink to="/create">Erfasse es</AppLink> und bewerte die Gerichte der anderen.
          </>
        ) : (
          <>
            <AppLink to="/login">Melde dich an</AppLink>, erfasse es und bewerte die Gerichte der anderen.
          </>
        )}
      </Text>
    </Stack>
  );
}
