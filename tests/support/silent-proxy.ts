// A TCP proxy in front of PostgreSQL that can make a connection go silent
// without closing it, as a NAT or firewall does when it forgets a connection:
// nothing arrives any more on either side, and neither side is told. Only a
// connection that has sent LISTEN can be silenced (the one that hears the
// other instances); new connections pass as before.
import { createServer, connect, type AddressInfo, type Socket } from 'node:net';

type Pair = { client: Socket; upstream: Socket; listening: boolean; silent: boolean };

export async function startSilentProxy(databaseUrl: string) {
  const target = new URL(databaseUrl);
  const pairs: Pair[] = [];
  const server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    const pair: Pair = { client, upstream, listening: false, silent: false };
    pairs.push(pair);
    client.on('data', (chunk: Buffer) => {
      if (pair.silent) return;
      if (/listen "/i.test(chunk.toString('latin1'))) pair.listening = true;
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (!pair.silent) client.write(chunk);
    });
    for (const [socket, other] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      socket.on('error', () => other.destroy());
      socket.on('close', () => {
        other.destroy();
        pairs.splice(pairs.indexOf(pair) >>> 0, pairs.includes(pair) ? 1 : 0);
      });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as AddressInfo).port);
  return {
    /** The database's address through the proxy. */
    url: url.href,
    /** Silences every open listening connection; returns how many. */
    silenceListening: () => {
      const listening = pairs.filter((pair) => pair.listening && !pair.silent);
      for (const pair of listening) pair.silent = true;
      return listening.length;
    },
    /** The listening connections that still pass what is sent. */
    listeningCount: () => pairs.filter((pair) => pair.listening && !pair.silent).length,
    stop: async () => {
      for (const { client, upstream } of pairs) {
        client.destroy();
        upstream.destroy();
      }
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
