// POST /api/uploads: the recipe form's picture, sent as the raw request body
// (see features/images/image-upload.server.ts). Signed-in users only.
import type { Route } from './+types/api-uploads';
import { receiveImageUpload, refuseUpload, uploadError } from '../features/images/image-upload.server.ts';
import { getSessionUser } from '../lib/auth.server.ts';

export function loader() {
  return uploadError('wrong-method');
}

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return uploadError('wrong-method');
  const user = await getSessionUser(request);
  if (!user) return refuseUpload(request, 'signed-out');
  return receiveImageUpload(request, user.id);
}
