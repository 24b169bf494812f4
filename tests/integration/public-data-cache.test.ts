// The memory of public query results: kept until the content changes, never
// a result that may predate a change, bounded in size.
import { expect, test } from 'vitest';
import { markContentChanged } from '../../app/lib/content-version.server.ts';
import { rememberPublic } from '../../app/lib/public-data-cache.server.ts';

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
