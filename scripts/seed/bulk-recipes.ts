// Many recipes at once, written by one INSERT … SELECT generate_series: for
// the list-scale bench (10,000 recipes in a second) and the tests that look
// at query plans. Not a demo blog: titles are numbered, one minute apart.
import { sql } from 'drizzle-orm';
import type { Database } from '../../app/db/client.server.ts';
import { CATEGORY_LABELS } from '../../app/utils/catalog.ts';

type Options = {
  count: number;
  owner: { id: string; name: string; email: string };
  /** Pictures to put on the cards, in turn (none: cards without a picture). */
  imageIds?: string[];
  /** Numbering starts after this (to add more to a blog that has some). */
  offset?: number;
};

/**
 * Inserts `count` recipes, newest first by number: recipe i is i minutes old.
 * Categories in turn (a fifth each); tags: every 3rd 'Frühling' and
 * 'Vegetarisch', every 100th 'Guetzli' (a rare tag), the rest 'Salzig'.
 */
export async function insertBulkRecipes(db: Database, { count, owner, imageIds = [], offset = 0 }: Options) {
  const categories = sql.raw(`array[${CATEGORY_LABELS.map((c) => `'${c}'`).join(', ')}]::text[]`);
  const images = imageIds.length > 0 ? sql`array[${sql.join(imageIds.map((id) => sql`${id}::uuid`), sql`, `)}]` : sql`array[]::uuid[]`;
  await db.execute(sql`
    insert into recipes (user_id, user_email, author, title, lead, image_id, duration, category, level, tags,
                         quantity, ingredients, description, created_at, rating_sum, rating_count)
    select ${owner.id}, ${owner.email}, ${owner.name},
           'Rezept Nr. ' || i, 'Ein erprobtes Rezept aus der Schweizer Küche, Nummer ' || i || '.',
           (${images})[1 + i % greatest(cardinality(${images}), 1)],
           20 + i % 90,
           (${categories})[1 + i % ${CATEGORY_LABELS.length}],
           'Einfach',
           case when i % 100 = 0 then array['Guetzli']
                when i % 3 = 0 then array['Frühling', 'Vegetarisch']
                else array['Salzig'] end,
           'für 4 Personen',
           '[{"name": "Mehl", "amount": "200 g"}]'::jsonb,
           'Alles mischen und backen.',
           now() - make_interval(mins => i),
           (i % 5) * 4, i % 5
    from generate_series(${offset + 1}::int, ${offset + count}::int) as i
  `);
}
