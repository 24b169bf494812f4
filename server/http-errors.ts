import type { ErrorRequestHandler, RequestHandler, Response } from 'express';
import { log } from '../app/lib/logger.server.ts';

const ALLOWED_METHODS = ['GET', 'HEAD', 'POST', 'OPTIONS'];

/** The German 405, with the methods the address does take. */
export function refuseMethod(res: Response, allowed: readonly string[]) {
  res.status(405).set('Allow', allowed.join(', ')).type('text/plain; charset=utf-8').send('Diese Anfrageart wird nicht unterstützt.');
}

/** TRACE, PUT, CONNECT …: answered 405 here, before they reach code that never expects them. */
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
