// The per-request CSP nonce: created by the server (server/app.ts), carried
// to the renderer in the router context and to <Scripts> through React context.
import { createContext as createReactContext, useContext } from 'react';
import { createContext } from 'react-router';

export const nonceRouterContext = createContext<string>('');

export const NonceContext = createReactContext<string | undefined>(undefined);

export function useNonce() {
  return useContext(NonceContext);
}
