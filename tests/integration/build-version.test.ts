// The page a route data answer belongs to: where a tab of an older build goes when it loads anew.
import { expect, test } from 'vitest';
import { pageOfRouteData } from '../../app/utils/build-version.ts';

test('a route data address names its page as React Router does, without the loaders it picked', () => {
  expect(pageOfRouteData('https://chuchiblog.ch/_.data')).toBe('/');
  expect(pageOfRouteData('https://chuchiblog.ch/dessert.data?seite=2')).toBe('/dessert?seite=2');
  expect(pageOfRouteData('https://chuchiblog.ch/detail/abc.data?portionen=6&_routes=root%2Croutes%2Fdetail')).toBe('/detail/abc?portionen=6');
  expect(pageOfRouteData('https://chuchiblog.ch/tags/S%C3%BCss.data')).toBe('/tags/S%C3%BCss');
});
