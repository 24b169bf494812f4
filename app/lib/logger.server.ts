// Structured logs: one JSON line per event in production, a readable line in
// development. Secrets never reach the log, whatever a caller passes in.
import { formatWithOptions } from 'node:util';
import { getEnv } from './env.server.ts';

type Level = 'debug' | 'info' | 'warn' | 'error';
type Fields = Record<string, unknown>;

const SECRET_KEY = /pass(word)?|token|secret|cookie|authorization|session/i;

// Drizzle writes a failed query's parameters (user text, e-mail addresses)
// into its message and stack; the query without them is enough to debug.
const QUERY_PARAMS = /\nparams: [\s\S]*?(?=\n {4}at |$)/;

function describeError(error: Error) {
  const cause = error.cause as { name?: unknown; code?: unknown } | undefined;
  return {
    name: error.name,
    message: error.message.replace(QUERY_PARAMS, '\nparams: [redacted]'),
    stack: error.stack?.replace(QUERY_PARAMS, '\nparams: [redacted]'),
    // The driver's error by its code only: its message may quote the values.
    ...(cause && typeof cause === 'object' ? { cause: { name: cause.name, code: cause.code } } : {}),
  };
}

function redact(value: unknown, depth = 0): unknown {
  if (value instanceof Error) return describeError(value);
  if (!value || typeof value !== 'object' || depth > 4) return value;
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => [key, SECRET_KEY.test(key) ? '[redacted]' : redact(v, depth + 1)]),
  );
}

const RANK = { debug: 0, info: 1, warn: 2, error: 3, silent: 4 } as const;

/** LOG_LEVEL and LOG_FORMAT (env.server.ts); the defaults while the configuration itself is bad, so that can be told. */
function settings() {
  try {
    const env = getEnv();
    return { threshold: RANK[env.LOG_LEVEL], pretty: (env.LOG_FORMAT ?? (env.NODE_ENV === 'development' ? 'pretty' : 'json')) === 'pretty' };
  } catch {
    return { threshold: RANK.info, pretty: false };
  }
}

function write(level: Level, event: string, fields: Fields = {}) {
  const { threshold, pretty } = settings();
  if (RANK[level] < threshold) return;
  const clean = redact(fields) as Fields;
  const stream = level === 'error' || level === 'warn' ? process.stderr : process.stdout;
  if (pretty) {
    const rest = Object.keys(clean).length ? ` ${JSON.stringify(clean)}` : '';
    stream.write(`${level.toUpperCase().padEnd(5)} ${event}${rest}\n`);
  } else {
    stream.write(`${JSON.stringify({ time: new Date().toISOString(), level, event, ...clean })}\n`);
  }
}

export const log = {
  debug: (event: string, fields?: Fields) => write('debug', event, fields),
  info: (event: string, fields?: Fields) => write('info', event, fields),
  warn: (event: string, fields?: Fields) => write('warn', event, fields),
  error: (event: string, fields?: Fields) => write('error', event, fields),
};

/**
 * What libraries warn about with console.warn goes into the log as well, one
 * JSON line each, not as loose text between the JSON lines. An Error among the
 * arguments is described as the log's own errors are (its query parameters
 * left out). console.error stays as it is: server.js prints its start-up
 * failures there as one plain line for the operator, and the tests watch it.
 * Returns the function that puts console.warn back.
 */
export function sendConsoleWarningsToLog() {
  const { warn } = console;
  console.warn = (...args: unknown[]) => {
    const failure = args.find((arg) => arg instanceof Error);
    const message = formatWithOptions({ colors: false }, ...args.filter((arg) => arg !== failure));
    write('warn', 'console', { message, ...(failure ? { error: failure } : {}) });
  };
  return () => {
    console.warn = warn;
  };
}
