import { lazy, Suspense, useState, type ComponentType } from 'react';

/**
 * A component whose code the browser fetches only when it first renders (or
 * when `preload()` is called). For controls that only signed-in readers see
 * (account menu, owner actions, comment form): anonymous readers, nearly all
 * traffic, never download them. The server renders it in full (until its code
 * is loaded there, entry.server renders the page with React's stream, which
 * waits, and never outlines a part); the browser keeps that HTML until the code
 * has arrived, then hydrates it.
 */
export function lazyComponent<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<{ default: ComponentType<Props> }> | undefined;
  const preload = () =>
    (loading ??= load().then((component) => {
      loaded = component;
      return { default: component };
    }));
  const Lazy = lazy(preload);

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
