import AddIcon from '@mui/icons-material/Add';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { flushSync } from 'react-dom';
import { useHydrated } from '../../../utils/use-hydrated.ts';
import { newIngredient, RECIPE_LIMITS, TOO_MANY_INGREDIENTS } from '../recipe-schema.ts';
import type { Ingredient } from '../recipe-types.ts';

type Row = Ingredient & { key: number };

/**
 * The list's anchor. Without JavaScript its buttons post to the page at it
 * (`formAction`), so that the answer opens where the cook was, not at the top
 * of a long form.
 */
const ANCHOR = 'zutaten';

type Props = {
  defaultIngredients: Ingredient[];
  /** What the new ingredient's fields hold at first (a refused add without JavaScript gives it back). */
  defaultTyped?: Ingredient;
  error?: string;
  /** Called when the list changes (the form clears its error then). */
  onChange?: () => void;
};

/**
 * The ingredient list: rows go into the form as hidden inputs. With
 * JavaScript, adding, changing in place (a typo in an amount keeps the row
 * where it is) and removing happen here; without it, the buttons submit the
 * form with intent `add-ingredient` / `remove-ingredient:<index>` and the
 * server answers with the changed list.
 */
export function IngredientEditor({ defaultIngredients, defaultTyped, error, onChange }: Props) {
  const nextKey = useRef(defaultIngredients.length);
  const [rows, setRows] = useState<Row[]>(() => defaultIngredients.map((ingredient, key) => ({ ...ingredient, key })));
  const [name, setName] = useState(defaultTyped?.name ?? '');
  const [amount, setAmount] = useState(defaultTyped?.amount ?? '');
  // One more than a recipe may have: said at once (each try anew: the message is mounted afresh,
  // so that it is read out again), and the typed ingredient stays in its fields.
  const [triesWhenFull, setTriesWhenFull] = useState(0);
  const nameInput = useRef<HTMLInputElement>(null);
  const baseId = useId();
  const errorId = `${baseId}-error`;
  const message = error ?? (triesWhenFull > 0 ? TOO_MANY_INGREDIENTS : undefined);
  const hydrated = useHydrated();
  // The row being changed in place, as typed so far: the list takes it once it is confirmed.
  const [editing, setEditing] = useState<Row | null>(null);

  function add() {
    const ingredient = newIngredient(name, amount);
    if (!ingredient) {
      // A blank name adds nothing; the cursor goes where the name belongs.
      nameInput.current?.focus();
      return;
    }
    if (rows.length >= RECIPE_LIMITS.ingredients) {
      setTriesWhenFull((tries) => tries + 1);
      nameInput.current?.focus();
      return;
    }
    setRows((current) => [...current, { ...ingredient, key: nextKey.current++ }]);
    setName('');
    setAmount('');
    nameInput.current?.focus();
    onChange?.();
  }

  function handleAdd(event: MouseEvent<HTMLButtonElement>) {
    event.preventDefault();
    add();
  }

  function handleEnter(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add();
  }

  function startEditing(row: Row) {
    // Another row still open keeps what was typed there; the focus goes to the new one's field.
    finishEditing({ refocus: false });
    setEditing(row);
  }

  /**
   * Ends the change in place: the row as typed (trimmed), or as it was when nothing is left of
   * its name or on `revert`. The focus goes back to the row's button unless another row opens.
   */
  function finishEditing({ revert = false, refocus = true } = {}) {
    if (!editing) return;
    const changed = revert ? null : newIngredient(editing.name, editing.amount);
    if (changed) onChange?.();
    // Rendered at once, so that the row's own button is there to take the focus back.
    flushSync(() => {
      if (changed) setRows((current) => current.map((row) => (row.key === editing.key ? { ...changed, key: row.key } : row)));
      setEditing(null);
    });
    if (refocus) document.getElementById(`${baseId}-edit-${editing.key}`)?.focus();
  }

  function handleEditKeys(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'Enter' && event.key !== 'Escape') return;
    event.preventDefault();
    finishEditing({ revert: event.key === 'Escape' });
  }

  function remove(event: MouseEvent<HTMLButtonElement>, key: number) {
    event.preventDefault();
    setRows((current) => current.filter((row) => row.key !== key));
    setTriesWhenFull(0);
    onChange?.();
    nameInput.current?.focus();
  }

  return (
    <Stack id={ANCHOR} spacing={1.5} component="fieldset" aria-describedby={message ? errorId : undefined} sx={{ border: 0, p: 0, m: 0, minWidth: 0, scrollMarginTop: 16 }}>
      <Typography component="legend" variant="overline" sx={{ color: message ? 'error.main' : 'secondary.dark', lineHeight: 1.5, p: 0, mb: 1 }}>
        Zutaten
      </Typography>

      {rows.length > 0 ? (
        <Box component="ul" aria-label="Zutatenliste" sx={{ listStyle: 'none', p: 0, m: 0, borderRadius: 2, border: 1, borderColor: 'divider' }}>
          {rows.map((row, index) => {
            const labelId = `${baseId}-row-${row.key}`;
            const draft = editing?.key === row.key ? editing : null;
            const sent = (draft && newIngredient(draft.name, draft.amount)) || row;
            return (
              <Box
                component="li"
                key={row.key}
                sx={{
                  display: 'grid',
                  // On a phone the amount stands over the name: beside it, with the row's two buttons, a name had a word's width.
                  gridTemplateColumns: { xs: '1fr auto', sm: '9rem 1fr auto' },
                  gridTemplateAreas: { xs: '"amount actions" "name actions"', sm: '"amount name actions"' },
                  alignItems: 'center',
                  columnGap: 1,
                  rowGap: draft ? 1.5 : 0,
                  pl: 2,
                  pr: 0.5,
                  // Room for the outlined fields' labels while the row is changed.
                  py: draft ? 1.25 : { xs: 0.75, sm: 0.25 },
                  '&:not(:last-of-type)': { borderBottom: 1, borderColor: 'divider' },
                }}
              >
                {/* A form sent while the row is open sends it as typed (or as it was, its name emptied). */}
                <input type="hidden" name="ingredientName" value={sent.name} />
                <input type="hidden" name="ingredientAmount" value={sent.amount} />
                {draft ? (
                  <>
                    {/* Nameless: the hidden inputs above carry the row into the form. */}
                    <TextField
                      size="small"
                      label="Geänderte Menge"
                      sx={{ gridArea: 'amount' }}
                      value={draft.amount}
                      onChange={(event) => setEditing({ ...draft, amount: event.target.value })}
                      onKeyDown={handleEditKeys}
                      slotProps={{ htmlInput: { maxLength: RECIPE_LIMITS.ingredientAmount } }}
                    />
                    <TextField
                      size="small"
                      label="Geänderte Zutat"
                      sx={{ gridArea: 'name' }}
                      value={draft.name}
                      onChange={(event) => setEditing({ ...draft, name: event.target.value })}
                      onKeyDown={handleEditKeys}
                      autoFocus
                      slotProps={{ htmlInput: { maxLength: RECIPE_LIMITS.ingredientName } }}
                    />
                    <Box sx={{ gridArea: 'actions', display: 'flex' }}>
                      <IconButton aria-label="Änderung übernehmen" onClick={() => finishEditing()}>
                        <CheckIcon />
                      </IconButton>
                      <IconButton aria-label="Änderung verwerfen" onClick={() => finishEditing({ revert: true })}>
                        <CloseIcon />
                      </IconButton>
                    </Box>
                  </>
                ) : (
                  <>
                    <Typography id={labelId} sx={{ display: 'contents' }}>
                      <Box component="span" sx={{ gridArea: 'amount', fontFamily: 'var(--font-sans)', fontWeight: 600, fontSize: '0.95rem', overflowWrap: 'anywhere' }}>
                        {row.amount}
                      </Box>
                      <Box component="span" sx={{ gridArea: 'name', overflowWrap: 'anywhere' }}>
                        {row.name}
                      </Box>
                    </Typography>
                    <Box sx={{ gridArea: 'actions', display: 'flex' }}>
                      {/* Without JavaScript a row is removed and added anew. */}
                      {hydrated && (
                        <IconButton id={`${baseId}-edit-${row.key}`} aria-label="Zutat ändern" aria-describedby={labelId} onClick={() => startEditing(row)}>
                          <EditOutlinedIcon />
                        </IconButton>
                      )}
                      <IconButton
                        type="submit"
                        name="intent"
                        value={`remove-ingredient:${index}`}
                        formAction={`#${ANCHOR}`}
                        aria-label="Zutat entfernen"
                        aria-describedby={labelId}
                        onClick={(event) => remove(event, row.key)}
                        formNoValidate
                      >
                        <DeleteOutlinedIcon />
                      </IconButton>
                    </Box>
                  </>
                )}
              </Box>
            );
          })}
        </Box>
      ) : (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Noch keine Zutaten. Gib unten eine Zutat und ihre Menge ein und füge sie hinzu.
        </Typography>
      )}

      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          label="Zutat"
          name="newIngredientName"
          value={name}
          onChange={(event) => setName(event.target.value)}
          onKeyDown={handleEnter}
          inputRef={nameInput}
          placeholder="z. B. Mehl"
          error={Boolean(message)}
          slotProps={{ htmlInput: { maxLength: RECIPE_LIMITS.ingredientName, 'aria-describedby': message ? errorId : undefined } }}
          sx={{ flex: 2 }}
        />
        <TextField
          label="Menge"
          name="newIngredientAmount"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          onKeyDown={handleEnter}
          placeholder="z. B. 250 g"
          slotProps={{ htmlInput: { maxLength: RECIPE_LIMITS.ingredientAmount } }}
          sx={{ flex: 1 }}
        />
        <Button
          type="submit"
          name="intent"
          value="add-ingredient"
          formAction={`#${ANCHOR}`}
          variant="outlined"
          startIcon={<AddIcon />}
          onClick={handleAdd}
          formNoValidate
          sx={{ minHeight: 56, whiteSpace: 'nowrap' }}
        >
          Zutat hinzufügen
        </Button>
      </Stack>
      {message ? (
        <FormHelperText key={triesWhenFull} id={errorId} error sx={{ mx: 0 }} role={triesWhenFull > 0 && !error ? 'alert' : undefined}>
          {message}
        </FormHelperText>
      ) : (
        <FormHelperText sx={{ mx: 0 }}>Mindestens eine Zutat; die Menge darf leer bleiben (z.&nbsp;B. «Salz»).</FormHelperText>
      )}
    </Stack>
  );
}
