// `npm run seed:demo`: fills an empty blog with three demo users, about 20
// Swiss recipes with generated pictures, and a few rated comments.
import { count, eq, sql } from 'drizzle-orm';
import { getDb } from '../app/db/client.server.ts';
import { accounts, users } from '../app/db/schema/auth.ts';
import { comments, recipes } from '../app/db/schema/recipes.ts';
import { storeImage } from '../app/features/images/image-mutations.server.ts';
import { hashPassword } from '../app/lib/password-hash.server.ts';
import { openScriptDatabase, runScript } from './open-database.ts';
import { renderDemoImage } from './seed/demo-image.ts';
import { demoRecipes } from './seed/demo-recipes.ts';

const DEMO_USERS = {
  anna: { name: 'Anna Graf', email: 'anna@demo.chuchiblog.ch' },
  beat: { name: 'Beat Brunner', email: 'beat@demo.chuchiblog.ch' },
  chiara: { name: 'Chiara Rossi', email: 'chiara@demo.chuchiblog.ch' },
} as const;

/** Demo users can sign in with this password (a demo blog only). */
const DEMO_PASSWORD = 'chuchi-demo-2024';

const DEMO_COMMENTS = [
  'Haben wir am Sonntag gekocht – alle waren begeistert!',
  'Sehr fein, beim nächsten Mal nehme ich etwas weniger Salz.',
  'Einfach und gelingsicher. Danke fürs Teilen!',
  'Wie bei meiner Grossmutter. Wird es bei uns jetzt öfter geben.',
];

await runScript(async () => {
  const { close } = await openScriptDatabase();
  try {
    const db = getDb();
    const [{ value: existing }] = (await db.select({ value: count() }).from(recipes)) as [{ value: number }];
    if (existing > 0) {
      console.log(`The blog already has ${existing} recipes; seed:demo only fills an empty blog.`);
      return;
    }
    const ids: Record<string, string> = {};
    for (const [key, user] of Object.entries(DEMO_USERS)) {
      const [found] = await db.select().from(users).where(eq(users.email, user.email));
      const row =
        found ?? (await db.insert(users).values({ id: crypto.randomUUID(), ...user, emailVerified: true }).returning())[0]!;
      if (!found) {
        const password = await hashPassword(DEMO_PASSWORD);
        await db.insert(accounts).values({ id: crypto.randomUUID(), accountId: row.id, providerId: 'credential', userId: row.id, password });
      }
      ids[key] = row.id;
    }
    for (const [index, demo] of demoRecipes.entries()) {
      const owner = DEMO_USERS[demo.author];
      const ownerId = ids[demo.author]!;
      const { id: imageId } = await storeImage(await renderDemoImage(demo.image, index + 1), ownerId);
      const createdAt = new Date(Date.now() - demo.ageDays * 24 * 60 * 60 * 1000);
      const [recipe] = await db
        .insert(recipes)
        .values({
          userId: ownerId,
          userEmail: owner.email,
          author: owner.name,
          title: demo.title,
          lead: demo.lead,
          imageId,
          duration: demo.duration,
          category: demo.category,
          level: demo.level,
          tags: demo.tags,
          quantity: demo.quantity,
          ingredients: demo.ingredients,
          description: demo.description,
          additional: demo.additional ?? null,
          createdAt,
          updatedAt: createdAt,
        })
        .returning();
      // Every other recipe gets comments from the two other demo users.
      if (index % 2 === 0) {
        const others = Object.keys(DEMO_USERS).filter((k) => k !== demo.author) as Array<keyof typeof DEMO_USERS>;
        for (const [n, key] of others.entries()) {
          const rating = 3 + ((index + n) % 3);
          await db.transaction(async (tx) => {
            await tx.insert(comments).values({
              recipeId: recipe!.id,
              authorId: ids[key]!,
              nickname: DEMO_USERS[key].name,
              comment: DEMO_COMMENTS[(index + n) % DEMO_COMMENTS.length]!,
              rating,
              ratingCounts: true, // one rated comment per person and recipe: it counts
              createdAt: new Date(createdAt.getTime() + (n + 1) * 3_600_000),
            });
            await tx
              .update(recipes)
              .set({ ratingSum: sql`${recipes.ratingSum} + ${rating}`, ratingCount: sql`${recipes.ratingCount} + 1` })
              .where(eq(recipes.id, recipe!.id));
          });
        }
      }
      console.log(`✓ ${demo.title}`);
    }
    console.log(`Demo blog ready: ${demoRecipes.length} recipes.`);
    console.log(`Sign in as ${Object.values(DEMO_USERS).map((u) => u.email).join(', ')} with the password ${DEMO_PASSWORD}`);
  } finally {
    await close();
  }
});
