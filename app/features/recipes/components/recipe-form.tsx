import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import { CATEGORY_LABELS, LEVELS, TAGS } from '../../../utils/catalog.ts';
import {
  RECIPE_FIELDS,
  RECIPE_LIMITS,
  recipeFormValues,
  validateRecipe,
  type RecipeField,
  type RecipeFieldErrors,
  type RecipeFormValues,
} from '../recipe-schema.ts';
import { useImageUpload } from '../use-image-upload.ts';
import { ImageUploadField } from './image-upload-field.tsx';
import { IngredientEditor } from './ingredient-editor.tsx';

const FIELD_LABELS: Record<RecipeField, string> = {
  title: 'Titel',
  lead: 'Lead',
  category: 'Kategorie',
  level: 'Schwierigkeitsgrad',
  duration: 'Dauer in Minuten',
  quantity: 'Portionen',
  tags: 'Tags',
  ingredients: 'Zutaten',
  description: 'Zubereitung',
  additional: 'Tipps & Tricks',
  imageId: 'Bild',
};

const NO_ERRORS: RecipeFieldErrors = {};

type Props = {
  mode: 'create' | 'edit';
  defaultValues: RecipeFormValues;
  /** The server's verdict on the last submit (its own check with the same schema). */
  errors?: RecipeFieldErrors;
  /** A failure that belongs to no field (saving failed, not allowed …). */
  formError?: string;
};

/**
 * The one recipe form for /create and /edit/{id}. It posts as an ordinary
 * form (so it works before JavaScript has loaded); with JavaScript the same
 * schema checks a submit first and shows German messages under the fields
 * without sending anything. What was typed always stays.
 */
export function RecipeForm({ mode, defaultValues, errors: serverErrors = NO_ERRORS, formError }: Props) {
  const isEdit = mode === 'edit';
  const navigation = useNavigation();
  const saving = navigation.state !== 'idle' && navigation.formMethod !== undefined;
  const { state: upload, upload: startUpload } = useImageUpload();
  const uploading = upload.status === 'uploading';

  // The server's errors replace the shown ones whenever a new answer arrives
  // (React's "adjust state when a prop changes" pattern, no effect needed).
  const [errors, setErrors] = useState(serverErrors);
  const [answered, setAnswered] = useState(serverErrors);
  if (answered !== serverErrors) {
    setAnswered(serverErrors);
    setErrors(serverErrors);
  }

  function clearError(field: string) {
    if (field in errors) {
      setErrors((current) => Object.fromEntries(Object.entries(current).filter(([name]) => name !== field)));
    }
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const result = validateRecipe(recipeFormValues(new FormData(form)));
    if (result.success) return;
    event.preventDefault();
    setErrors(result.errors);
    const first = RECIPE_FIELDS.find((field) => result.errors[field]);
    const target = first === 'ingredients' ? 'newIngredientName' : first;
    form.querySelector<HTMLElement>(`[name="${target}"]`)?.focus();
  }

  const missing = RECIPE_FIELDS.filter((field) => errors[field]).map((field) => FIELD_LABELS[field]);
  const imageId = upload.status === 'done' ? upload.image.id : defaultValues.imageId;

  return (
    <Paper elevation={0} sx={{ p: { xs: 2.5, sm: 4, md: 5 }, borderRadius: 3, maxWidth: 920, mx: 'auto' }}>
      <Typography variant="h1" sx={{ mb: 1 }}>
        {isEdit ? 'Bearbeite dein Rezept' : 'Erfasse ein Rezept'}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: { xs: 3, md: 4 } }}>
        Felder mit * braucht es. Alles andere macht dein Rezept noch schöner.
      </Typography>

      <Form
        method="post"
        noValidate
        onSubmit={handleSubmit}
        onChange={(event) => {
          // The event bubbles up from the field that changed.
          const field = event.target;
          if ('name' in field && typeof field.name === 'string') clearError(field.name);
        }}
        aria-label={isEdit ? 'Rezept bearbeiten' : 'Rezept erfassen'}
      >
        {/* The first submit button is the one Enter uses in any field: saving, not an ingredient button. */}
        <button type="submit" name="intent" value="save" disabled={uploading || saving} tabIndex={-1} aria-hidden hidden />
        <input type="hidden" name="imageId" value={imageId} />

        <Stack spacing={{ xs: 3, md: 3.5 }}>
          <Section title="Das Wichtigste">
            <TextField
              label="Titel"
              name="title"
              required
              fullWidth
              defaultValue={defaultValues.title}
              error={Boolean(errors.title)}
              helperText={errors.title}
              slotProps={{ htmlInput: { maxLength: RECIPE_LIMITS.title } }}
            />
            <TextField
              label="Lead"
              name="lead"
              required
              fullWidth
              multiline
              minRows={2}
              maxRows={4}
              defaultValue={defaultValues.lead}
              error={Boolean(errors.lead)}
              helperText={errors.lead ?? 'Ein, zwei Sätze, die Lust aufs Nachkochen machen.'}
              slotProps={{ htmlInput: { maxLength: RECIPE_LIMITS.lead } }}
            />
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' }, gap: 3 }}>
              <ChoiceGroup label="Kategorie" name="category" options={CATEGORY_LABELS} defaultValue={defaultValues.category} error={errors.category} />
              <ChoiceGroup label="Schwierigkeitsgrad" name="level" options={LEVELS} defaultValue={defaultValues.level} error={errors.level} />
            </Box>
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 2fr' }, gap: 3 }}>
              <TextField
                label="Dauer in Minuten"
                name="duration"
                type="number"
                required
                defaultValue={defaultValues.duration}
                error={Boolean(errors.duration)}
                helperText={errors.duration ?? 'Von der Vorbereitung bis auf den Tisch'}
                slotProps={{ htmlInput: { min: 1, max: RECIPE_LIMITS.durationMax, step: 1, inputMode: 'numeric' } }}
              />
              <TextField
                label="Portionen"
                name="quantity"
                required
                defaultValue={defaultValues.quantity}
                placeholder="z. B. für 4 Personen"
                error={Boolean(errors.quantity)}
                helperText={errors.quantity ?? 'Für wie viele Personen oder Stück?'}
                slotProps={{ htmlInput: { maxLength: RECIPE_LIMITS.quantity } }}
              />
            </Box>
          </Section>

          <Section title="Tags">
            <FormControl component="fieldset" error={Boolean(errors.tags)} sx={{ minWidth: 0 }}>
              <FormLabel component="legend" sx={visuallyHidden}>
                Tags
              </FormLabel>
              <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)', md: 'repeat(4, 1fr)' }, columnGap: 1 }}>
                {TAGS.map((tag) => (
                  <FormControlLabel
                    key={tag}
                    control={<Checkbox name="tags" value={tag} defaultChecked={defaultValues.tags.includes(tag)} color="secondary" />}
                    label={tag}
                  />
                ))}
              </FormGroup>
              {errors.tags && <FormHelperText>{errors.tags}</FormHelperText>}
            </FormControl>
          </Section>

          <IngredientEditor defaultIngredients={defaultValues.ingredients} error={errors.ingredients} onChange={() => clearError('ingredients')} />

          <Section title="So geht's">
            <TextField
              label="Zubereitung"
              name="description"
              required
              fullWidth
              multiline
              minRows={2}
              maxRows={4}
              defaultValue={defaultValues.description}
              error={Boolean(errors.description)}
              helperText={errors.description ?? 'Schritt für Schritt; Absätze mit einer leeren Zeile.'}
              slotProps={{ htmlInput: { maxLength: RECIPE_LIMITS.description } }}
            />
            <TextField
              label="Tipps & Tricks"
              name="additional"
              fullWidth
              multiline
              minRows={2}
              maxRows={4}
              defaultValue={defaultValues.additional}
              error={Boolean(errors.additional)}
              helperText={errors.additional ?? 'Freiwillig: Varianten, Vorbereiten, Aufbewahren …'}
              slotProps={{ htmlInput: { maxLength: RECIPE_LIMITS.additional } }}
            />
          </Section>

          {!isEdit && (
            <Section title="Bild">
              <ImageUploadField
                state={upload}
                onFile={(file) => {
                  clearError('imageId');
                  startUpload(file);
                }}
                error={errors.imageId}
              />
            </Section>
          )}

          {(missing.length > 0 || formError) && (
            <Alert severity="error" role="alert">
              {formError ?? `Bitte prüfe noch: ${missing.join(', ')}.`}
            </Alert>
          )}

          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Button
              type="submit"
              name="intent"
              value="save"
              variant="contained"
              size="large"
              disabled={uploading || saving}
              startIcon={saving ? <CircularProgress size={18} color="inherit" /> : undefined}
              sx={{ minWidth: 160 }}
            >
              {isEdit ? 'Update' : 'Erfassen'}
            </Button>
            {isEdit && (
              <Button component={Link} to="/" size="large" color="primary">
                Abbrechen
              </Button>
            )}
            {uploading && (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                Speichern geht, sobald das Bild hochgeladen ist.
              </Typography>
            )}
          </Stack>
        </Stack>
      </Form>
    </Paper>
  );
}

/** The small gold headings between the form's parts. */
const SECTION_TITLE = { color: 'secondary.dark', lineHeight: 1.5, p: 0 } as const;

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack spacing={2.5}>
      <Typography variant="overline" component="h2" sx={SECTION_TITLE}>
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

type ChoiceGroupProps = { label: string; name: string; options: readonly string[]; defaultValue: string; error?: string };

/** A required radio group with its message underneath. */
function ChoiceGroup({ label, name, options, defaultValue, error }: ChoiceGroupProps) {
  return (
    <FormControl component="fieldset" required error={Boolean(error)} sx={{ minWidth: 0 }}>
      <FormLabel component="legend" sx={{ fontFamily: 'var(--font-sans)', fontWeight: 600, color: 'text.primary' }}>
        {label}
      </FormLabel>
      <RadioGroup row name={name} defaultValue={defaultValue}>
        {options.map((option) => (
          <FormControlLabel key={option} value={option} control={<Radio color="secondary" />} label={option} />
        ))}
      </RadioGroup>
      {error && <FormHelperText sx={{ mx: 0 }}>{error}</FormHelperText>}
    </FormControl>
  );
}
