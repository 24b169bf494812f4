// What every visitor sees alike (a recipe, its comments, the similar recipes;
// the bytes of a picture), kept in memory until the content changes: the same
// signal that empties the page cache (lib/content-version.server.ts); pictures
// only when the change may have removed some. Signed-in
// readers, whose pages always render, then render without asking the database
// again for what has not changed, and pictures are sent without reading storage.
import { contentIsHeard, contentVersion, onContentChange, picturesVersion } from './content-version.server.ts';

type Limits<T> = {
  /** At most this many entries; the least recently used goes first. */
  maxEntries?: number;
  /** At most this many bytes, as `sizeOf` counts them; an entry larger than all of it is not kept. */
  maxBytes?: number;
  sizeOf?: (value: T) => number;
  /** Kept until pictures may have been removed, not through every change of the pages (a picture's bytes never change). */
  untilPicturesChange?: boolean;
};

type Memory = {
  entries: Map<string, { value: unknown; size: number }>;
  bytes: number;
  /** Loads under way, shared by the requests that ask meanwhile, as long as nothing changed since they began. */
  loading: Map<string, { version: number; since: number; promise: Promise<unknown> }>;
  /** The version this memory is exact for: the pages' or the pictures'. */
  version: () => number;
};

/**
 * A load this old is no longer joined: one that hangs (a storage or database
 * connection gone silent) holds up those who joined it, not everyone after.
 * Long enough that a slow query on a busy database is not run again for each
 * reader, exactly when the database can least afford it.
 */
const SHARE_LOADS_FOR_MS = 10_000;

// Kept on globalThis, like the content version: the dev server's reloads and
// the e2e tests (which load the built app beside the sources) share them.
const holder = globalThis as typeof globalThis & { __chuchiPublicMemories?: Map<string, Memory> };
const memories = (holder.__chuchiPublicMemories ??= new Map());

/**
 * A memory named `name` (one per name in the process). `remember(key, load)`
 * gives `load()`'s result for `key`, from memory while nothing public has
 * changed. A result is kept only when no change happened while it loaded (it
 * could predate the change), and only a result `keep` accepts (e.g. not "not
 * found", so junk keys take no room). Callers must not mutate the result: it
 * is shared.
 */
export function createPublicMemory<T>(name: string, { maxEntries = Infinity, maxBytes = Infinity, sizeOf = () => 0, untilPicturesChange = false }: Limits<T> = {}) {
  const memory = memories.get(name) ?? newMemory(name, untilPicturesChange);
  const { entries, loading } = memory;

  function store(key: string, value: T) {
    const size = sizeOf(value);
    if (size > maxBytes) return;
    entries.set(key, { value, size });
    memory.bytes += size;
    while (entries.size > maxEntries || memory.bytes > maxBytes) {
      const [oldest, entry] = entries.entries().next().value!;
      entries.delete(oldest);
      memory.bytes -= entry.size;
    }
  }

  return async function remember(key: string, load: () => Promise<T>, keep: (value: T) => boolean = () => true): Promise<T> {
    const kept = entries.get(key);
    if (kept) {
      // Recently used goes to the end: eviction takes the least recently used.
      entries.delete(key);
      entries.set(key, kept);
      return kept.value as T;
    }
    const startedAt = memory.version();
    const underWay = loading.get(key);
    if (underWay?.version === startedAt && performance.now() - underWay.since < SHARE_LOADS_FOR_MS) return underWay.promise as Promise<T>;

    const promise = load();
    loading.set(key, { version: startedAt, since: performance.now(), promise });
    try {
      const value = await promise;
      if (memory.version() === startedAt && contentIsHeard() && keep(value) && !entries.has(key)) store(key, value);
      return value;
    } finally {
      if (loading.get(key)?.promise === promise) loading.delete(key);
    }
  };
}

function newMemory(name: string, untilPicturesChange: boolean): Memory {
  const memory: Memory = { entries: new Map(), bytes: 0, loading: new Map(), version: untilPicturesChange ? picturesVersion : contentVersion };
  onContentChange((scope) => {
    if (untilPicturesChange && scope === 'pages') return;
    memory.entries.clear();
    memory.bytes = 0;
  });
  memories.set(name, memory);
  return memory;
}

const publicData = createPublicMemory<unknown>('public data', { maxEntries: 500 });

/** A query result behind the public pages (500 at most), as `createPublicMemory` describes. */
export function rememberPublic<T>(key: string, load: () => Promise<T>, keep: (value: T) => boolean = () => true): Promise<T> {
  // One memory holds results of every type; each key is always loaded by the same function.
  return publicData(key, load, keep as (value: unknown) => boolean) as Promise<T>;
}
