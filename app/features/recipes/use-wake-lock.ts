import { useEffect, useState, useSyncExternalStore } from 'react';

export type WakeLockState = {
  /** undefined until the page has hydrated (the server cannot know). */
  supported: boolean | undefined;
  /** The reader's choice: keep the screen on (the default in cook mode). */
  wanted: boolean;
  setWanted: (wanted: boolean) => void;
  /** The browser holds the lock now. */
  active: boolean;
  /** The browser has the API but refused (battery saver, no permission). */
  refused: boolean;
};

/** Whether the browser has the API never changes while the page is open. */
const subscribeToNothing = () => () => {};

/**
 * Keeps the screen on while wanted (Screen Wake Lock API). The browser lets
 * go when the tab is hidden; it is asked again when the tab is back.
 */
export function useWakeLock(): WakeLockState {
  // The server renders without knowing; the browser answers once hydrated.
  const supported = useSyncExternalStore(
    subscribeToNothing,
    () => 'wakeLock' in navigator,
    () => undefined,
  );
  const [wanted, setWanted] = useState(true);
  const [active, setActive] = useState(false);
  const [refused, setRefused] = useState(false);

  useEffect(() => {
    if (!supported || !wanted) return;
    let sentinel: WakeLockSentinel | undefined;
    let ended = false;
    const acquire = async () => {
      try {
        const lock = await navigator.wakeLock.request('screen');
        if (ended) return void lock.release();
        sentinel = lock;
        lock.addEventListener('release', () => setActive(false));
        setActive(true);
        setRefused(false);
      } catch {
        setRefused(true);
        setActive(false);
      }
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') void acquire();
    };
    void acquire();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      ended = true;
      document.removeEventListener('visibilitychange', onVisibility);
      void sentinel?.release();
      setActive(false);
    };
  }, [supported, wanted]);

  return { supported, wanted, setWanted, active, refused };
}
