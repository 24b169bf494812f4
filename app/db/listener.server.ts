// PostgreSQL only: the connection on which this instance hears the others'
// NOTIFYs (lib/content-version.server.ts). A connection of its own, apart
// from the pool, so that it can be dropped and opened anew when it stops
// delivering: a connection whose other end vanished without a word (a NAT or
// firewall that forgot it, a cable) looks open to this side until TCP's
// keepalive gives up, about twelve minutes with Linux's defaults, and all the
// while the instance would serve pages the others have changed.
import postgres from 'postgres';

export type Listener = {
  /** Drops the connection, half-open or not, and listens on a new one; resolves once listening. */
  restart: () => Promise<void>;
  close: () => Promise<void>;
};

/**
 * Listens on `channel`; resolves once listening. `onRelisten` runs each time
 * the listening connection is back after it was lost (postgres-js listens
 * again by itself after a connection error) or was restarted: what was sent
 * meanwhile never arrives.
 */
export async function openListener(url: string, channel: string, onMessage: (payload: string) => void, onRelisten: () => void): Promise<Listener> {
  let client: postgres.Sql | undefined;
  const open = async () => {
    // Named, so that an operator can tell it apart in pg_stat_activity.
    const own = postgres(url, { max: 1, onnotice: () => {}, connection: { application_name: 'chuchiblog-listen' } });
    client = own;
    let listening = false;
    await own.listen(channel, onMessage, () => {
      if (listening) onRelisten();
      listening = true;
    });
  };
  await open();
  let restarting: Promise<void> | undefined;
  let closed = false;
  return {
    restart: () =>
      (restarting ??= (async () => {
        try {
          await client?.end({ timeout: 0 }); // no goodbye over a connection that may be dead
          if (closed) return;
          await open();
          onRelisten();
        } finally {
          restarting = undefined;
        }
      })()),
    close: async () => {
      closed = true;
      await restarting?.catch(() => {});
      await client?.end({ timeout: 5 });
    },
  };
}
