// The per-request CSP nonce: created by the server (server/app.ts), carried
// to the renderer in the router context and to <Scripts> through React context.
import { createContext as createReactContext, useContext } from 'react';
import { createContext } from 'react-router';

export const nonceRouterContext = createContext<string>('');

// Browsers hide a nonce from the DOM once applied (it reads as ""), so the
// client renders "" too and hydration sees no difference.
export const NonceContext = createReactContext<string>('');

export function useNonce() {
  return useContext(NonceContext);
}
