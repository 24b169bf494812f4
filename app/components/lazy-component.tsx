import { lazy, Suspense, type ComponentType } from 'react';

/**
 * A component whose code the browser fetches only when it first renders (or
 * when `preload()` is called). For controls that only signed-in readers see
 * (account menu, owner actions, comment form): anonymous readers, nearly all
 * traffic, never download them. The server renders it in full (entry.server
 * waits for the whole document and never outlines a part); the browser keeps
 * that HTML until the code has arrived, then hydrates it.
 */
export function lazyComponent<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  let loading: Promise<{ default: ComponentType<Props> }> | undefined;
  const preload = () => (loading ??= load().then((component) => ({ default: component })));
  const Lazy = lazy(preload);
  function LazyComponent(props: Props) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return Object.assign(LazyComponent, { preload });
}
