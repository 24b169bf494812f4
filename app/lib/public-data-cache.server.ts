// Query results that every visitor sees alike (a recipe, its comments, the
// similar recipes), kept in memory until the content changes: the same signal
// that empties the page cache (lib/content-version.server.ts). Signed-in
// readers, whose pages always render, then render without asking the
// database again for what has not changed.
import { contentVersion, onContentChange } from './content-version.server.ts';

const MAX_ENTRIES = 500;

const holder = globalThis as typeof globalThis & { __chuchiPublicData?: Map<string, unknown> };
const entries = (holder.__chuchiPublicData ??= (() => {
  const map = new Map<string, unknown>();
  onContentChange(() => map.clear());
  return map;
})());

/**
 * `load()`'s result for `key`, from memory while nothing public has changed.
 * A result is kept only when no change happened while it loaded (it could
 * predate the change), and only a result `keep` accepts (e.g. not "not
 * found", so junk keys take no room). The oldest entry goes first beyond
 * MAX_ENTRIES. Callers must not mutate the result: it is shared.
 */
export async function rememberPublic<T>(key: string, load: () => Promise<T>, keep: (value: T) => boolean = () => true): Promise<T> {
  if (entries.has(key)) {
    const value = entries.get(key) as T;
    // Recently used goes to the end: eviction takes the least recently used.
    entries.delete(key);
    entries.set(key, value);
    return value;
  }
  const startedAt = contentVersion();
  const value = await load();
  if (contentVersion() === startedAt && keep(value)) {
    entries.set(key, value);
    if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  }
  return value;
}
