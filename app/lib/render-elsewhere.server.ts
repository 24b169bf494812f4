// Where a page may be rendered besides the request's own thread: the server
// hands entry.server.tsx a function for its render thread
// (server/render-thread.ts); undefined from it means "render here".
import { createContext, type EntryContext } from 'react-router';

export type RenderedDocument = { html: Buffer<ArrayBuffer>; failed: boolean };

export type RenderElsewhere = (routerContext: EntryContext, url: string, nonce: string) => Promise<RenderedDocument | undefined>;

export const renderElsewhereRouterContext = createContext<RenderElsewhere | undefined>(undefined);
