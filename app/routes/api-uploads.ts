// POST /api/uploads: the recipe form's picture, sent as the raw request body
// (see features/images/image-upload.server.ts). Signed-in users only.
import type { Route } from './+types/api-uploads';
import { receiveImageUpload, refuseUpload, uploadError } from '../features/images/image-upload.server.ts';
import { getSessionUser } from '../lib/auth.server.ts';

export function loader() {
  return uploadError('Bilder werden mit POST hochgeladen.', 405);
}

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return uploadError('Bilder werden mit POST hochgeladen.', 405);
  const user = await getSessionUser(request);
  if (!user) return refuseUpload(request, 'Bitte melde dich an, um ein Bild hochzuladen.', 401);
  return receiveImageUpload(request, user.id);
}
