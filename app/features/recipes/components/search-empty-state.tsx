import SearchOffIcon from '@mui/icons-material/SearchOff';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { ButtonLink } from '../../../components/button-link.tsx';
import { CATEGORIES } from '../../../utils/catalog.ts';
import { searchHref } from '../../../utils/search-params.ts';
import styles from './search-empty-state.module.css';

type Props = {
  query: string;
  /** The address of "Meintest du …?", and its words. */
  suggestion?: string;
  suggestionText?: string;
  /** Filters were set. */
  filtered: boolean;
  /** Every word is one the search leaves out as too common ("und"). */
  onlyCommonWords?: boolean;
};

function leadText(query: string, filtered: boolean) {
  if (!query) return 'Mit diesen Filtern haben wir leider nichts gefunden.';
  return filtered ? `Zu «${query}» haben wir mit diesen Filtern leider nichts gefunden.` : `Zu «${query}» haben wir leider nichts gefunden.`;
}

/** Nothing found: what to try instead (a close spelling, fewer filters, the categories). */
export function SearchEmptyState({ query, suggestion, suggestionText, filtered, onlyCommonWords = false }: Props) {
  // The same words without the filters.
  const withoutFilters = filtered && query ? searchHref(query) : undefined;
  return (
    <Paper elevation={0} sx={{ p: { xs: 3, md: 5 }, borderRadius: 3 }}>
      <SearchOffIcon sx={{ fontSize: 48, color: 'secondary.main' }} />
      <Typography variant="h3" component="h2" sx={{ mt: 1 }}>
        Keine Rezepte gefunden
      </Typography>
      <Typography sx={{ mt: 1 }}>{leadText(query, filtered)}</Typography>
      {suggestion && suggestionText && (
        <Typography sx={{ mt: 2, fontSize: '1.125rem' }}>
          Meintest du{' '}
          <Link to={suggestion} className={styles.suggestion}>
            «{suggestionText}»
          </Link>
          ?
        </Typography>
      )}
      <ul className={styles.tips}>
        {/* With filters set, the words alone may well find something: that first. */}
        {withoutFilters && (
          <li>
            Lass einen Filter weg, oder <Link to={withoutFilters}>suche ohne Filter nach «{query}»</Link>.
          </li>
        )}
        {/* Filters alone: fewer of them is the only tip. */}
        {filtered && !query && <li>Lass einen Filter weg.</li>}
        {query && onlyCommonWords && <li>Wörter wie «und» oder «mit» stehen in fast jedem Rezept: Die Suche lässt sie weg. Suche nach einer Zutat oder einem Gericht, etwa «Rahm» oder «Zopf».</li>}
        {query && !onlyCommonWords && (
          <>
            <li>Prüfe die Schreibweise oder versuche ein anderes Wort. Die Suche kennt Schweizer und deutsche Namen: «Rahm» findet auch «Sahne».</li>
            <li>Weniger Wörter finden mehr: «Kuchen» statt «saftiger Kuchen mit Beeren».</li>
          </>
        )}
      </ul>
      <Typography variant="h6" component="h3" sx={{ mt: 3 }}>
        Oder stöbere in den Kategorien
      </Typography>
      <div className={styles.categories}>
        {CATEGORIES.map((c) => (
          <ButtonLink key={c.slug} to={`/${c.slug}`} variant="outlined" size="small">
            {c.label}
          </ButtonLink>
        ))}
      </div>
    </Paper>
  );
}
