import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { Form, useSubmit } from 'react-router';
import { CATEGORIES, LEVELS, TAGS } from '../../../utils/catalog.ts';
import { DURATION_CHOICES, MAX_QUERY_LENGTH, SEARCH_PATH, SEARCH_PARAM_NAMES as P, searchParamsFor, type SearchFilters } from '../../../utils/search-params.ts';

type Props = { query: string; filters: SearchFilters };

const FILTERS_CHANGED = 'Die geänderten Filter gelten, sobald du suchst.';
const FILTER_NAMES = [P.category, P.tag, P.level, P.duration] as const;

/**
 * The search page's form: the words and the four filters. A plain GET form
 * (native selects), so it works without JavaScript; with it, React Router
 * submits it as a navigation, without the empty fields. Keyed by the address, so it shows what is searched.
 */
export function SearchForm({ query, filters }: Props) {
  const select = { select: true, size: 'small', slotProps: { select: { native: true }, inputLabel: { shrink: true } } } as const;
  const submit = useSubmit();
  // A filter applies with the next search, not when chosen: applied at once, the results would move
  // under a keyboard's arrow keys in the list. Until then the form says so, beside a button that applies it.
  const [filtersChanged, setFiltersChanged] = useState(false);
  const changedNoteId = useId();
  const noteFilterChange = (event: FormEvent<HTMLFormElement>) => {
    const fields = new FormData(event.currentTarget);
    const applied = new URLSearchParams(searchParamsFor('', filters));
    setFiltersChanged(FILTER_NAMES.some((name) => (fields.get(name) ?? '') !== (applied.get(name) ?? '')));
  };
  // The address a reader bookmarks or shares names only what was chosen: a filter left at
  // "Alle" leaves no empty parameter behind (without JavaScript the browser sends them all).
  const submitWithoutEmptyFields = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = new FormData(event.currentTarget);
    for (const [name, value] of [...fields]) if (value === '') fields.delete(name);
    void submit(fields, { method: 'get', action: SEARCH_PATH });
  };
  return (
    <Form method="get" action={SEARCH_PATH} role="search" aria-label="Rezepte durchsuchen" onSubmit={submitWithoutEmptyFields} onChange={noteFilterChange}>
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
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 220px))' } }}>
          <TextField {...select} name={P.category} label="Kategorie" defaultValue={filters.category ?? ''}>
            <option value="">Alle</option>
            {CATEGORIES.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.label}
              </option>
            ))}
          </TextField>
          <TextField {...select} name={P.tag} label="Stichwort" defaultValue={filters.tag ?? ''}>
            <option value="">Alle</option>
            {TAGS.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </TextField>
          <TextField {...select} name={P.level} label="Schwierigkeit" defaultValue={filters.level ?? ''}>
            <option value="">Alle</option>
            {LEVELS.map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </TextField>
          <TextField {...select} name={P.duration} label="Dauer" defaultValue={filters.maxDuration ? String(filters.maxDuration) : ''}>
            <option value="">Beliebig</option>
            {DURATION_CHOICES.map((minutes) => (
              <option key={minutes} value={minutes}>
                {`bis ${minutes} Minuten`}
              </option>
            ))}
            {filters.maxDuration && !(DURATION_CHOICES as readonly number[]).includes(filters.maxDuration) && (
              <option value={filters.maxDuration}>{`bis ${filters.maxDuration} Minuten`}</option>
            )}
          </TextField>
          {/* Out of the grid's flow (position: absolute), so it takes no cell. */}
          <span id={changedNoteId} aria-live="polite" className="visually-hidden">
            {filtersChanged ? FILTERS_CHANGED : ''}
          </span>
        </Box>
        {filtersChanged && (
          <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            {/* Said by the live region above, which was there before the text. */}
            <Typography variant="body2" aria-hidden sx={{ color: 'text.secondary' }}>
              {FILTERS_CHANGED}
            </Typography>
            <Button type="submit" variant="outlined" size="small" aria-describedby={changedNoteId}>
              Filter anwenden
            </Button>
          </Stack>
        )}
      </Stack>
    </Form>
  );
}
