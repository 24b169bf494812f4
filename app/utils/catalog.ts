// The blog's fixed vocabulary. One list each, shared by the UI,
// the validation schemas and the database's check constraints.

export const CATEGORIES = [
  { label: 'Apéro', slug: 'apero' },
  { label: 'Vorspeise', slug: 'vorspeise' },
  { label: 'Hauptgang', slug: 'hauptgang' },
  { label: 'Dessert', slug: 'dessert' },
  { label: 'Backen', slug: 'backen' },
] as const;

export type Category = (typeof CATEGORIES)[number]['label'];
export type CategorySlug = (typeof CATEGORIES)[number]['slug'];

export const CATEGORY_LABELS = CATEGORIES.map((c) => c.label) as [Category, ...Category[]];

export const LEVELS = ['Einfach', 'Mittel', 'Schwierig'] as const;
export type Level = (typeof LEVELS)[number];

export const TAGS = [
  'Salzig',
  'Süss',
  'Frühstück',
  'Frühling',
  'Sommer',
  'Herbst',
  'Winter',
  'Weihnachten',
  'Gebäck',
  'Torten & Kuchen',
  'Guetzli',
  'Vegetarisch',
] as const;
export type Tag = (typeof TAGS)[number];

export function isTag(value: string): value is Tag {
  return (TAGS as readonly string[]).includes(value);
}

/** The tag a reader meant when typing it in other letters case ("salzig" → "Salzig"). */
export function tagSpelledOtherwise(value: string): Tag | undefined {
  const wanted = value.toLocaleLowerCase('de-CH');
  return TAGS.find((tag) => tag.toLocaleLowerCase('de-CH') === wanted);
}

export function categoryBySlug(slug: string) {
  return CATEGORIES.find((c) => c.slug === slug);
}

export function categorySlug(label: Category): CategorySlug {
  // Every label has a slug: CATEGORIES is the single list of both.
  return CATEGORIES.find((c) => c.label === label)!.slug;
}

export function tagPath(tag: string) {
  return `/tags/${encodeURIComponent(tag)}` as const;
}
