// The loader data a page hands to the browser. React Router encodes it into a
// stream, and <ServerRouter> writes it into the page as a <script> per chunk,
// suspending until each chunk has been read (its StreamTransfer). We read the
// stream whole before rendering instead, so the page can be rendered in one
// synchronous pass (entry.server.tsx): the text goes into the render's
// `renderMeta.streamCache` (typed in React Router's EntryContext), where
// StreamTransfer finds it already read. Should React Router stop looking there,
// it suspends again, and entry.server renders the page as before.
import type { EntryContext } from 'react-router';

/** The whole loader data of the page, read from React Router's stream (undefined: the page has none). */
export async function readLoaderDataHandoff(context: EntryContext): Promise<string | undefined> {
  const stream = context.serverHandoffStream;
  return stream && (await new Response(stream).text());
}

/** <ServerRouter> writes the data from memory, without waiting for a stream. */
export function handOverReadData(context: EntryContext, handoff: string) {
  const read = (result: { done: boolean; value: string }) => Object.assign(Promise.resolve(), { result });
  context.renderMeta = { streamCache: { 0: read({ done: false, value: handoff }), 1: read({ done: true, value: '' }) } };
  // Never read: a stream that was read already cannot be read again.
  context.serverHandoffStream = new ReadableStream();
}

/** <ServerRouter> reads the data from a stream again, as React Router set it up. */
export function handOverAsStream(context: EntryContext, handoff: string | undefined) {
  context.renderMeta = {};
  context.serverHandoffStream = loaderDataStream(handoff);
}

/** The data read before, as a stream of one chunk. */
export function loaderDataStream(handoff: string | undefined) {
  return handoff === undefined ? undefined : (new Response(handoff).body ?? undefined);
}
