import { lazy, Suspense, useEffect, useMemo, useState, type ComponentType } from 'react';
import { useHydrated } from '../utils/use-hydrated.ts';

/**
 * A component whose code the browser fetches only when it first renders (or
 * when `preload()` is called). For controls that only signed-in readers see
 * (account menu, owner actions, comment form): anonymous readers, nearly all
 * traffic, never download them. The server renders it in full; the browser
 * keeps that HTML until the code has arrived, then hydrates it.
 *
 * The server loads the code at once, when the module that defines the
 * component is loaded (at start): an update builds over the running server's
 * files before it restarts, and code first asked for then would be gone
 * (the pages that need it would fail). Until it is there, entry.server renders
 * a page that needs it with React's stream, which waits, and never outlines a part.
 */
export function lazyComponent<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<{ default: ComponentType<Props> }> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => {
        loaded = component;
        return { default: component };
      },
      (error: unknown) => {
        // Not fetched (offline, a new build): the next call tries again.
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(preload);
  // A failure is the render's to report, when a page needs the component (entry.server).
  if (import.meta.env.SSR) preload().catch(() => undefined);

  function LazyComponent(props: Props) {
    // Chosen once per instance, so it never remounts: the code if it is here (React's lazy would
    // still wait a round); while React hydrates, its lazy, which keeps the server's HTML until the
    // code arrives; once the page runs, nothing until then. (React shows a part that waited in
    // Suspense no sooner than 300 ms after it began to wait: a menu opened on a tap came that late.)
    const hydrating = !useHydrated();
    const [Component, setComponent] = useState<ComponentType<Props> | undefined>(() => loaded ?? (hydrating ? Lazy : undefined));
    useEffect(() => {
      if (Component) return;
      let mounted = true;
      preload().then(
        ({ default: component }) => mounted && setComponent(() => component),
        // Reported as a render error, as React's lazy does: the page's error boundary shows it.
        (error: unknown) =>
          mounted &&
          setComponent(() => () => {
            throw error;
          }),
      );
      return () => {
        mounted = false;
      };
    }, [Component]);
    // The same element while the props are the same: useHydrated renders this again once the page
    // is hydrated, and a part still waiting for its code would take that as an update and be
    // rendered anew in the browser, losing what the reader did meanwhile (stars chosen).
    const part = useMemo(
      () =>
        Component && (
          <Suspense fallback={null}>
            <Component {...props} />
          </Suspense>
        ),
      [Component, props],
    );
    return part ?? null;
  }
  return Object.assign(LazyComponent, { preload });
}
