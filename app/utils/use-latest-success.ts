import { useState } from 'react';

/**
 * Remembers the key of the latest successful result, so a form can be given
 * a fresh `key` (and reset) after each success while failures keep its input.
 * Updating state while rendering is React's pattern for "state derived from
 * a changed prop", without an effect.
 */
export function useLatestSuccess<T>(result: T | undefined, keyOf: (result: T) => string | undefined) {
  const [seen, setSeen] = useState(result);
  const [key, setKey] = useState<string | undefined>(undefined);
  if (result !== seen) {
    setSeen(result);
    const next = result === undefined ? undefined : keyOf(result);
    if (next !== undefined) setKey(next);
  }
  return key;
}
