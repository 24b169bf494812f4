// The upload endpoint's work: the browser sends the chosen file as the raw
// request body (XMLHttpRequest, for its progress events); we write at most
// MAX_INPUT_BYTES of it to a temporary file, let storeImage check and
// process it, and answer JSON: the stored image, or a German message with a
// 4xx status.
import { rm } from 'node:fs/promises';
import { isForeignKeyViolation } from '../../db/errors.server.ts';
import { images } from '../../db/schema/recipes.ts';
import { BodyReadError, BodyTooLargeError, discardBody, spoolBodyCapped, type SpooledBody } from '../../lib/request-body.server.ts';
import { log } from '../../lib/logger.server.ts';
import { getEnv } from '../../lib/env.server.ts';
import { quotaReached } from '../../lib/user-quota.server.ts';
import { storeImage } from './image-mutations.server.ts';
import { MAX_INPUT_BYTES } from './image-limits.ts';
import { ImageRejectedError, type ImageRejection } from './image-processing.server.ts';
import type { ImageRef } from './image-urls.ts';

export type UploadAnswer = { image: ImageRef } | { error: string };

/** Why an upload was refused: the decoder's reasons (ImageRejection) and the endpoint's own. */
export type UploadRefusal = ImageRejection | 'wrong-method' | 'signed-out' | 'too-many' | 'incomplete' | 'empty' | 'unavailable';

/** The decoder's message for its reason (ImageRejectedError carries it for the user). */
function decoderMessage(reason: ImageRejection) {
  return new ImageRejectedError(reason).message;
}

/** Every refusal of the upload endpoint, as the answer says it. */
const REFUSALS: Record<UploadRefusal, { status: number; message: string }> = {
  'not-jpeg': { status: 415, message: decoderMessage('not-jpeg') },
  'too-large': { status: 413, message: decoderMessage('too-large') },
  'odd-shape': { status: 422, message: decoderMessage('odd-shape') },
  damaged: { status: 422, message: decoderMessage('damaged') },
  'wrong-method': { status: 405, message: 'Bilder werden mit POST hochgeladen.' },
  'signed-out': { status: 401, message: 'Bitte melde dich an, um ein Bild hochzuladen.' },
  'too-many': { status: 429, message: 'Du hast in der letzten Stunde sehr viele Bilder hochgeladen. Bitte versuche es später noch einmal.' },
  incomplete: { status: 400, message: 'Das Bild ist nicht vollständig angekommen. Bitte versuche es noch einmal.' },
  empty: { status: 400, message: 'Bitte wähle ein Bild aus.' },
  unavailable: { status: 503, message: 'Das Bild konnte gerade nicht gespeichert werden. Bitte versuche es später noch einmal.' },
};

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

/** The German answer for a refusal, with its status from the one table. */
export function uploadError(reason: UploadRefusal) {
  const { status, message } = REFUSALS[reason];
  return answer({ error: message }, status);
}

/** An answer before the upload was read (e.g. not signed in): the client still gets to read it. */
export async function refuseUpload(request: Request, reason: UploadRefusal) {
  await discardBody(request, MAX_INPUT_BYTES);
  return uploadError(reason);
}

/** Stores the request body as an image of `userId` and answers JSON (201, or 4xx with a German message). */
export async function receiveImageUpload(request: Request, userId: string): Promise<Response> {
  if (await quotaReached({ table: images, owner: images.userId, createdAt: images.createdAt }, userId, getEnv().RATE_LIMIT_UPLOADS_PER_USER)) {
    return refuseUpload(request, 'too-many');
  }
  let body: SpooledBody;
  try {
    body = await spoolBodyCapped(request, MAX_INPUT_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return uploadError('too-large');
    // The client went away or sent a broken body.
    if (error instanceof BodyReadError) return uploadError('incomplete');
    log.error('image upload could not be written to a temporary file', { userId, error });
    return uploadError('unavailable');
  }
  try {
    if (body.size === 0) return uploadError('empty');
    const image = await withSlot(() => storeImage({ path: body.path }, userId));
    log.info('image uploaded', { imageId: image.id, userId, bytes: body.size });
    return answer({ image }, 201);
  } catch (error) {
    if (error instanceof ImageRejectedError) return uploadError(error.reason);
    // The account was deleted while its picture was being made (foreign key): signed out now.
    if (isForeignKeyViolation(error)) return uploadError('signed-out');
    log.error('image upload failed', { userId, error });
    return uploadError('unavailable');
  } finally {
    await rm(body.path, { force: true }).catch((error: unknown) => log.warn('temporary upload file left behind', { path: body.path, error }));
  }
}
