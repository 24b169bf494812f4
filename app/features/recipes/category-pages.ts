import type { Category, CategorySlug, Tag } from '../../utils/catalog.ts';

type SideList = { title: string; tag: Tag; withinCategory: boolean };
type CategoryPage = { intro: string; sideLists: SideList[] };

/** The words and side columns of each category page (the heading, introduction and side columns of /apero, /vorspeise, …). */
export const CATEGORY_PAGES: Record<CategorySlug, CategoryPage> = {
  apero: {
    intro:
      'Ein Glas Weisswein, gute Gesellschaft und etwas Feines zum Knabbern: Hier findest du Apéro-Häppchen, die sich gut vorbereiten lassen. Von Chäschüechli bis Blätterteigstangen – damit der Abend entspannt beginnt.',
    sideLists: [],
  },
  vorspeise: {
    intro:
      'Der erste Gang macht Lust auf mehr. Suppen, Salate und kleine warme Vorspeisen aus der Schweizer Küche – leicht, saisonal und schnell auf dem Tisch.',
    sideLists: [],
  },
  hauptgang: {
    intro:
      'Vom Zürcher Geschnetzelten bis zu den Älplermagronen: Hier stehen die Klassiker, die satt und glücklich machen. Viele davon gelingen auch ohne Fleisch – schau dir die vegetarischen Rezepte an.',
    sideLists: [{ title: 'Vegetarisch', tag: 'Vegetarisch', withinCategory: true }],
  },
  dessert: {
    intro:
      'Ein Dessert gehört einfach dazu. Meringues mit Doppelrahm, Vermicelles oder ein Fruchtsalat aus dem Garten – süsse Rezepte für jede Jahreszeit.',
    sideLists: [],
  },
  backen: {
    intro:
      'Es duftet nach Butter und Zimt: Zopf für den Sonntag, Torten für das Fest und Guetzli für die Adventszeit. Unsere Backrezepte sind erprobt und gelingen auch in der kleinen Küche.',
    sideLists: [
      { title: 'Torten & Kuchen', tag: 'Torten & Kuchen', withinCategory: false },
      { title: 'Weihnachtsguetzli', tag: 'Guetzli', withinCategory: false },
    ],
  },
};

export function sideListCategory(list: SideList, category: Category) {
  return list.withinCategory ? category : undefined;
}
