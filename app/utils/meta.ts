// Page titles and descriptions in one format for every route.
export const SITE_NAME = 'Chuchiblog';

export function pageMeta(title: string | undefined, description?: string) {
  const fullTitle = title ? `${title} | ${SITE_NAME}` : `${SITE_NAME} – der Kochblog aus der Schweiz`;
  return [
    { title: fullTitle },
    {
      name: 'description',
      content: description ?? 'Schweizer Rezepte zum Nachkochen: Apéro, Vorspeise, Hauptgang, Dessert und Backen.',
    },
  ];
}
