// Requests written on raw sockets, for what fetch cannot do: many requests
// that reach the server in the same instant, answers read byte for byte.
import { request, type IncomingHttpHeaders } from 'node:http';
import { connect, type Socket } from 'node:net';

export type RawAnswer = { status: number; headers: Record<string, string>; body: Buffer };

/**
 * GETs that reach the server together: every socket is connected first and
 * then all are written at once, so the server reads them all before any
 * render that waits for the database goes on. `Connection: close`, so each
 * answer ends with its socket.
 */
export async function arriveTogether(baseUrl: string, path: string, headerSets: Array<Record<string, string>>): Promise<RawAnswer[]> {
  const { hostname, port } = new URL(baseUrl);
  const sockets = await Promise.all(
    headerSets.map(
      () =>
        new Promise<Socket>((resolve, reject) => {
          const socket = connect(Number(port), hostname, () => resolve(socket));
          socket.on('error', reject);
        }),
    ),
  );
  const answers = sockets.map(async (socket) => Buffer.concat(await socket.toArray()));
  sockets.forEach((socket, i) => {
    const headers = Object.entries(headerSets[i]!).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.write(`GET ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\n${headers.join('')}Connection: close\r\n\r\n`);
  });
  return (await Promise.all(answers)).map(parseRawAnswer);
}

/** Status, headers (names in lower case) and body of a raw HTTP/1.1 answer, the body as sent. */
function parseRawAnswer(raw: Buffer): RawAnswer {
  const headEnd = raw.indexOf('\r\n\r\n');
  const [statusLine, ...lines] = raw.subarray(0, headEnd).toString('latin1').split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(statusLine!.split(' ')[1]), headers, body: raw.subarray(headEnd + 4) };
}

export type AnswerAsSent = { status: number; headers: IncomingHttpHeaders; body: Buffer };

/**
 * One request through node:http, the answer's body as sent: fetch would decode
 * it and hide the encoding, and forbids setting Host.
 */
export function requestAsSent(url: string, { method = 'GET', headers = {} }: { method?: string; headers?: Record<string, string> } = {}) {
  return new Promise<AnswerAsSent>((resolve, reject) => {
    request(url, { method, headers }, async (response) => {
      resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(await response.toArray()) });
    })
      .on('error', reject)
      .end();
  });
}

/**
 * One request written as given, for what fetch and node:http will not send: a
 * broken `Host`, a request line in absolute form or `*`. Add `Connection:
 * close` to the text; the answer is read until the server closes.
 */
export async function rawRequest(baseUrl: string, text: string): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  const socket = await new Promise<Socket>((resolve, reject) => {
    const connected = connect(Number(port), hostname, () => resolve(connected));
    connected.on('error', reject);
  });
  const answer = socket.toArray();
  socket.write(text);
  return parseRawAnswer(Buffer.concat(await answer));
}
