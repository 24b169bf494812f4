// The site's table of contents: every URL of the spec (§2), explicitly.
import { index, route, type RouteConfig } from '@react-router/dev/routes';
import { CATEGORIES } from './utils/catalog.ts';

export default [
  index('routes/home.tsx'),
  // One module serves the five category pages; the URL says which.
  ...CATEGORIES.map((c) => route(c.slug, 'routes/category.tsx', { id: `category-${c.slug}` })),
  route('tags', 'routes/tags-index.tsx'),
  route('tags/:tag', 'routes/tag.tsx'),
  route('detail/:recipeId', 'routes/detail.tsx'),
  route('imprint', 'routes/imprint.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
