import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ErrorRequestHandler, RequestHandler, Response } from 'express';
import { log } from '../app/lib/logger.server.ts';

const ALLOWED_METHODS = ['GET', 'HEAD', 'POST', 'OPTIONS'];
const METHOD_REFUSED = 'Diese Anfrageart wird nicht unterstützt.';

/** The German 405, with the methods the address does take. */
export function refuseMethod(res: Response, allowed: readonly string[]) {
  res.status(405).set('Allow', allowed.join(', ')).type('text/plain; charset=utf-8').send(METHOD_REFUSED);
}

/** How long a client may keep its end open after an answer written by hand. */
const LINGER_MS = 2000;
export const BAD_REQUEST = 'Diese Anfrage können wir so nicht verarbeiten.';

/**
 * CONNECT (a request to tunnel to another host, as to a proxy): Node hands it to
 * the server's 'connect' event instead of the request listener, and without a
 * listener drops the connection unanswered. This one answers the German 405 and
 * closes. Node no longer counts the socket as the server's (no timeout, and
 * closeAllConnections() leaves it), so answerAndClose destroys it itself.
 */
export function refuseConnect(_req: IncomingMessage, socket: Duplex) {
  answerAndClose(socket, '405 Method Not Allowed', METHOD_REFUSED, [`Allow: ${ALLOWED_METHODS.join(', ')}`]);
}

/** Node's own refusals of a request it could not read, by its error code; any other is a 400. */
const CLIENT_ERRORS: Record<string, { status: string; text: string }> = {
  HPE_HEADER_OVERFLOW: { status: '431 Request Header Fields Too Large', text: 'Die Anfrage ist zu gross: Adresse oder Cookies sind zu lang.' },
  HPE_CHUNK_EXTENSIONS_OVERFLOW: { status: '413 Payload Too Large', text: 'Die Anfrage ist zu gross.' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: '408 Request Timeout', text: 'Die Anfrage kam nicht rechtzeitig an.' },
};

/**
 * A request Node cannot read (a space in the path, a header too long, a broken chunk): without a
 * listener Node answers the bare status line; this one answers the same status with a German text.
 * As Node does, it writes only on a connection that has not answered yet (a pipelined request
 * after an answer still in progress gets no second one), and closes the connection either way.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex & { bytesWritten?: number }) {
  if (error.code === 'ECONNRESET' || !socket.writable || (socket.bytesWritten ?? 0) > 0) {
    socket.destroy();
    return;
  }
  const { status, text } = CLIENT_ERRORS[error.code ?? ''] ?? { status: '400 Bad Request', text: BAD_REQUEST };
  answerAndClose(socket, status, text);
}

/** `Expect` with anything but `100-continue`: the 417 Node would send, with a German text. */
export function refuseExpectation(_req: IncomingMessage, res: ServerResponse) {
  const body = Buffer.from(BAD_REQUEST);
  res.writeHead(417, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': body.length, 'Cache-Control': 'no-store', Connection: 'close' }).end(body);
}

/**
 * An answer written by hand on a socket that is no HTTP response (any more), then closed: once the
 * client closes too, or after a short while, so that a client holding it open keeps neither a file
 * descriptor nor a graceful shutdown waiting.
 */
function answerAndClose(socket: Duplex, status: string, text: string, extraHeaders: string[] = []) {
  const body = Buffer.from(text);
  const head = [`HTTP/1.1 ${status}`, ...extraHeaders, 'Content-Type: text/plain; charset=utf-8', `Content-Length: ${body.length}`, 'Cache-Control: no-store', 'Connection: close'];
  socket.on('error', () => socket.destroy());
  socket.on('end', () => socket.destroy());
  setTimeout(() => socket.destroy(), LINGER_MS).unref();
  socket.resume(); // whatever the client still sends is read and dropped
  socket.end(Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`), body]));
}

/**
 * TRACE, PUT …: answered 405 here, before they reach code that never expects them (CONNECT:
 * refuseConnect). OPTIONS asks only which methods an address takes: answered here too, so that it
 * runs no loader (a download, a limit counted) and reaches no route that would call it invalid.
 */
export function allowedMethodsOnly(): RequestHandler {
  return (req, res, next) => {
    if (req.method === 'OPTIONS') return void res.status(204).set({ Allow: ALLOWED_METHODS.join(', '), 'Cache-Control': 'no-store' }).end();
    if (ALLOWED_METHODS.includes(req.method)) return next();
    refuseMethod(res, ALLOWED_METHODS);
  };
}

/** A page of its own, without React: for answers that must not, or cannot, render. */
export function plainPage(title: string, text: string) {
  return `<!DOCTYPE html><html lang="de-CH"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title} | Chuchiblog</title></head><body style="font-family: Georgia, serif; max-width: 40rem; margin: 4rem auto; padding: 0 1rem; color: #1d1b19"><h1>${title}</h1><p>${text}</p><p><a href="/">Zur Startseite</a></p></body></html>`;
}

/**
 * The last line of defence: an error that escaped every route answers with a
 * German page (no stack trace), and lands in the structured log.
 */
export function lastResortErrorHandler(): ErrorRequestHandler {
  return (error, req, res, next) => {
    if (res.headersSent) return next(error);
    const status = typeof error?.status === 'number' && error.status >= 400 && error.status < 500 ? error.status : 500;
    if (status === 500) log.error('unhandled request error', { method: req.method, path: req.path, error });
    res
      .status(status)
      .type('html')
      .send(
        status === 500
          ? plainPage('Unexpected Application Error!', 'Da ist leider etwas schiefgelaufen. Bitte versuche es in einem Moment noch einmal.')
          : plainPage('Anfrage abgelehnt', BAD_REQUEST),
      );
  };
}
