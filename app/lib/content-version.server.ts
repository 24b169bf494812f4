// What the page cache needs to stay exact: a version of everything public
// pages show. Every write that changes a public page calls contentChanged()
// after it has committed and before it answers, so the next request renders
// afresh. With several instances on one PostgreSQL the change travels to the
// others by NOTIFY, each confirms it by NOTIFY, and the writer waits for the
// confirmations of every instance it knows (each says hello at start). The
// workers of one server (WEB_CONCURRENCY) also tell each other through their
// primary and wait for it: NOTIFY reaches the others some time after the
// writer answers, the primary's relay before (server/cluster.ts).
import { randomUUID } from 'node:crypto';
import { getConnection } from '../db/client.server.ts';

export const CONTENT_CHANNEL = 'chuchiblog_content';

// Kept on globalThis, like the database connection: the dev server's reloads
// and the e2e tests (which load the built app beside the sources) share it.
type ContentState = {
  version: number;
  listeners: Set<() => void>;
  siblings?: () => Promise<void>;
  /** This process among the instances on one PostgreSQL, the others it has heard of, and the changes waiting for their confirmation. */
  instanceId: string;
  peers: Set<string>;
  changeSeq: number;
  awaiting: Map<number, { missing: Set<string>; done: () => void }>;
};
const holder = globalThis as typeof globalThis & { __chuchiContent?: ContentState };
const state: ContentState = (holder.__chuchiContent ??= {
  version: 0,
  listeners: new Set(),
  instanceId: randomUUID(),
  peers: new Set(),
  changeSeq: 0,
  awaiting: new Map(),
});
/** How long a write waits for another instance's confirmation; one that never answers is forgotten. */
const CONFIRM_WAIT_MS = 2_000;

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
  await Promise.all([tellOtherInstances(), state.siblings?.()]);
}

async function tellOtherInstances() {
  const notify = getConnection().notify;
  if (!notify) return;
  const seq = ++state.changeSeq;
  const missing = new Set(state.peers);
  const confirmed = new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      for (const peer of missing) state.peers.delete(peer); // gone: do not wait for it again
      finish();
    }, CONFIRM_WAIT_MS);
    timer.unref();
    function finish() {
      clearTimeout(timer);
      state.awaiting.delete(seq);
      resolve();
    }
    if (missing.size === 0) finish();
    else state.awaiting.set(seq, { missing, done: finish });
  });
  await notify(CONTENT_CHANNEL, `change ${state.instanceId} ${seq}`);
  await confirmed;
}

/** At start, after LISTEN: the other instances learn of this one (and answer, so it learns of them). */
export async function announceInstance() {
  await getConnection().notify?.(CONTENT_CHANNEL, `hello ${state.instanceId}`);
}

/** A message on the content channel: `hello <id>`, `here <to> <id>`, `change <from> <seq>`, `ack <to> <seq> <id>`. */
export function onInstanceMessage(payload: string) {
  const [kind, first, second, third] = payload.split(' ');
  const me = state.instanceId;
  const notify = getConnection().notify;
  if (kind === 'hello' && first && first !== me) {
    state.peers.add(first);
    void notify?.(CONTENT_CHANNEL, `here ${first} ${me}`).catch(() => {});
  } else if (kind === 'here' && first === me && second) {
    state.peers.add(second);
  } else if (kind === 'change' && first && first !== me && second) {
    state.peers.add(first);
    markContentChanged();
    void notify?.(CONTENT_CHANNEL, `ack ${first} ${second} ${me}`).catch(() => {});
  } else if (kind === 'ack' && first === me && second && third) {
    const waiting = state.awaiting.get(Number(second));
    waiting?.missing.delete(third);
    if (waiting?.missing.size === 0) waiting.done();
  } else if (payload === '') {
    markContentChanged(); // an older instance's empty NOTIFY, during a rolling update
  }
}
