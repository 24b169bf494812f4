// Request bodies read with a size cap. `request.formData()` and friends read
// whatever a client sends into memory; these stop at the cap instead.

export class BodyTooLargeError extends Error {
  override name = 'BodyTooLargeError';
  constructor(readonly limit: number) {
    super(`request body larger than ${limit} bytes`);
  }
}

/**
 * A client that is still sending when we answer gets its connection reset
 * and never sees the answer (HTTP/1.1 has no way to say "stop" earlier). So
 * a body somewhat over the cap is read to its end and thrown away, and the
 * client reads our 413; a body far over it is not worth that.
 */
function drainLimit(limit: number) {
  return Math.max(2 * limit, 1024 * 1024);
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

/** Before an early answer (not signed in, too many): read the body and drop it, up to twice `limit`. */
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

/**
 * The request's form fields, from a body of at most `limit` bytes. Throws
 * BodyTooLargeError beyond; a body that is no form yields an empty one (the
 * validation then answers with its messages, never a 500).
 */
export async function readFormCapped(request: Request, limit: number): Promise<FormData> {
  const body = await readBodyCapped(request, limit);
  const type = request.headers.get('content-type') ?? '';
  try {
    return await new Response(new Uint8Array(body), { headers: { 'content-type': type } }).formData();
  } catch {
    return new FormData();
  }
}
