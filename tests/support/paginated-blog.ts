// A blog with enough recipes for several pages of every list: 26 Zöpfe in
// Backen (pages of 12, 12 and 2; every other one also tagged «Torten &
// Kuchen») and seven older spring recipes in Hauptgang.
import { createAccount } from './accounts.ts';
import { createRecipe } from './factories.ts';

/** "Zopf 00" is the newest; two digits so that no title contains another. */
export const zopf = (i: number) => `Zopf ${String(i).padStart(2, '0')}`;
/** The Zöpfe from `from` up to (not including) `to`, newest first. */
export const zopfRange = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => zopf(from + i));

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

/** Writes the recipes; returns the owner's e-mail address. */
export async function seedPaginatedBlog() {
  const owner = await createAccount('Vreni Baumann');
  for (let i = 0; i < 26; i++) {
    await createRecipe(owner, { title: zopf(i), category: 'Backen', tags: i % 2 ? ['Süss'] : ['Süss', 'Torten & Kuchen'], createdAt: minutesAgo(i + 1) });
  }
  for (let i = 0; i < 7; i++) {
    await createRecipe(owner, { title: `Bärlauch ${i}`, category: 'Hauptgang', tags: ['Frühling'], createdAt: minutesAgo(100 + i) });
  }
  return owner.email;
}
