import { useRouteLoaderData } from 'react-router';
import type { loader as rootLoader } from '../../root.tsx';

/**
 * The signed-in reader as the root loader read it, or null: for showing
 * owner controls and forms. Every decision that matters is taken again on the
 * server (requireUser and the ownership checks in the mutations).
 */
export function useOptionalUser() {
  return useRouteLoaderData<typeof rootLoader>('root')?.user ?? null;
}
