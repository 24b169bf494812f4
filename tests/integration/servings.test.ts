// The servings calculator's reading and scaling, case by case as cooks write them.
import { describe, expect, test } from 'vitest';
import { scaleAmount, scaleIngredient, scaleQuantity, servingsOf } from '../../app/features/recipes/servings.ts';

describe('how many a recipe is for', () => {
  test.each([
    ['für 4 Personen', 4],
    ['4 Portionen', 4],
    ['ergibt 12 Stück', 12],
    ['Für 2–3 Personen', 2],
    ['1 Kuchen (26 cm)', 1],
    ['für eine Springform von 24 cm', 1],
    ['Für zwei Personen', 2],
    ['ein Blech', 1],
    ['für zwölf Guetzli', 12],
  ])('%s → %i', (quantity, count) => {
    expect(servingsOf(quantity)?.count).toBe(count);
  });

  test.each([['nach Belieben'], ['eine Handvoll'.replace('eine', 'keine')], ['1,5 kg Teig'], ['für 0 Personen'], ['']])(
    '%j has no number to scale',
    (quantity) => {
      expect(servingsOf(quantity)).toBeUndefined();
    },
  );

  test.each([
    ['für 4 Personen', 6, 'für 6 Personen'],
    ['für 4 Personen', 1, 'für 1 Person'],
    ['1 Portion', 3, '3 Portionen'],
    ['ergibt 12 Stück', 24, 'ergibt 24 Stück'],
    ['Für zwei Personen', 5, 'Für 5 Personen'],
    ['für 4 Personen (ca. 24 Stück)', 5, 'für 5 Personen (ca. 30 Stück)'],
    ['1 Kuchen (26 cm)', 2, '2 Kuchen (26 cm)'],
    ['für 1 Springform (26 cm)', 3, 'für 3 Springformen (26 cm)'],
    ['für 2 Springformen', 1, 'für 1 Springform'],
    ['für 1 Tarteform (24 cm)', 2, 'für 2 Tarteformen (24 cm)'],
    ['für 1 Kuchenblech', 2, 'für 2 Kuchenbleche'],
    ['für 1 Form', 2, 'für 2 Formen'],
    ['1 Blech', 4, '4 Bleche'],
    ['ergibt 1 Wähe', 2, 'ergibt 2 Wähen'],
    ['für 1 Formel-1-Team', 2, 'für 2 Formel-1-Team'],
    ['für 4 Personen (ca. 16 Schalen)', 1, 'für 1 Person (ca. 4 Schalen)'],
    // an adjective before the counted noun follows it into the plural and back
    ['für 1 grossen Zopf (ca. 1,5 kg)', 2, 'für 2 grosse Zöpfe (ca. 3 kg)'],
    ['für 2 grosse Zöpfe', 1, 'für 1 grossen Zopf'],
    ['für 1 kleine Torte', 3, 'für 3 kleine Torten'],
    ['für 2 kleine Torten', 1, 'für 1 kleine Torte'],
    ['ergibt 1 grosses Blech', 2, 'ergibt 2 grosse Bleche'],
    ['ergibt 2 grosse Kuchenbleche', 1, 'ergibt 1 grosses Kuchenblech'],
    ['für 1 runden Laib', 2, 'für 2 runde Laibe'],
    ['für 1 Kranz', 2, 'für 2 Kränze'],
    ['für 1 grossen Kuchen', 2, 'für 2 grosse Kuchen'],
    // a count alone names the noun (nominative): "1 grosser Zopf"
    ['2 grosse Zöpfe', 1, '1 grosser Zopf'],
    ['1 grosser Zopf', 3, '3 grosse Zöpfe'],
    // a range of weights scales at both ends
    ['für 4 Personen (ca. 1–1,5 kg)', 2, 'für 2 Personen (ca. 500–750 g)'],
    // known limit: an adverb before the adjective ("ganz grossen") leaves the words as they are
    ['für 1 ganz grossen Zopf', 2, 'für 2 ganz grossen Zopf'],
  ])('%s for %i → %s', (quantity, count, expected) => {
    expect(scaleQuantity(quantity, servingsOf(quantity)!, count)).toBe(expected);
  });
});

describe('amounts scaled and rounded for a cook', () => {
  test.each([
    // grams and millilitres: whole, then in a scale's steps; 1000 g is 1 kg
    ['300 g', 1.5, '450 g'],
    ['250 g', 4, '1 kg'],
    ['600 g', 2.5, '1,5 kg'],
    ['125 g', 1 / 3, '40 g'],
    ['7 g', 0.5, '4 g'],
    ['1,2 kg', 0.5, '600 g'],
    ['0,5 kg', 3, '1,5 kg'],
    ['500 ml', 3, '1,5 l'],
    ['200 ml', 0.25, '50 ml'],
    // dl and l: the Swiss kitchen's measuring jug; 10 dl is 1 l
    ['2 dl', 2, '4 dl'],
    ['1 ½ dl', 2, '3 dl'],
    ['3 dl', 1.5, '4 ½ dl'],
    ['5 dl', 2, '1 l'],
    ['1 l', 0.5, '5 dl'],
    ['1,5 dl', 1 / 3, '½ dl'],
    // spoons and packs: common fractions
    ['2 EL', 0.5, '1 EL'],
    ['1 EL', 0.5, '½ EL'],
    ['1 TL', 0.25, '¼ TL'],
    // below a quarter ⅛, never less (a pinch of Kirsch is no measure)
    ['1 TL', 0.125, '⅛ TL'],
    ['¼ TL', 0.25, '⅛ TL'],
    ['¼ Päckli', 0.25, '⅛ Päckli'],
    ['1–2 TL', 0.05, '⅛ TL'],
    // spoons as a cook reads them: EL in whole, ½ and ¾, else TL (1 EL = 3 TL); TL up to EL where it reads well, or from 9 TL
    ['1 EL', 1 / 6, '½ TL'],
    ['1 EL', 1 / 3, '1 TL'],
    ['1 EL', 2 / 3, '2 TL'],
    ['1 EL', 0.25, '¾ TL'],
    ['1 EL', 0.75, '¾ EL'],
    ['1 EL', 4 / 3, '4 TL'],
    ['3 EL', 0.4, '3 ⅔ TL'],
    ['2 EL', 1.25, '2 ½ EL'],
    ['1 EL', 0.02, '⅛ TL'],
    ['2 TL', 3, '2 EL'],
    ['1 TL', 4, '4 TL'],
    ['2 TL', 8, '5 ⅓ EL'],
    // a little liquid by the spoon (1 EL = 15 ml, 1 TL = 5 ml); under ¼ dl in ml
    ['1 dl', 0.2, '20 ml'],
    ['1 dl', 1 / 6, '1 EL'],
    ['1 l', 0.01, '2 TL'],
    ['30 ml', 0.5, '1 EL'],
    // a range whose ends settle in different units keeps the upper one's: the lower end in it
    ['15–30 ml', 0.8, '12–25 ml'],
    ['1–4 TL', 1.5, '½–2 EL'],
    ['½ TL', 3, '1 ½ TL'],
    ['1/2 TL', 1.5, '¾ TL'],
    ['1 1/2 EL', 2, '3 EL'],
    ['1 Päckli', 1.5, '1 ½ Päckli'],
    ['1 Bund', 2, '2 Bund'],
    ['1 Becher', 0.5, '½ Becher'],
    ['1 Dose', 2, '2 Dosen'],
    ['2 Dosen', 0.5, '1 Dose'],
    ['3 EL', 10 / 3, '10 EL'],
    // a pinch stays at least one, and whole
    ['1 Prise', 0.5, '1 Prise'],
    ['1 Prise', 3, '3 Prisen'],
    ['1 Msp.', 2, '2 Msp.'],
    ['1 Zweig', 3, '3 Zweige'],
    // pieces without a unit: halves, at least one half
    ['3', 0.5, '1 ½'],
    ['4 Stk.', 1.5, '6 Stk.'],
    ['1', 0.25, '½'],
    ['12', 1.5, '18'],
    // ranges scale at both ends
    ['2–3 EL', 2, '4–6 EL'],
    ['2-3', 2, '4–6'],
    ['800–1200 g', 2, '1,6–2,4 kg'],
    ['600–900 g', 1.5, '0,9–1,4 kg'],
    // words around the number stay
    ['ca. 200 g', 2, 'ca. 400 g'],
    ['2 EL, gehackt', 2, '4 EL, gehackt'],
    ['1,5 Tassen', 2, '3 Tassen'],
  ])('%s × %d → %s', (amount, factor, expected) => {
    expect(scaleAmount(amount, factor)).toBe(expected);
  });

  test.each([['etwas'], ['nach Belieben'], [''], ['eine Handvoll'], ['Saft von einer Zitrone']])('%j stays as it is', (amount) => {
    expect(scaleAmount(amount, 2)).toBe(amount);
  });

  test('the recipe\'s own number changes nothing', () => {
    expect(scaleAmount('1,333 kg', 1)).toBe('1,333 kg');
  });

  test.each([
    ['2 constructor', '4 constructor'],
    ['2 __proto__', '4 __proto__'],
    ['1-2 toString', '2–4 toString'],
    ['1/0 g', '1/0 g'],
    ['0/0 kg', '0/0 kg'],
  ])('%j: no unit of JavaScript\'s own, no number that is none (→ %j)', (amount, expected) => {
    expect(scaleAmount(amount, 2)).toBe(expected);
  });

  test.each([
    ['1 Stange', 2, '2 Stangen'],
    ['3 Stangen', 1 / 3, '1 Stange'],
  ])('%s × %d → %s', (amount, factor, expected) => {
    expect(scaleAmount(amount, factor)).toBe(expected);
  });
});

describe('counted ingredients follow their number', () => {
  test.each([
    [{ amount: '1', name: 'Ei, zum Bestreichen' }, 3, { amount: '3', name: 'Eier, zum Bestreichen' }],
    // what brushes a dough is beaten whole: one egg at least, never half of one
    [{ amount: '1', name: 'Ei, zum Bestreichen' }, 0.25, { amount: '1', name: 'Ei, zum Bestreichen' }],
    [{ amount: '1', name: 'Eigelb, zum Bestreichen' }, 2.5, { amount: '3', name: 'Eigelb, zum Bestreichen' }],
    [{ amount: '2', name: 'Eier' }, 0.25, { amount: '½', name: 'Ei' }],
    [{ amount: '2', name: 'Eier' }, 0.5, { amount: '1', name: 'Ei' }],
    [{ amount: '1', name: 'Zwiebel' }, 1.5, { amount: '1 ½', name: 'Zwiebeln' }],
    [{ amount: '2', name: 'Frühlingszwiebeln' }, 0.5, { amount: '1', name: 'Frühlingszwiebel' }],
    [{ amount: '1', name: 'Bio-Zitrone' }, 2, { amount: '2', name: 'Bio-Zitronen' }],
    [{ amount: '1', name: 'Apfel (sauer)' }, 2, { amount: '2', name: 'Äpfel (sauer)' }],
    [{ amount: '2', name: 'Knoblauchzehen' }, 0.5, { amount: '1', name: 'Knoblauchzehe' }],
    [{ amount: '1–2', name: 'Lorbeerblatt' }, 2, { amount: '2–4', name: 'Lorbeerblätter' }],
    [{ amount: '1', name: 'Vanilleschote' }, 2, { amount: '2', name: 'Vanilleschoten' }],
    [{ amount: '4', name: 'Meringue-Schalen' }, 0.25, { amount: '1', name: 'Meringue-Schale' }],
    [{ amount: '4', name: 'Belegkirschen, zum Garnieren' }, 0.25, { amount: '1', name: 'Belegkirsche, zum Garnieren' }],
    // lower-case words before the counted one: its number changes all the same, and adjectives follow it
    [{ amount: '2', name: 'rechteckig ausgewallte Blätterteige (ca. 25 × 42 cm)' }, 0.25, { amount: '½', name: 'rechteckig ausgewallter Blätterteig (ca. 25 × 42 cm)' }],
    [{ amount: '1', name: 'rechteckig ausgewallter Blätterteig' }, 2, { amount: '2', name: 'rechteckig ausgewallte Blätterteige' }],
    [{ amount: '3', name: 'frische Eiweiss (ca. 100 g)' }, 1 / 3, { amount: '1', name: 'frisches Eiweiss (ca. 35 g)' }],
    [{ amount: '2', name: 'grosse Zwiebeln' }, 0.5, { amount: '1', name: 'grosse Zwiebel' }],
    [{ amount: '1', name: 'kleiner Apfel' }, 2, { amount: '2', name: 'kleine Äpfel' }],
    [{ amount: '1', name: 'sehr reife Banane' }, 3, { amount: '3', name: 'sehr reife Bananen' }],
    [{ amount: '1', name: 'grosse, reife Banane' }, 3, { amount: '3', name: 'grosse, reife Bananen' }],
    [{ amount: '2', name: 'grosse, rote Äpfel' }, 0.5, { amount: '1', name: 'grosser, roter Apfel' }],
    // With a unit the unit counts; words that only end like a counted one, and free text, stay.
    [{ amount: '1 EL', name: 'Zwiebel, gehackt' }, 3, { amount: '3 EL', name: 'Zwiebel, gehackt' }],
    [{ amount: '2', name: 'Brei' }, 0.5, { amount: '1', name: 'Brei' }],
    [{ amount: '2', name: 'Blatt Gelatine' }, 2, { amount: '4', name: 'Blatt Gelatine' }],
    [{ amount: 'etwas', name: 'Eier' }, 0.5, { amount: 'etwas', name: 'Eier' }],
    [{ amount: '1', name: 'Ei' }, 1, { amount: '1', name: 'Ei' }],
    // weights in brackets scale with the amount; a weight each ("à 400 g") is one piece's size
    [{ amount: '3', name: 'frische Eiweiss (ca. 100 g)' }, 2, { amount: '6', name: 'frische Eiweiss (ca. 200 g)' }],
    [{ amount: '1', name: 'Zwiebel (ca. 150 g), gehackt' }, 2, { amount: '2', name: 'Zwiebeln (ca. 300 g), gehackt' }],
    [{ amount: '2 Dosen', name: 'Tomaten (à 400 g)' }, 0.5, { amount: '1 Dose', name: 'Tomaten (à 400 g)' }],
    [{ amount: '500 g', name: 'Rüebli (je 100 g oder 4 Stück)' }, 2, { amount: '1 kg', name: 'Rüebli (je 100 g oder 4 Stück)' }],
    [{ amount: '2', name: 'Kuchenteige (ca. 25 × 42 cm)' }, 2, { amount: '4', name: 'Kuchenteige (ca. 25 × 42 cm)' }],
    [{ amount: '4', name: 'Kartoffeln (ca. 600–800 g)' }, 0.5, { amount: '2', name: 'Kartoffeln (ca. 300–400 g)' }],
    // per piece, however written: à / a / je / jeweils / pro, with "ca." between; "pro Stück" after; "2 x 250 g"
    [{ amount: '2', name: 'Eier (à ca. 60 g)' }, 2, { amount: '4', name: 'Eier (à ca. 60 g)' }],
    [{ amount: '2', name: 'Zucchetti (jeweils 200 g)' }, 2, { amount: '4', name: 'Zucchetti (jeweils 200 g)' }],
    [{ amount: '2', name: 'Zucchetti (ca. 200 g pro Stück)' }, 2, { amount: '4', name: 'Zucchetti (ca. 200 g pro Stück)' }],
    [{ amount: '1', name: 'Rahm (2 x 250 g)' }, 2, { amount: '2', name: 'Rahm (2 x 250 g)' }],
    // the weight follows the pieces as shown, rounded: half an egg, not a quarter
    [{ amount: '1', name: 'Ei (ca. 60 g)' }, 0.25, { amount: '½', name: 'Ei (ca. 30 g)' }],
    // beside a container the weight is one container's
    [{ amount: '2 Dosen', name: 'Tomaten (400 g)' }, 0.5, { amount: '1 Dose', name: 'Tomaten (400 g)' }],
  ])('%o × %d → %o', (ingredient, factor, expected) => {
    expect(scaleIngredient(ingredient, factor)).toEqual(expected);
  });
});
