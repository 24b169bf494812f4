import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { FormEvent } from 'react';
import { Form, useSubmit } from 'react-router';
import { CATEGORIES, LEVELS, TAGS } from '../../../utils/catalog.ts';
import { DURATION_CHOICES, MAX_QUERY_LENGTH, SEARCH_PATH, SEARCH_PARAM_NAMES as P, type SearchFilters } from '../../../utils/search-params.ts';

type Props = { query: string; filters: SearchFilters };

/**
 * The search page's form: the words and the four filters. A plain GET form
 * (native selects), so it works without JavaScript; with it, React Router
 * submits it as a navigation, without the empty fields. Keyed by the address, so it shows what is searched.
 */
export function SearchForm({ query, filters }: Props) {
  const select = { select: true, size: 'small', slotProps: { select: { native: true }, inputLabel: { shrink: true } } } as const;
  const submit = useSubmit();
  // The address a reader bookmarks or shares names only what was chosen: a filter left at
  // "Alle" leaves no empty parameter behind (without JavaScript the browser sends them all).
  const submitWithoutEmptyFields = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = new FormData(event.currentTarget);
    for (const [name, value] of [...fields]) if (value === '') fields.delete(name);
    void submit(fields, { method: 'get', action: SEARCH_PATH });
  };
  return (
    <Form method="get" action={SEARCH_PATH} role="search" aria-label="Rezepte durchsuchen" onSubmit={submitWithoutEmptyFields}>
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
        </Box>
      </Stack>
    </Form>
  );
}
