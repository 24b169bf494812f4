// wrk, Debian's HTTP load generator, at 64 connections: requests per second
// and the 50th and 99th latency percentiles of one target. Each target gets a
// short unmeasured run first, as a server that has been up for a while is
// warm: otherwise the first 64 requests, all at once on code the JIT has not
// compiled yet, decide the p99 of a full render (bench/RESULTS.md). wrk's
// own timeout (2 s) would leave the slowest requests out of the percentiles
// (counted apart as "timeouts", their connections reopened): at 30 s every
// request is in them.
import { spawnSync } from 'node:child_process';

export const CONNECTIONS = 64;
export const DURATION = process.env.BENCH_SECONDS ?? '10';
const WARM_UP = process.env.BENCH_WARM_UP_SECONDS ?? '3';

/** Exits with a hint when a tool the bench starts is not installed. */
export function requireTools(tools: string[]) {
  for (const tool of tools) {
    if (spawnSync('sh', ['-c', `command -v ${tool} || test -x /usr/sbin/${tool}`]).status !== 0) {
      console.error(`${tool} is missing: apt-get install ${tools.join(' ')}`);
      process.exit(1);
    }
  }
}

export type Result = { target: string; rps: number; p50: string; p99: string };

export function wrk(target: string, url: string, headers: Record<string, string> = {}, duration = DURATION): Result {
  const headerArgs = Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]);
  if (Number(WARM_UP) > 0) spawnSync('wrk', ['-t2', `-c${CONNECTIONS}`, `-d${WARM_UP}s`, ...headerArgs, url]);
  const args = ['-t2', `-c${CONNECTIONS}`, `-d${duration}s`, '--timeout', '30s', '--latency', ...headerArgs, url];
  const out = spawnSync('wrk', args, { encoding: 'utf8' }).stdout;
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1];
  if (!rps || non2xx) throw new Error(`wrk ${url} failed:\n${out}`);
  const percentile = (p: number) => new RegExp(`Latency Distribution[\\s\\S]*?\\n\\s+${p}%\\s+(\\S+)`).exec(out)![1]!;
  return { target, rps, p50: percentile(50), p99: percentile(99) };
}
