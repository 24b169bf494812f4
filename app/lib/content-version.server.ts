// What the page cache needs to stay exact: a version of everything public
// pages show. Every write that changes a public page calls contentChanged()
// after it has committed and before it answers, so the next request renders
// afresh. With several instances on one PostgreSQL the change travels to the
// others by NOTIFY (server/app.ts listens and calls markContentChanged).
import { getConnection } from '../db/client.server.ts';

export const CONTENT_CHANNEL = 'chuchiblog_content';

// Kept on globalThis, like the database connection: the dev server's reloads
// and the e2e tests (which load the built app beside the sources) share it.
const holder = globalThis as typeof globalThis & { __chuchiContent?: { version: number; listeners: Set<() => void> } };
const state = (holder.__chuchiContent ??= { version: 0, listeners: new Set() });

/** Increases with every change; a render that started at another version may be stale. */
export function contentVersion() {
  return state.version;
}

export function onContentChange(listener: () => void) {
  state.listeners.add(listener);
  return () => state.listeners.delete(listener);
}

/** This instance's pages are stale now (a local write, or another instance's NOTIFY). */
export function markContentChanged() {
  state.version++;
  for (const listener of state.listeners) listener();
}

/** A committed write changed public pages: stale here at once, and on every other instance. */
export async function contentChanged() {
  markContentChanged();
  await getConnection().notify?.(CONTENT_CHANNEL);
}
