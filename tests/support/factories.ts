// Builders for test data, written straight into the database: fast set-up,
// with overrides for what a test cares about; and a look at what was stored.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { getDb } from '../../app/db/client.server.ts';
import { users } from '../../app/db/schema/auth.ts';
import { comments, recipes } from '../../app/db/schema/recipes.ts';
import { markContentChanged } from '../../app/lib/content-version.server.ts';

type NewUser = typeof users.$inferInsert;
type NewRecipe = typeof recipes.$inferInsert;
type NewComment = typeof comments.$inferInsert;

export async function createUser(overrides: Partial<NewUser> = {}) {
  const id = overrides.id ?? randomUUID();
  const [user] = await getDb()
    .insert(users)
    .values({ id, name: 'Heidi Muster', email: `heidi-${id.slice(0, 8)}@example.ch`, emailVerified: true, ...overrides })
    .returning();
  return user!;
}

export async function createRecipe(owner: { id: string; name: string; email: string }, overrides: Partial<NewRecipe> = {}) {
  const [recipe] = await getDb()
    .insert(recipes)
    .values({
      userId: owner.id,
      userEmail: owner.email,
      author: owner.name,
      title: 'Älplermagronen',
      lead: 'Hörnli, Kartoffeln, Käse und Apfelmus: das Seelenfutter aus den Bergen.',
      duration: 45,
      category: 'Hauptgang',
      level: 'Einfach',
      tags: ['Salzig', 'Vegetarisch'],
      quantity: 'für 4 Personen',
      ingredients: [
        { name: 'Hörnli', amount: '300 g' },
        { name: 'Bergkäse, gerieben', amount: '150 g' },
      ],
      description: 'Kartoffeln würfeln und mit den Hörnli kochen.\n\nMit Käse und Rahm mischen.',
      ...overrides,
    })
    .returning();
  markContentChanged(); // written behind the app's back: its page cache must hear of it
  return recipe!;
}

export async function createComment(
  recipeId: string,
  author: { id: string; name: string },
  overrides: Partial<NewComment> = {},
) {
  const [comment] = await getDb()
    .insert(comments)
    .values({ recipeId, authorId: author.id, nickname: author.name, comment: 'Sehr fein!', rating: 4, ...overrides })
    .returning();
  markContentChanged();
  return comment!;
}

/** The stored recipes with this title (none once deleted). */
export async function recipesTitled(title: string) {
  return getDb().select().from(recipes).where(eq(recipes.title, title));
}
