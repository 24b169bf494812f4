// The memory of public query results (and of pictures' bytes): kept until the
// content changes, never a result that may predate a change, bounded in
// entries or in bytes, one load shared by those who ask while it runs.
import { expect, test, vi } from 'vitest';
import { markContentChanged } from '../../app/lib/content-version.server.ts';
import { createPublicMemory, rememberPublic } from '../../app/lib/public-data-cache.server.ts';

function counting<T>(value: T) {
  const load = Object.assign(async () => (load.calls++, value), { calls: 0 });
  return load;
}

test('a result is loaded once and then served from memory, until the content changes', async () => {
  const load = counting({ title: 'Capuns' });
  const first = await rememberPublic('test:once', load);
  expect(await rememberPublic('test:once', load)).toBe(first);
  expect(load.calls).toBe(1);

  markContentChanged();
  await rememberPublic('test:once', load);
  expect(load.calls).toBe(2);
});

test('a result whose load saw a change is not kept: it may show the content before it', async () => {
  const load = Object.assign(
    async () => {
      load.calls++;
      markContentChanged(); // a comment committed while the recipe was being read
      return 'before the comment';
    },
    { calls: 0 },
  );
  await rememberPublic('test:raced', load);
  await rememberPublic('test:raced', load);
  expect(load.calls).toBe(2);
});

test('what `keep` refuses (e.g. not found) takes no room and is asked again', async () => {
  const load = counting(undefined);
  await rememberPublic('test:missing', load, Boolean);
  await rememberPublic('test:missing', load, Boolean);
  expect(load.calls).toBe(2);
});

test('beyond 500 entries the least recently used goes first', async () => {
  markContentChanged();
  const first = counting('first');
  const second = counting('second');
  await rememberPublic('test:lru-first', first);
  await rememberPublic('test:lru-second', second);
  for (let i = 0; i < 498; i++) await rememberPublic(`test:lru-${i}`, async () => i);
  await rememberPublic('test:lru-first', first); // used again: now the most recent
  await rememberPublic('test:lru-one-more', async () => 'one more'); // 501 entries: one must go

  await rememberPublic('test:lru-first', first);
  await rememberPublic('test:lru-second', second);
  expect(first.calls).toBe(1);
  expect(second.calls).toBe(2);
});

test('those who ask while a result loads share that load; after a change they start their own', async () => {
  let finishLoad!: (value: string) => void;
  const load = Object.assign(
    () => {
      load.calls++;
      return new Promise<string>((resolve) => (finishLoad = resolve));
    },
    { calls: 0 },
  );
  const first = rememberPublic('test:shared', load);
  const second = rememberPublic('test:shared', load);
  expect(load.calls).toBe(1);
  finishLoad('Pizokel');
  expect(await Promise.all([first, second])).toEqual(['Pizokel', 'Pizokel']);

  markContentChanged();
  const beforeChange = rememberPublic('test:shared-2', load);
  const loadedBefore = finishLoad;
  markContentChanged(); // written while the load ran: those who ask now must not get its result
  const afterChange = rememberPublic('test:shared-2', load);
  expect(load.calls).toBe(3);
  finishLoad('after the change');
  loadedBefore('before the change');
  expect(await beforeChange).toBe('before the change');
  expect(await afterChange).toBe('after the change');
});

test('a memory bounded in bytes lets the least recently used go, and keeps nothing larger than all of it', async () => {
  markContentChanged();
  const remember = createPublicMemory<Buffer>('test bytes', { maxBytes: 1000, sizeOf: (bytes) => bytes.length });
  const loads = new Map<string, number>();
  const bytes = (key: string, size: number) => () => (loads.set(key, (loads.get(key) ?? 0) + 1), Promise.resolve(Buffer.alloc(size)));

  await remember('a', bytes('a', 400));
  await remember('b', bytes('b', 400));
  await remember('a', bytes('a', 400)); // used again: now the most recent
  await remember('c', bytes('c', 400)); // 1,200 bytes: b must go
  await remember('huge', bytes('huge', 1001));
  for (const key of ['a', 'c']) await remember(key, bytes(key, 400));
  await remember('b', bytes('b', 400));
  await remember('huge', bytes('huge', 1001));

  expect(Object.fromEntries(loads)).toEqual({ a: 1, b: 2, c: 1, huge: 2 });

  // A change empties it, bytes and all: two new entries fit again.
  markContentChanged();
  for (const key of ['d', 'e', 'd', 'e']) await remember(key, bytes(key, 400));
  expect([loads.get('d'), loads.get('e')]).toEqual([1, 1]);
});

test('a load that has run for 10 s is no longer joined: one that hangs holds up only those who joined it', async () => {
  vi.useFakeTimers({ toFake: ['performance'] });
  try {
    const finishes: Array<(value: string) => void> = [];
    const load = Object.assign(
      () => {
        load.calls++;
        return new Promise<string>((resolve) => finishes.push(resolve));
      },
      { calls: 0 },
    );
    const hanging = rememberPublic('test:hanging', load);
    vi.advanceTimersByTime(9_999);
    const joined = rememberPublic('test:hanging', load);
    expect(load.calls).toBe(1);
    vi.advanceTimersByTime(1);
    const own = rememberPublic('test:hanging', load);
    const joinedTheNewOne = rememberPublic('test:hanging', load); // the new load is the one to join now
    expect(load.calls).toBe(2);
    finishes[1]!('its own load');
    expect(await Promise.all([own, joinedTheNewOne])).toEqual(['its own load', 'its own load']);
    finishes[0]!('at last');
    expect(await Promise.all([hanging, joined])).toEqual(['at last', 'at last']);
  } finally {
    vi.useRealTimers();
  }
});
