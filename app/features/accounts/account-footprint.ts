// What deleting an account takes with it, in words: the account page asks with it, the goodbye
// mail confirms it. Shared by both sides (the page renders in the browser too).
import { listCounts } from '../../utils/format.ts';

export type AccountFootprint = { recipes: number; comments: number; pictures: number };

/**
 * The counts that are not zero, in the case the sentence asks for: "mit 1 Rezept und 2 Bildern"
 * (dative), "dazugehörte: 1 Rezept und 2 Bilder" (nominative); "" when there is nothing.
 */
export function footprintInWords({ recipes, pictures, comments }: AccountFootprint, grammaticalCase: 'dative' | 'nominative') {
  const plural = (nominative: string) => (grammaticalCase === 'dative' ? `${nominative}n` : nominative);
  return listCounts([
    [recipes, 'Rezept', plural('Rezepte')],
    [pictures, 'Bild', plural('Bilder')],
    [comments, 'Kommentar', plural('Kommentare')],
  ]);
}
