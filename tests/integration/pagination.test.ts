import { expect, test } from 'vitest';
import { pageCacheSuffix, pageCountFor, pageHref, pageLinks, readPageRequest, visiblePages } from '../../app/utils/pagination.ts';

const at = (search: string) => new URL(`http://localhost/backen${search}`);

test('seite names a page only in its canonical form; seite=1 points to the bare address', () => {
  expect(readPageRequest(at(''))).toEqual({ page: 1 });
  expect(readPageRequest(at('?seite=2'))).toEqual({ page: 2 });
  expect(readPageRequest(at('?utm_source=x&seite=834'))).toEqual({ page: 834 });
  expect(readPageRequest(at('?seite=1'))).toEqual({ canonical: '/backen' });
  for (const junk of ['abc', '0', '-1', '2.5', '02', '+2', ' 2', '2%20', '1e3', '0x2', '', '9999999', '99999999999999999999999', '٢']) {
    expect(readPageRequest(at(`?seite=${junk}`)), junk).toEqual({ invalid: true });
  }
  expect(readPageRequest(at('?seite=2&seite=3'))).toEqual({ invalid: true });
  expect(readPageRequest(at('?seite=2&seite=2'))).toEqual({ invalid: true });
});

test('the page cache keys a valid later page, ignores other parameters and bypasses the rest', () => {
  expect(pageCacheSuffix(at(''))).toBe('');
  expect(pageCacheSuffix(at('?x=1&utm_campaign=y'))).toBe('');
  expect(pageCacheSuffix(at('?seite=2'))).toBe('?seite=2');
  expect(pageCacheSuffix(at('?junk=1&seite=2&more=3'))).toBe('?seite=2');
  expect(pageCacheSuffix(at('?seite=1'))).toBeUndefined();
  expect(pageCacheSuffix(at('?seite=abc'))).toBeUndefined();
  expect(pageCacheSuffix(at('?seite=2&seite=2'))).toBeUndefined();
});

test('page counts, addresses and head links', () => {
  expect([0, 1, 12, 13, 10_000].map((n) => pageCountFor(n))).toEqual([1, 1, 1, 2, 834]);
  expect(pageHref('/backen', 1)).toBe('/backen');
  expect(pageHref('/tags/S%C3%BCss', 3)).toBe('/tags/S%C3%BCss?seite=3');
  expect(pageLinks('/backen', 1, 1)).toEqual([]);
  expect(pageLinks('/backen', 1, 3)).toEqual([{ tagName: 'link', rel: 'next', href: '/backen?seite=2' }]);
  expect(pageLinks('/backen', 2, 3)).toEqual([
    { tagName: 'link', rel: 'prev', href: '/backen' },
    { tagName: 'link', rel: 'next', href: '/backen?seite=3' },
  ]);
  expect(pageLinks('/backen', 3, 3)).toEqual([{ tagName: 'link', rel: 'prev', href: '/backen?seite=2' }]);
});

test('the page bar shows the ends, the current page and its neighbours; a gap never hides one number', () => {
  expect(visiblePages(1, 1)).toEqual([1]);
  expect(visiblePages(1, 5)).toEqual([1, 2, 'gap', 5]);
  expect(visiblePages(3, 5)).toEqual([1, 2, 3, 4, 5]);
  expect(visiblePages(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  expect(visiblePages(5, 834)).toEqual([1, 'gap', 4, 5, 6, 'gap', 834]);
  expect(visiblePages(834, 834)).toEqual([1, 'gap', 833, 834]);
});
