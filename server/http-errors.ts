import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ErrorRequestHandler, RequestHandler, Response } from 'express';
import { log } from '../app/lib/logger.server.ts';

const ALLOWED_METHODS = ['GET', 'HEAD', 'POST', 'OPTIONS'];
const METHOD_REFUSED = 'Diese Anfrageart wird nicht unterstützt.';

/** The German 405, with the methods the address does take. */
export function refuseMethod(res: Response, allowed: readonly string[]) {
  res.status(405).set('Allow', allowed.join(', ')).type('text/plain; charset=utf-8').send(METHOD_REFUSED);
}

/** How long a refused CONNECT's client may keep its end open after the answer. */
const CONNECT_LINGER_MS = 2000;

/**
 * CONNECT (a request to tunnel to another host, as to a proxy): Node hands it to
 * the server's 'connect' event instead of the request listener, and without a
 * listener drops the connection unanswered. This one answers the German 405 and
 * closes; the socket is no HTTP response, so the answer is written by hand.
 * Node no longer counts the socket as the server's (no timeout, and
 * closeAllConnections() leaves it), so it is destroyed here: once the client
 * closes too, or after a short while, so that a client holding it open keeps
 * neither a file descriptor nor a graceful shutdown waiting.
 */
export function refuseConnect(_req: IncomingMessage, socket: Duplex) {
  const body = Buffer.from(METHOD_REFUSED);
  const head = [
    'HTTP/1.1 405 Method Not Allowed',
    `Allow: ${ALLOWED_METHODS.join(', ')}`,
    'Content-Type: text/plain; charset=utf-8',
    `Content-Length: ${body.length}`,
    'Cache-Control: no-store',
    'Connection: close',
  ];
  socket.on('error', () => socket.destroy());
  socket.on('end', () => socket.destroy());
  setTimeout(() => socket.destroy(), CONNECT_LINGER_MS).unref();
  socket.resume(); // whatever the client still sends is read and dropped
  socket.end(Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`), body]));
}

/** TRACE, PUT …: answered 405 here, before they reach code that never expects them (CONNECT: refuseConnect). */
export function allowedMethodsOnly(): RequestHandler {
  return (req, res, next) => {
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
          : plainPage('Anfrage abgelehnt', 'Diese Anfrage können wir so nicht verarbeiten.'),
      );
  };
}
