// GET /detail/{id}/kontakt: the "Autor kontaktieren" link (docs/product-rules.md). The author's
// address is in no page (robots harvest addresses from HTML); this route hands
// it to a person's mail program as a redirect to mailto:, and refuses robots
// that say so, more than a reader would ask for in an hour, and caches.
import { isbot } from 'isbot';
import { redirect } from 'react-router';
import type { Route } from './+types/recipe-contact';
import { getRecipeContact } from '../features/recipes/recipe-queries.server.ts';
import { getEnv } from '../lib/env.server.ts';
import { consumeRateLimits, rateLimitKey } from '../lib/rate-limit.server.ts';
import { getClientIp } from '../lib/request-context.server.ts';
import { refusal } from '../utils/refusal.ts';

const PRIVATE = { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex, nofollow' };

export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (isbot(request.headers.get('user-agent'))) {
    throw refusal(403, 'Die Adresse der Autorin oder des Autors geben wir nur an Menschen weiter.', PRIVATE);
  }
  const contact = await getRecipeContact(params.recipeId);
  if (!contact) throw refusal(404);
  const allowed = await consumeRateLimits([{ key: rateLimitKey('author-contact', 'ip', getClientIp(context)), rule: getEnv().RATE_LIMIT_AUTHOR_CONTACT_PER_IP }]);
  if (!allowed) throw refusal(429, 'Zu viele Anfragen. Bitte versuche es in einer Stunde noch einmal.', PRIVATE);
  const subject = encodeURIComponent(`Dein Rezept «${contact.title}» im Chuchiblog`);
  return redirect(`mailto:${contact.email}?subject=${subject}`, { status: 303, headers: PRIVATE });
}

/** Never rendered (the loader always redirects or refuses); it makes refusals the site's German error page. */
export default function RecipeContact() {
  return null;
}
