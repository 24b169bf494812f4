import { useSyncExternalStore } from 'react';

const neverChanges = () => () => {};
const inBrowser = () => true;
const onServer = () => false;

/**
 * False on the server and while React hydrates the page, true once React runs
 * it: for markup that serves the page without JavaScript and gives way after.
 */
export function useHydrated() {
  return useSyncExternalStore(neverChanges, inBrowser, onServer);
}
