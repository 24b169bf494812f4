// A small blog with everything a public screen can show: four recipes in two
// categories (two with pictures, one rated twice with comments), shared by
// the browser journeys and the HTTP tests of the public screens.
import { createComment, createRecipe, createUser } from './factories.ts';
import { createImage } from './stored-images.ts';

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);

export type FullBlog = Awaited<ReturnType<typeof seedFullBlog>>;

/** Writes the blog; returns the recipes' ids by name. */
export async function seedFullBlog() {
  const ids = { newest: '', cake: '', cookies: '', risotto2: '' };
  const anna = await createUser({ name: 'Anna Graf', email: 'anna@example.ch' });
  const beat = await createUser({ name: 'Beat Brunner', email: 'beat@example.ch' });
  const image = await createImage(anna.id, 25);
  ids.newest = (
    await createRecipe(anna, {
      title: 'Bärlauch-Risotto',
      lead: 'Cremiger Risotto mit frischem Bärlauch aus dem Wald.',
      category: 'Hauptgang',
      tags: ['Frühling', 'Vegetarisch'],
      imageId: image,
      createdAt: daysAgo(1),
      ratingSum: 7,
      ratingCount: 2,
      duration: 35,
      level: 'Mittel',
      quantity: 'für 4 Personen',
      ingredients: [
        { name: 'Risottoreis', amount: '300 g' },
        { name: 'Bärlauch', amount: '1 Bund' },
        { name: 'Salz und Pfeffer', amount: '' },
      ],
      description: 'Zwiebel andünsten.\n\nReis beigeben und mit Bouillon ablöschen.',
      additional: 'Bärlauch erst am Schluss beigeben.',
    })
  ).id;
  ids.cake = (
    await createRecipe(beat, {
      title: 'Aargauer Rüeblitorte',
      lead: 'Saftige Torte mit Rüebli und Mandeln.',
      category: 'Backen',
      tags: ['Süss', 'Torten & Kuchen', 'Frühling'],
      imageId: await createImage(beat.id, 35),
      createdAt: daysAgo(2),
    })
  ).id;
  ids.cookies = (
    await createRecipe(beat, {
      title: 'Mailänderli',
      lead: 'Buttrige Weihnachtsguetzli zum Ausstechen.',
      category: 'Backen',
      tags: ['Süss', 'Guetzli', 'Weihnachten'],
      createdAt: daysAgo(3),
    })
  ).id;
  ids.risotto2 = (
    await createRecipe(anna, {
      title: 'Risotto mit Spargeln',
      lead: 'Risotto mit grünen Spargeln und Parmesan.',
      category: 'Hauptgang',
      tags: ['Frühling'],
      createdAt: daysAgo(4),
    })
  ).id;
  // Two readers' ratings that count (the recipe's sum 7 and count 2 above); Anna cannot rate her own recipe.
  const chiara = await createUser({ name: 'Chiara Rossi', email: 'chiara@example.ch' });
  await createComment(ids.newest, beat, { nickname: 'Beat', comment: 'Fein!\nNächstes Mal mit mehr Käse.', rating: 4, ratingCounts: true });
  await createComment(ids.newest, chiara, { nickname: 'Chiara', comment: '<b>Super</b>', rating: 3, ratingCounts: true });
  return ids;
}
