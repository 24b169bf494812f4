// Words that mean the same in the kitchen: Swiss and German names, and a few
// others. A search for any word of a group finds recipes that use any other
// (as the whole word or, for words of four letters or more, as the start of a
// compound: "Rahm" also finds "Rahmsauce", "Sahne" finds "Sahnehäubchen").
//
// To add a group, add a line; to add a word, add it to its group. Write the
// words as they are written in a recipe (capitals and umlauts as you like: the
// search folds both). A word may have two parts ("Rote Bete"): it is then found
// as that phrase. Plurals are found by the search itself ("Karotten" finds
// "Karotte"), they need no line of their own; but a word too short for the
// stemmer's rules keeps its plural whole ("Eier" is not "Ei" to it), and needs one.
export const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  ['Ei', 'Eier'],
  ['Rüebli', 'Karotte', 'Möhre', 'Mohrrübe'],
  ['Rahm', 'Sahne'],
  ['Peperoni', 'Paprika'],
  ['Poulet', 'Hähnchen', 'Hühnchen', 'Huhn'],
  ['Zucchetti', 'Zucchini'],
  ['Nüsslisalat', 'Feldsalat', 'Rapunzel'],
  ['Cervelat', 'Zervelat'],
  ['Randen', 'Rote Bete', 'Rote Beete', 'Rote Rübe'],
  ['Weggli', 'Brötchen', 'Semmel'],
  ['Glace', 'Eis', 'Speiseeis'],
  ['Guetzli', 'Plätzchen', 'Kekse', 'Keks'],
  ['Znüni', 'Zvieri', 'Zwischenmahlzeit', 'Pausenbrot'],
  ['Gipfeli', 'Croissant'],
  ['Stangensellerie', 'Staudensellerie'],
  ['Kartoffel', 'Erdapfel', 'Härdöpfel'],
  ['Pilze', 'Schwämme'],
  ['Quark', 'Topfen'],
  ['Nidle', 'Rahm'],
  ['Anke', 'Butter'],
  ['Rösti', 'Röschti'],
  ['Schoggi', 'Schokolade'],
  ['Müesli', 'Müsli'],
  ['Geschnetzeltes', 'Gschnätzlets', 'Geschnätzlets'],
  // Not "Dünne" (a Wähe in Aargau): it would find every recipe that rolls a dough "dünn".
  ['Wähe', 'Fladen'],
  ['Käse', 'Chäs'],
  ['Baumnuss', 'Baumnüsse', 'Walnuss', 'Walnüsse'],
  ['Haselnuss', 'Haselnüsse'],
  ['Marroni', 'Maroni', 'Marone', 'Kastanie', 'Esskastanie'],
  ['Greyerzer', 'Gruyère'],
  ['Peterli', 'Petersilie'],
  ['Magronen', 'Makkaroni', 'Maccheroni'],
  ['Vegi', 'vegetarisch'],
  ['Dessert', 'Nachspeise', 'Nachtisch'],
  ['Hauptgang', 'Hauptgericht', 'Hauptspeise'],
];
