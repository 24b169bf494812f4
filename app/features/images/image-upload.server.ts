// The upload endpoint's work: the browser sends the chosen file as the raw
// request body (XMLHttpRequest, for its progress events); we write at most
// MAX_INPUT_BYTES of it to a temporary file, let storeImage check and
// process it, and answer JSON: the stored image, or a German message with a
// 4xx status.
import { rm } from 'node:fs/promises';
import { images } from '../../db/schema/recipes.ts';
import { BodyReadError, BodyTooLargeError, discardBody, spoolBodyCapped, type SpooledBody } from '../../lib/request-body.server.ts';
import { log } from '../../lib/logger.server.ts';
import { quotaReached, type UserQuota } from '../../lib/user-quota.server.ts';
import { storeImage } from './image-mutations.server.ts';
import { MAX_INPUT_BYTES } from './image-limits.ts';
import { ImageRejectedError, type ImageRejection } from './image-processing.server.ts';
import type { ImageRef } from './image-urls.ts';

export type UploadAnswer = { image: ImageRef } | { error: string };

/** Each picture costs decoding time and storage: a generous hourly limit per user, counted in `images`. */
export const UPLOAD_RATE_LIMIT: UserQuota = { max: 30, windowMinutes: 60 };

const STATUS: Record<ImageRejection, number> = { 'not-jpeg': 415, 'too-large': 413, damaged: 422 };

/**
 * Pictures are decoded one or two at a time: a burst of uploads must not
 * starve the pages, and each one in work holds its pixels and an encoder
 * (some 50 MB for a 12 MP photo). The others wait on disk (spoolBodyCapped).
 */
const MAX_PARALLEL = 2;
let running = 0;
const waiting: Array<() => void> = [];

async function withSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_PARALLEL) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await work();
  } finally {
    // Hand the slot straight to the next in line, or give it back.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

function answer(body: UploadAnswer, status: number) {
  return Response.json(body, { status, headers: { 'Cache-Control': 'no-store' } });
}

export function uploadError(message: string, status: number) {
  return answer({ error: message }, status);
}

/** An answer before the upload was read (e.g. not signed in): the client still gets to read it. */
export async function refuseUpload(request: Request, message: string, status: number) {
  await discardBody(request, MAX_INPUT_BYTES);
  return uploadError(message, status);
}

/** Stores the request body as an image of `userId` and answers JSON (201, or 4xx with a German message). */
export async function receiveImageUpload(request: Request, userId: string): Promise<Response> {
  if (await quotaReached({ table: images, owner: images.userId, createdAt: images.createdAt }, userId, UPLOAD_RATE_LIMIT)) {
    return refuseUpload(request, 'Du hast in der letzten Stunde sehr viele Bilder hochgeladen. Bitte versuche es später noch einmal.', 429);
  }
  let body: SpooledBody;
  try {
    body = await spoolBodyCapped(request, MAX_INPUT_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return uploadError(new ImageRejectedError('too-large').message, 413);
    // The client went away or sent a broken body.
    if (error instanceof BodyReadError) return uploadError('Das Bild ist nicht vollständig angekommen. Bitte versuche es noch einmal.', 400);
    log.error('image upload could not be written to a temporary file', { userId, error });
    return uploadError(UNAVAILABLE, 503);
  }
  try {
    if (body.size === 0) return uploadError('Bitte wähle ein Bild aus.', 400);
    const image = await withSlot(() => storeImage({ path: body.path }, userId));
    log.info('image uploaded', { imageId: image.id, userId, bytes: body.size });
    return answer({ image }, 201);
  } catch (error) {
    if (error instanceof ImageRejectedError) return uploadError(error.message, STATUS[error.reason]);
    log.error('image upload failed', { userId, error });
    return uploadError(UNAVAILABLE, 503);
  } finally {
    await rm(body.path, { force: true }).catch((error: unknown) => log.warn('temporary upload file left behind', { path: body.path, error }));
  }
}

const UNAVAILABLE = 'Das Bild konnte gerade nicht gespeichert werden. Bitte versuche es später noch einmal.';
