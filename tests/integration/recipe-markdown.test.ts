// The Markdown copy of a recipe in the data export reads as the recipe page does:
// a step's or a tip's lines stay lines (Markdown would join them into one).
import { expect, test } from 'vitest';
import { recipeAsMarkdown } from '../../app/features/recipes/recipe-export.server.ts';
import type { RecipeDetail } from '../../app/features/recipes/recipe-types.ts';

const recipe = {
  uid: 'a1b2c3d4-0000-4000-8000-000000000000',
  title: 'Zopf',
  lead: 'Für den Sonntag.',
  category: 'Backen',
  level: 'Mittel',
  duration: 120,
  quantity: '1 Zopf',
  tags: [],
  ingredients: [{ name: 'Mehl', amount: '500 g' }],
  description: '1. Teig kneten.\nZugedeckt gehen lassen.\n2. Flechten.\n\nMit Ei bestreichen.\n3. Backen.',
  additional: 'Hält drei Tage.\nLässt sich einfrieren.\n\nAm Vortag geht auch.',
  createdAt: '2026-11-01T08:00:00.000Z',
} as unknown as RecipeDetail;

test('a step keeps its lines inside its list item, and the numbers stay one list', () => {
  const markdown = recipeAsMarkdown(recipe, 'https://chuchiblog.example/detail/a1b2c3d4');
  expect(markdown).toContain('1. Teig kneten.  \n   Zugedeckt gehen lassen.\n2. Flechten.\n\n   Mit Ei bestreichen.\n3. Backen.');
});

test('the tips keep their lines and paragraphs', () => {
  const markdown = recipeAsMarkdown(recipe, 'https://chuchiblog.example/detail/a1b2c3d4');
  expect(markdown).toContain('## Tipps & Tricks\n\nHält drei Tage.  \nLässt sich einfrieren.\n\nAm Vortag geht auch.\n');
});

test('from step 10 on a step\'s further lines stand under its text too (four spaces after "10. ")', () => {
  const description = Array.from({ length: 10 }, (_, i) => `${i + 1}. Schritt ${i + 1}.\nWeiter.`).join('\n');
  const markdown = recipeAsMarkdown({ ...recipe, description }, 'https://chuchiblog.example/detail/a1b2c3d4');
  expect(markdown).toContain('9. Schritt 9.  \n   Weiter.\n10. Schritt 10.  \n    Weiter.\n');
});
