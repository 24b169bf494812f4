// Request bodies read with a size cap. `request.formData()` and friends read
// whatever a client sends into memory; these stop at the cap instead.
import { isUtf8 } from 'node:buffer';
import { randomUUID } from 'node:crypto';
import { open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

export class BodyTooLargeError extends Error {
  override name = 'BodyTooLargeError';
  constructor(readonly limit: number) {
    super(`request body larger than ${limit} bytes`);
  }
}

/** A form body whose text is not UTF-8: the parser would turn it into "�" silently. */
export class MalformedBodyError extends Error {
  override name = 'MalformedBodyError';
  constructor() {
    super('request body is not valid UTF-8');
  }
}

/**
 * A client that is still sending when we answer gets its connection reset
 * and never sees the answer (HTTP/1.1 has no way to say "stop" earlier). So
 * a body over the cap is read to its end and thrown away, and the client
 * reads our German 413: a phone's photo of 12 MB sent to a form without
 * JavaScript, too. Only a body beyond 64 MiB (or twice a larger cap) is not
 * worth that: its connection is closed.
 */
const DRAIN_AT_LEAST = 64 * 1024 * 1024;

function drainLimit(limit: number) {
  return Math.max(2 * limit, DRAIN_AT_LEAST);
}

async function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>, seen: number, limit: number) {
  let size = seen;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    size += value.byteLength;
    if (size > drainLimit(limit)) {
      await reader.cancel().catch(() => {});
      return;
    }
  }
}

/** Before an early answer (not signed in, too many): read the body and drop it, up to `drainLimit`. */
export async function discardBody(request: Request, limit: number) {
  if (!request.body) return;
  const declared = Number(request.headers.get('content-length'));
  const reader = request.body.getReader();
  if (Number.isFinite(declared) && declared > drainLimit(limit)) await reader.cancel().catch(() => {});
  else await discardRest(reader, 0, limit).catch(() => {});
}

/**
 * The body's bytes, at most `limit` of them. Throws BodyTooLargeError when the
 * declared length or the bytes actually sent are more.
 */
export async function readBodyCapped(request: Request, limit: number): Promise<Buffer> {
  const declared = Number(request.headers.get('content-length'));
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  if (Number.isFinite(declared) && declared > limit) {
    if (declared <= drainLimit(limit)) await discardRest(reader, 0, limit);
    else await reader.cancel().catch(() => {});
    throw new BodyTooLargeError(limit);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await discardRest(reader, size, limit);
      throw new BodyTooLargeError(limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}

/** Reading the request failed: the client went away or sent a broken body. */
export class BodyReadError extends Error {
  override name = 'BodyReadError';
}

export type SpooledBody = { path: string; size: number };

/**
 * Like readBodyCapped, but the bytes go to a new private file in the system's
 * temporary folder instead of memory: a request that waits its turn (an
 * upload waiting for a decoder) then costs disk, not memory. The caller
 * removes the file. Throws BodyTooLargeError like readBodyCapped and
 * BodyReadError when the client breaks off.
 */
export async function spoolBodyCapped(request: Request, limit: number): Promise<SpooledBody> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) {
    await discardBody(request, limit);
    throw new BodyTooLargeError(limit);
  }
  const file = path.join(tmpdir(), `chuchiblog-body-${randomUUID()}`);
  const handle = await open(file, 'wx', 0o600);
  let size = 0;
  try {
    const reader = request.body?.getReader();
    for (;;) {
      const chunk = await reader?.read().catch((error: unknown) => {
        throw new BodyReadError('the request body could not be read', { cause: error });
      });
      if (!chunk || chunk.done) break;
      size += chunk.value.byteLength;
      if (size > limit) {
        await discardRest(reader!, size, limit).catch(() => {});
        throw new BodyTooLargeError(limit);
      }
      await handle.write(chunk.value);
    }
    return { path: file, size };
  } catch (error) {
    await rm(file, { force: true });
    throw error;
  } finally {
    await handle.close();
  }
}

/** Whether the body is UTF-8 once its %XX escapes are decoded (as a form parser would read it). */
function isUtf8Form(body: Buffer) {
  const unescaped = body.toString('latin1').replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return isUtf8(Buffer.from(unescaped, 'latin1'));
}

/**
 * The request's form fields, from a body of at most `limit` bytes. Throws
 * BodyTooLargeError beyond and MalformedBodyError for text that is not UTF-8
 * (our forms send UTF-8 only); a body that is no form yields an empty one
 * (the validation then answers with its messages, never a 500).
 */
export async function readFormCapped(request: Request, limit: number): Promise<FormData> {
  const body = await readBodyCapped(request, limit);
  if (!isUtf8Form(body)) throw new MalformedBodyError();
  const type = request.headers.get('content-type') ?? '';
  try {
    return await new Response(new Uint8Array(body), { headers: { 'content-type': type } }).formData();
  } catch {
    return new FormData();
  }
}
