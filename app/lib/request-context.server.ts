// What the Express layer knows about a request and React Router does not:
// the client's IP address (X-Forwarded-For is only believed when TRUST_PROXY
// is set, because Express's `trust proxy` setting decides req.ip).
import { createContext, type RouterContextProvider } from 'react-router';

export const clientIpContext = createContext<string>('unknown');

export function getClientIp(context: Readonly<RouterContextProvider>): string {
  try {
    return context.get(clientIpContext);
  } catch {
    return 'unknown';
  }
}
