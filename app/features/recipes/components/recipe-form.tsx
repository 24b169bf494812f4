import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, type ReactNode } from 'react';
import { Form, Link } from 'react-router';
import { CheckboxGroupField, MultiLineInput, RadioGroupField, TextInput } from '../../../components/form/fields.tsx';
import { UnsavedChangesDialog } from '../../../components/form/unsaved-changes-dialog.tsx';
import { LeaveGuard } from '../../../components/form/leave-guard.tsx';
import { useUnsavedChanges } from '../../../components/form/use-unsaved-changes.ts';
import { useForm } from '../../../components/form/use-form.ts';
import { CATEGORY_LABELS, LEVELS, TAGS } from '../../../utils/catalog.ts';
import {
  RECIPE_FIELDS,
  RECIPE_LABELS as LABEL,
  RECIPE_LIMITS,
  recipeFormValues,
  validateRecipe,
  withTypedIngredient,
  type RecipeFormAnswer,
  type RecipeFormValues,
} from '../recipe-schema.ts';
import { SIGNED_OUT } from '../keep-form-on-failure.ts';
import { imageIdToSave, useImageUpload } from '../use-image-upload.ts';
import { ImageUploadField } from './image-upload-field.tsx';
import { IngredientEditor } from './ingredient-editor.tsx';

type Props = {
  mode: 'create' | 'edit';
  defaultValues: RecipeFormValues;
  /** The action's last answer: its own check with the same schema, or a refusal. */
  answer?: RecipeFormAnswer;
};

function check(data: FormData) {
  return validateRecipe(withTypedIngredient(recipeFormValues(data), data));
}

/** The ingredients have no input of their own: the focus goes to the new ingredient's name. */
const FOCUS_NAMES = { ingredients: 'newIngredientName' };

/**
 * The one recipe form for /create and /edit/{id}. It posts as an ordinary
 * form (so it works before JavaScript has loaded); with JavaScript the same
 * schema checks a submit first and shows German messages under the fields
 * without sending anything. What was typed always stays.
 */
export function RecipeForm({ mode, defaultValues, answer }: Props) {
  const isEdit = mode === 'edit';
  const { state: upload, upload: startUpload, remove: removeImage } = useImageUpload();
  const uploading = upload.status === 'uploading';
  const { errors, formError, pending: saving, onSubmit, clearError } = useForm({ answer, check, fields: RECIPE_FIELDS, focusNames: FOCUS_NAMES });
  const formRef = useRef<HTMLFormElement>(null);
  const unsaved = useUnsavedChanges(formRef);

  const missing = RECIPE_FIELDS.filter((field) => errors[field]).map((field) => LABEL[field]);
  const imageId = imageIdToSave(upload, defaultValues.imageId);

  return (
    <Paper sx={{ p: { xs: 2.5, sm: 4, md: 5 }, maxWidth: 920, mx: 'auto' }}>
      <Typography variant="h1" sx={{ mb: 1 }}>
        {isEdit ? 'Bearbeite dein Rezept' : 'Erfasse ein Rezept'}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: { xs: 3, md: 4 } }}>
        Felder mit * braucht es. Alles andere macht dein Rezept noch schöner.
      </Typography>

      <Form
        ref={formRef}
        method="post"
        noValidate
        onSubmit={(event) => {
          if (onSubmit(event)) unsaved.markSent();
        }}
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
            <TextInput name="title" label={LABEL.title} required fullWidth defaultValue={defaultValues.title} error={errors.title} maxLength={RECIPE_LIMITS.title} />
            <MultiLineInput name="lead" label={LABEL.lead} required fullWidth defaultValue={defaultValues.lead} error={errors.lead} hint="Ein, zwei Sätze, die Lust aufs Nachkochen machen." maxLength={RECIPE_LIMITS.lead} />
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' }, gap: 3 }}>
              <RadioGroupField name="category" label={LABEL.category} options={CATEGORY_LABELS} required defaultValue={defaultValues.category} error={errors.category} />
              <RadioGroupField name="level" label={LABEL.level} options={LEVELS} required defaultValue={defaultValues.level} error={errors.level} />
            </Box>
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 2fr' }, gap: 3 }}>
              <TextInput
                name="duration"
                label={LABEL.duration}
                type="number"
                required
                defaultValue={defaultValues.duration}
                error={errors.duration}
                hint="Von der Vorbereitung bis auf den Tisch"
                slotProps={{ htmlInput: { min: 1, max: RECIPE_LIMITS.durationMax, step: 1, inputMode: 'numeric' } }}
              />
              <TextInput name="quantity" label={LABEL.quantity} required defaultValue={defaultValues.quantity} placeholder="z. B. für 4 Personen" error={errors.quantity} hint="Für wie viele Personen oder Stück?" maxLength={RECIPE_LIMITS.quantity} />
            </Box>
          </Section>

          <Section title={LABEL.tags}>
            <CheckboxGroupField name="tags" label={LABEL.tags} hideLabel options={TAGS} defaultValues={defaultValues.tags} error={errors.tags} groupSx={TAG_GRID} />
          </Section>

          <IngredientEditor
            defaultIngredients={defaultValues.ingredients}
            defaultTyped={answer?.typedIngredient}
            error={errors.ingredients}
            onChange={() => {
              clearError('ingredients');
              unsaved.markChanged();
            }}
          />

          <Section title="So geht’s">
            <MultiLineInput name="description" label={LABEL.description} required fullWidth defaultValue={defaultValues.description} error={errors.description} hint="Schritt für Schritt; Absätze mit einer leeren Zeile." maxLength={RECIPE_LIMITS.description} />
            <MultiLineInput name="additional" label={LABEL.additional} fullWidth defaultValue={defaultValues.additional} error={errors.additional} hint="Freiwillig: Varianten, Vorbereiten, Aufbewahren …" maxLength={RECIPE_LIMITS.additional} />
          </Section>

          {!isEdit && (
            <Section title={LABEL.imageId}>
              <ImageUploadField
                state={upload}
                onFile={(file) => {
                  clearError('imageId');
                  unsaved.markChanged(); // also a picture chosen before the page ran, uploaded without an event
                  startUpload(file);
                }}
                onRemove={() => {
                  clearError('imageId');
                  unsaved.markChanged();
                  removeImage();
                }}
                error={errors.imageId}
              />
            </Section>
          )}

          {(missing.length > 0 || formError) && (
            <Alert severity="error" role="alert">
              {formError ?? `Bitte prüfe noch: ${missing.join(', ')}.`}
              {formError === SIGNED_OUT && (
                <>
                  {' '}
                  {/* A new tab: this one keeps the form. The login's own page would replace it. No Referer: the
                      login would go back to it, a second form; this tab only signs in, and then goes home. */}
                  <a href="/login" target="_blank" rel="noreferrer">
                    In neuem Tab anmelden
                  </a>
                </>
              )}
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
      <LeaveGuard changes={unsaved.changes} shouldBlock={unsaved.shouldBlock} Dialog={UnsavedChangesDialog} />
    </Paper>
  );
}

/** The small gold headings between the form's parts. */
const SECTION_TITLE = { color: 'secondary.dark', lineHeight: 1.5, p: 0 } as const;

// Two columns on a phone; one below 360 px, where two do not fit "Weihnachten" beside its box.
const TAG_GRID = {
  display: 'grid',
  gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)', md: 'repeat(4, 1fr)' },
  '@media (max-width: 359.95px)': { gridTemplateColumns: '1fr' },
  columnGap: 1,
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
