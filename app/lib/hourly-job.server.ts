import { log } from './logger.server.ts';

const HOUR = 60 * 60 * 1000;

/**
 * Runs `job` a minute after start and then every hour, never twice at once
 * (a run still going skips the next). Failures are logged. Returns the
 * function that stops it and waits for a run in progress.
 */
export function scheduleHourly(name: string, job: () => Promise<unknown>) {
  let running: Promise<unknown> | undefined;
  const run = () => {
    if (running) return;
    running = job()
      .catch((error: unknown) => log.error(`${name} failed`, { error }))
      .finally(() => (running = undefined));
  };
  const timer = setInterval(run, HOUR);
  timer.unref();
  const first = setTimeout(run, 60_000);
  first.unref();
  return async () => {
    clearInterval(timer);
    clearTimeout(first);
    await running;
  };
}
