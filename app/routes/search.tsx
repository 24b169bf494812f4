import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Route } from './+types/search';
import { useOptionalUser } from '../features/accounts/use-optional-user.ts';
import { MarkedText } from '../features/recipes/components/marked-text.tsx';
import { RecipeGrid } from '../features/recipes/components/recipe-grid.tsx';
import { ownerActionsFor } from '../features/recipes/components/recipe-owner-actions.tsx';
import { SearchEmptyState } from '../features/recipes/components/search-empty-state.tsx';
import { SearchForm } from '../features/recipes/components/search-form.tsx';
import { searchRecipes } from '../features/recipes/recipe-search.server.ts';
import { PaginationNav } from '../components/pagination-nav.tsx';
import { pageMeta } from '../utils/meta.ts';
import { pageTitle } from '../utils/pagination.ts';
import { hasFilters, MAX_QUERY_LENGTH, MAX_QUERY_WORDS, readSearchRequest, searchHref, SEARCH_PATH } from '../utils/search-params.ts';
import { refusal } from '../utils/refusal.ts';

// Not in the anonymous page cache (server/page-cache.ts lists the pages it
// keeps): every query and filter would be a copy of its own, and the key would
// have to normalise all of them; a search costs a few milliseconds of database
// time (bench/RESULTS.md), rendering it is the same as any list.

export function meta({ loaderData }: Route.MetaArgs) {
  const query = loaderData?.query;
  const title = query ? `Suche: «${query}»` : 'Suche';
  return [
    ...pageMeta(pageTitle(title, loaderData?.result?.page ?? 1), 'Rezepte im Chuchiblog durchsuchen.'),
    // Result pages are for readers, not for search engines' indexes.
    { name: 'robots', content: 'noindex, follow' },
  ];
}

export async function loader({ url }: Route.LoaderArgs) {
  const { query, words, filters, page, ignored, shortened } = readSearchRequest(url);
  if (words.length === 0 && !hasFilters(filters)) return { query, filters, ignored, shortened, result: null };
  const result = await searchRecipes(words, filters, page);
  // A page beyond the last is no page (as on every list); the first always exists.
  if (result.page > result.pageCount) throw refusal(404);
  return { query, filters, ignored, shortened, result };
}

function countText(total: number) {
  return total === 1 ? '1 Rezept gefunden' : `${total.toLocaleString('de-CH')} Rezepte gefunden`;
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { query, filters, ignored, shortened, result } = loaderData;
  const actionsFor = ownerActionsFor(useOptionalUser()?.id);
  // The form is made anew for each search, so that its fields show the search made (from the header too).
  const formKey = searchHref(query, filters);
  return (
    <Stack spacing={{ xs: 3, md: 4 }}>
      <Typography variant="h1">{query ? `Suche nach «${query}»` : 'Suche'}</Typography>
      <SearchForm key={formKey} query={query} filters={filters} />
      {ignored.length > 0 && (
        <Alert severity="info">{`Nicht verstanden und darum nicht angewandt: ${ignored.join(', ')}. Wähle die Filter im Formular.`}</Alert>
      )}
      {shortened && (
        <Alert severity="info">{`Dein Suchbegriff ist sehr lang: Gesucht wird nach den ersten ${MAX_QUERY_WORDS} Wörtern, höchstens ${MAX_QUERY_LENGTH} Zeichen.`}</Alert>
      )}
      {!result && query && <Alert severity="info">Dein Suchbegriff enthält keine Buchstaben oder Ziffern. Versuche es mit einem Wort wie «Zopf».</Alert>}
      {!result && !query && (
        <Typography sx={{ color: 'text.secondary' }}>
          Suche nach Titel, Zutaten, Stichwörtern oder Zubereitung – oder wähle nur Filter. Was nicht drin sein soll, schreibst du nach «ohne»: «Kuchen ohne Eier».
        </Typography>
      )}
      {result && result.total === 0 && (
        <SearchEmptyState
          query={query}
          suggestion={result.suggestion && searchHref(result.suggestion, filters)}
          suggestionText={result.suggestion}
          filtered={hasFilters(filters)}
          onlyCommonWords={result.onlyCommonWords}
        />
      )}
      {result && result.total > 0 && (
        <Stack spacing={3}>
          <Typography role="status" sx={{ color: 'text.secondary' }}>
            {countText(result.total)}
          </Typography>
          <RecipeGrid
            leadsPage
            recipes={result.recipes}
            actionsFor={actionsFor}
            hiddenHeading="Suchergebnisse"
            shownFor={(hit) => ({ title: <MarkedText text={hit.titleMarked} />, lead: <MarkedText text={hit.leadMarked} /> })}
          />
          <PaginationNav pathname={SEARCH_PATH} page={result.page} pageCount={result.pageCount} hrefFor={(n) => searchHref(query, filters, n)} />
        </Stack>
      )}
    </Stack>
  );
}
