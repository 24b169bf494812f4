import { lazy, Suspense, useState, type ComponentType } from 'react';

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
    // Once the code is here, a new instance renders it at once (React's lazy
    // would still wait a round). Chosen once per instance, so it never remounts.
    const [Component] = useState<ComponentType<Props>>(() => loaded ?? Lazy);
    return (
      <Suspense fallback={null}>
        <Component {...props} />
      </Suspense>
    );
  }
  return Object.assign(LazyComponent, { preload });
}
