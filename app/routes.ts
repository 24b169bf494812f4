// The site's table of contents: every URL, explicitly.
import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';
import { CATEGORIES } from './utils/catalog.ts';

export default [
  // Built without MUI: what nearly every reader opens loads no MUI at all.
  index('routes/home.tsx'),
  // One module serves the five category pages; the URL says which.
  ...CATEGORIES.map((c) => route(c.slug, 'routes/category.tsx', { id: `category-${c.slug}` })),
  route('tags', 'routes/tags-index.tsx'),
  route('tags/:tag', 'routes/tag.tsx'),
  route('detail/:recipeId', 'routes/detail.tsx'),
  route('detail/:recipeId/kochmodus', 'routes/cook-mode.tsx'),
  // Pages built with MUI components (forms, account, search) get MUI's theme from their layout.
  layout('routes/layouts/mui-pages.tsx', [
    route('detail/:recipeId/kommentare/:commentId/melden', 'routes/comment-report.tsx'),
    route('imprint', 'routes/imprint.tsx'),
    route('datenschutz', 'routes/privacy.tsx'),
    route('suche', 'routes/search.tsx'),
    // Recipe authoring (signed-in users; the server checks ownership).
    route('create', 'routes/create.tsx'),
    route('edit/:recipeId', 'routes/edit.tsx'),
    // Accounts.
    route('login', 'routes/login.tsx'),
    route('forgot', 'routes/forgot.tsx'),
    route('reset-password', 'routes/reset-password.tsx'),
    route('verify-email', 'routes/verify-email.tsx'),
    route('profile', 'routes/profile.tsx'),
    route('konto', 'routes/account.tsx'),
    route('konto/email-bestaetigen', 'routes/confirm-email.tsx'),
  ]),
  // Actions and resources without a page of their own.
  route('detail/:recipeId/delete', 'routes/recipe-delete.ts'),
  route('detail/:recipeId/loeschen', 'routes/recipe-delete-page.tsx'),
  route('detail/:recipeId/kommentare/:commentId/loeschen', 'routes/comment-delete.tsx'),
  route('detail/:recipeId/kontakt', 'routes/recipe-contact.ts'),
  route('api/uploads', 'routes/api-uploads.ts'),
  route('konto/export', 'routes/account-export.ts'),
  route('logout', 'routes/logout.tsx'),
  route('api/altcha-challenge', 'routes/altcha-challenge.ts'),
  route('impressum', 'routes/impressum.ts'),
  // For search engines and feed readers: XML and text, no page around them.
  route('robots.txt', 'routes/robots.ts'),
  route('sitemap.xml', 'routes/sitemap.ts', { id: 'sitemap' }),
  route('sitemaps/:part', 'routes/sitemap.ts', { id: 'sitemap-part' }),
  route('feed.xml', 'routes/feed.ts', { id: 'feed' }),
  ...CATEGORIES.map((c) => route(`${c.slug}/feed.xml`, 'routes/feed.ts', { id: `feed-${c.slug}` })),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
