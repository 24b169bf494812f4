import SearchIcon from '@mui/icons-material/Search';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Form } from 'react-router';
import { CATEGORIES, LEVELS, TAGS } from '../../../utils/catalog.ts';
import { DURATION_CHOICES, MAX_QUERY_LENGTH, SEARCH_PATH, SEARCH_PARAM_NAMES as P, type SearchFilters } from '../../../utils/search-params.ts';

type Props = { query: string; filters: SearchFilters };

/**
 * The search page's form: the words and the four filters. A plain GET form
 * (native selects), so it works without JavaScript; with it, React Router
 * submits it as a navigation. Keyed by the address, so it shows what is searched.
 */
export function SearchForm({ query, filters }: Props) {
  const select = { select: true, size: 'small', slotProps: { select: { native: true }, inputLabel: { shrink: true } } } as const;
  return (
    <Form method="get" action={SEARCH_PATH} role="search" aria-label="Rezepte durchsuchen">
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <TextField
            name={P.query}
            type="search"
            label="Suchbegriff"
            defaultValue={query}
            placeholder="z. B. Zopf, Rüebli, Apfelkuchen"
            fullWidth
            slotProps={{ htmlInput: { maxLength: MAX_QUERY_LENGTH, enterKeyHint: 'search' } }}
          />
          <Button type="submit" variant="contained" size="large" startIcon={<SearchIcon />} sx={{ flexShrink: 0 }}>
            Suchen
          </Button>
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <TextField {...select} name={P.category} label="Kategorie" defaultValue={filters.category ?? ''} sx={{ minWidth: 160 }}>
            <option value="">Alle Kategorien</option>
            {CATEGORIES.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.label}
              </option>
            ))}
          </TextField>
          <TextField {...select} name={P.tag} label="Stichwort" defaultValue={filters.tag ?? ''} sx={{ minWidth: 160 }}>
            <option value="">Alle Stichwörter</option>
            {TAGS.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </TextField>
          <TextField {...select} name={P.level} label="Schwierigkeit" defaultValue={filters.level ?? ''} sx={{ minWidth: 160 }}>
            <option value="">Alle Stufen</option>
            {LEVELS.map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </TextField>
          <TextField {...select} name={P.duration} label="Dauer" defaultValue={filters.maxDuration ? String(filters.maxDuration) : ''} sx={{ minWidth: 160 }}>
            <option value="">Beliebig lang</option>
            {DURATION_CHOICES.map((minutes) => (
              <option key={minutes} value={minutes}>
                {`höchstens ${minutes} Minuten`}
              </option>
            ))}
            {filters.maxDuration && !(DURATION_CHOICES as readonly number[]).includes(filters.maxDuration) && (
              <option value={filters.maxDuration}>{`höchstens ${filters.maxDuration} Minuten`}</option>
            )}
          </TextField>
        </Stack>
      </Stack>
    </Form>
  );
}
