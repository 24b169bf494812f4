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
import { log } from './logger.server.ts';

export const CONTENT_CHANNEL = 'chuchiblog_content';

// Kept on globalThis, like the database connection: the dev server's reloads
// and the e2e tests (which load the built app beside the sources) share it.
/**
 * What a change may have changed: `pages` (a comment, a new recipe: what pages show) or
 * `everything` (pictures removed too; and whatever this instance may have missed). Pictures are
 * kept until `everything` changes: a picture's bytes never change, only its removal matters.
 */
export type ChangeScope = 'pages' | 'everything';

type ContentState = {
  version: number;
  /** Increases only when pictures may have been removed. */
  picturesVersion: number;
  listeners: Set<(scope: ChangeScope) => void>;
  siblings?: (scope: ChangeScope) => Promise<void>;
  /** This process among the instances on one PostgreSQL, the others it has heard of, and the changes waiting for their confirmation. */
  instanceId: string;
  peers: Set<string>;
  changeSeq: number;
  awaiting: Map<number, { missing: Set<string>; done: () => void }>;
  /** False while this instance's listening connection seems lost: it may miss others' changes, so nothing is kept. */
  hearing: boolean;
  /** The heartbeat waiting for its echo. */
  echo?: { seq: number; heard: () => void };
};
const holder = globalThis as typeof globalThis & { __chuchiContent?: ContentState };
const state: ContentState = (holder.__chuchiContent ??= {
  version: 0,
  picturesVersion: 0,
  listeners: new Set(),
  instanceId: randomUUID(),
  peers: new Set(),
  changeSeq: 0,
  awaiting: new Map(),
  hearing: true,
});
/** How long a write waits for another instance's confirmation; one that never answers is forgotten. */
const CONFIRM_WAIT_MS = 2_000;

/** How often an instance on PostgreSQL checks that it still hears NOTIFYs, and how long it waits for its own. */
const HEARTBEAT_MS = 5_000;
const ECHO_WAIT_MS = 5_000;

/** Increases with every change; a render that started at another version may be stale. */
export function contentVersion() {
  return state.version;
}

/** Whether what is kept now stays exact: false while this instance may not hear the others' changes. */
export function contentIsHeard() {
  return state.hearing;
}

/** Increases when pictures may have been removed: what the pictures' memory compares. */
export function picturesVersion() {
  return state.picturesVersion;
}

export function onContentChange(listener: (scope: ChangeScope) => void) {
  state.listeners.add(listener);
  return () => state.listeners.delete(listener);
}

/** This instance's pages (and with `everything` its pictures) are stale now: a local write, or another instance's NOTIFY. */
export function markContentChanged(scope: ChangeScope = 'everything') {
  state.version++;
  if (scope === 'everything') state.picturesVersion++;
  for (const listener of state.listeners) listener(scope);
}

/**
 * In a worker of WEB_CONCURRENCY: the function that tells the sibling
 * workers and resolves once each has marked its pages stale.
 */
export function setSiblingNotifier(notify: ((scope: ChangeScope) => Promise<void>) | undefined) {
  state.siblings = notify;
}

/** A committed write changed public pages: stale here at once, on the sibling workers before it resolves, and on every other instance. */
export async function contentChanged(scope: ChangeScope = 'everything') {
  markContentChanged(scope);
  await Promise.all([tellOtherInstances(scope), state.siblings?.(scope)]);
}

async function tellOtherInstances(scope: ChangeScope) {
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
  await notify(CONTENT_CHANNEL, `change ${state.instanceId} ${seq} ${scope}`);
  await confirmed;
}

/** At start, after LISTEN: the other instances learn of this one (and answer, so it learns of them). */
export async function announceInstance() {
  await getConnection().notify?.(CONTENT_CHANNEL, `hello ${state.instanceId}`);
}

/**
 * A message on the content channel: `hello <id>`, `here <to> <id>`, `change <from> <seq> <scope>`
 * (an older instance sends no scope: everything), `ack <to> <seq> <id>`, `ping <id> <seq>` (the
 * heartbeat, for its sender only).
 */
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
    markContentChanged(third === 'pages' ? 'pages' : 'everything');
    void notify?.(CONTENT_CHANNEL, `ack ${first} ${second} ${me}`).catch(() => {});
  } else if (kind === 'ack' && first === me && second && third) {
    const waiting = state.awaiting.get(Number(second));
    waiting?.missing.delete(third);
    if (waiting?.missing.size === 0) waiting.done();
  } else if (kind === 'ping' && first === me && second) {
    if (state.echo?.seq === Number(second)) state.echo.heard();
  } else if (payload === '') {
    markContentChanged(); // an older instance's empty NOTIFY, during a rolling update
  }
}

/**
 * PostgreSQL: a listening connection can stop delivering without a word (its
 * other end gone: db/listener.server.ts). So every few seconds the
 * instance sends a NOTIFY to itself. When it is not heard back in time, the
 * instance forgets what it keeps (it may have missed changes) and keeps
 * nothing, rendering every page, while it drops the connection and listens on
 * a new one; once its own NOTIFY comes back it keeps pages again and says
 * hello (the others, its confirmations missing, have forgotten it). A false
 * alarm (the ping waited over 5 s for one of the pool's connections) costs
 * renders, never a stale page. Returns the function that stops it and waits
 * for a beat under way: call it before the database closes.
 */
export function startHeartbeat(restartListening: () => Promise<void>) {
  let seq = 0;
  const beat = async () => {
    const echoed = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), ECHO_WAIT_MS);
      timer.unref();
      state.echo = {
        seq: ++seq,
        heard: () => {
          clearTimeout(timer);
          resolve(true);
        },
      };
    });
    // Not awaited: a send that hangs (the pool's connections may be gone the same way) is not heard either.
    void getConnection()
      .notify?.(CONTENT_CHANNEL, `ping ${state.instanceId} ${seq}`)
      .catch(() => {});
    const heard = await echoed;
    state.echo = undefined;
    if (heard && !state.hearing) {
      state.hearing = true;
      markContentChanged(); // a page that began to render while deaf is not kept
      log.info('hearing the other instances again');
      await announceInstance().catch(() => {});
    } else if (!heard) {
      if (state.hearing) log.warn('the listening connection seems lost: pages are rendered, not kept, until it is back');
      state.hearing = false;
      markContentChanged();
      await restartListening().catch((error: unknown) => log.warn('listening again failed', { error }));
    }
  };
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    running ??= beat().finally(() => (running = undefined));
  }, HEARTBEAT_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
