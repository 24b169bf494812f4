// The recipe form must have an input for every field of the schema: a field
// added to the schema (and so to RECIPE_FIELDS) fails here until the form
// shows it. The form is rendered as the server does, without JavaScript.
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { expect, test } from 'vitest';
import { RecipeForm } from '../../app/features/recipes/components/recipe-form.tsx';
import { EMPTY_RECIPE_FORM, RECIPE_FIELDS, RECIPE_LABELS, type RecipeField } from '../../app/features/recipes/recipe-schema.ts';

/** Fields whose inputs carry other names on the wire (see recipeFormValues). */
const WIRE_NAMES: Partial<Record<RecipeField, string>> = { ingredients: 'ingredientName' };

function renderForm(mode: 'create' | 'edit') {
  const values = { ...EMPTY_RECIPE_FORM, ingredients: [{ name: 'Mehl', amount: '500 g' }] };
  const Stub = createRoutesStub([{ path: '/', Component: () => createElement(RecipeForm, { mode, defaultValues: values }) }]);
  return renderToString(createElement(Stub, { initialEntries: ['/'] }));
}

test('the create form has an input for every field of the schema', () => {
  const html = renderForm('create');
  const missing = RECIPE_FIELDS.filter((field) => !html.includes(`name="${WIRE_NAMES[field] ?? field}"`));
  expect(missing).toEqual([]);
});

test('every field of the schema has a German label', () => {
  expect(Object.keys(RECIPE_LABELS).sort()).toEqual([...RECIPE_FIELDS].sort());
  expect(Object.values(RECIPE_LABELS).every((label) => label.trim().length > 0)).toBe(true);
});
