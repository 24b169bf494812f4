// What the page cache needs to stay exact: a version of everything public
// pages show. Every write that changes a public page calls contentChanged()
// after it has committed and before it answers, so the next request renders
// afresh. With several instances on one PostgreSQL the change travels to the
// others by NOTIFY (server/app.ts listens and calls markContentChanged). The
// workers of one server (WEB_CONCURRENCY) also tell each other through their
// primary and wait for it: NOTIFY reaches the others some time after the
// writer answers, the primary's relay before (server/cluster.ts).
import { getConnection } from '../db/client.server.ts';

export const CONTENT_CHANNEL = 'chuchiblog_content';

// Kept on globalThis, like the database connection: the dev server's reloads
// and the e2e tests (which load the built app beside the sources) share it.
type ContentState = { version: number; listeners: Set<() => void>; siblings?: () => Promise<void> };
const holder = globalThis as typeof globalThis & { __chuchiContent?: ContentState };
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

/**
 * In a worker of WEB_CONCURRENCY: the function that tells the sibling
 * workers and resolves once each has marked its pages stale.
 */
export function setSiblingNotifier(notify: (() => Promise<void>) | undefined) {
  state.siblings = notify;
}

/** A committed write changed public pages: stale here at once, on the sibling workers before it resolves, and on every other instance. */
export async function contentChanged() {
  markContentChanged();
  await Promise.all([getConnection().notify?.(CONTENT_CHANNEL), state.siblings?.()]);
}
