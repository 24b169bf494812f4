// A user's recipes for their data export: every field, as data and as a
// Markdown copy a person can read without the blog.
import { asc, eq } from 'drizzle-orm';
import { getDb } from '../../db/client.server.ts';
import { recipes } from '../../db/schema/recipes.ts';
import { getRecipe } from './recipe-queries.server.ts';
import { NUMBERED_STEP, recipeSteps } from './recipe-steps.ts';
import type { RecipeDetail } from './recipe-types.ts';

/** All recipes the user wrote, oldest first, with every field the detail page shows. */
export async function listRecipesForExport(userId: string): Promise<RecipeDetail[]> {
  const rows = await getDb().select({ id: recipes.id }).from(recipes).where(eq(recipes.userId, userId)).orderBy(asc(recipes.createdAt));
  const found = await Promise.all(rows.map((row) => getRecipe(row.id)));
  return found.filter((recipe): recipe is RecipeDetail => recipe !== undefined);
}

/**
 * Text with its lines kept, as the recipe page shows them: Markdown joins lines into one
 * paragraph unless a line ends in two spaces. `indent` keeps a step's further lines in its list item.
 */
function withLineBreaks(text: string, indent = '') {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/([^\n])\n(?=[^\n])/g, '$1  \n')
    .replace(/\n(?=.)/g, `\n${indent}`);
}

/** The recipe as Markdown: title, lead, facts, ingredients, numbered steps, tips, address. */
export function recipeAsMarkdown(recipe: RecipeDetail, url: string) {
  const lines = [
    `# ${recipe.title}`,
    '',
    `*${recipe.lead}*`,
    '',
    `- Kategorie: ${recipe.category}`,
    `- Schwierigkeitsgrad: ${recipe.level}`,
    `- Auf dem Tisch in: ${recipe.duration} Min.`,
    `- Portionen: ${recipe.quantity}`,
    ...(recipe.tags.length > 0 ? [`- Tags: ${recipe.tags.join(', ')}`] : []),
    `- Erfasst am: ${recipe.createdAt.slice(0, 10)}`,
    '',
    '## Zutaten',
    '',
    ...recipe.ingredients.map((ingredient) => `- ${[ingredient.amount, ingredient.name].filter(Boolean).join(' ')}`),
    '',
    '## Zubereitung',
    '',
    // A step's further lines stand under its text: after "1. " three spaces, after "10. " four.
    ...recipeSteps(recipe.description).map((step, index) => `${index + 1}. ${withLineBreaks(step.display.replace(NUMBERED_STEP, ''), ' '.repeat(`${index + 1}. `.length))}`),
    ...(recipe.additional ? ['', '## Tipps & Tricks', '', withLineBreaks(recipe.additional)] : []),
    '',
    `Quelle: ${url}`,
    '',
  ];
  return lines.join('\n');
}
