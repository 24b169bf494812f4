// All cores: the full render (detail page, signed in) on PostgreSQL with one
// process and with WEB_CONCURRENCY=2 workers, measured in this one run with
// wrk (64 connections). Needs Debian's `wrk` and PostgreSQL; the bench starts
// a throwaway PostgreSQL and the server on loopback ports and stops both by PID.
// Run: npm run build && node bench/all-cores.ts
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { findPgBin, startPostgres } from '../tests/support/postgres-server.ts';
import { signIn, startServer } from './support/server-process.ts';
import { CONNECTIONS, DURATION, requireTools, wrk, type Result } from './support/wrk.ts';

const root = path.resolve(import.meta.dirname, '..');
requireTools(['wrk']);
const pgBin = findPgBin();
if (!pgBin) {
  console.error('PostgreSQL is missing: apt-get install postgresql');
  process.exit(1);
}

/** The server's processes: the one given and its workers. */
function serverPids(pid: number) {
  try {
    return [pid, ...execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)]).toString().trim().split(/\s+/).map(Number)];
  } catch {
    return [pid]; // no workers: ps exits 1
  }
}

/** Resident memory of the server (the process and its workers), in MiB. */
function serverRss(pid: number) {
  const kib = serverPids(pid).reduce((sum, p) => sum + Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, 'utf8'))![1]), 0);
  return Math.round(kib / 1024);
}

/** CPU seconds (user + system) each process has used so far; the clock tick is 100 Hz on Linux. */
function cpuSeconds(pids: number[]) {
  return pids.map((p) => {
    const fields = readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  });
}

/** The machine's busy and total CPU time so far (all cores), from /proc/stat. */
function machineCpu() {
  const [user, nice, system, idle, iowait, irq, softirq, steal] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.split(/\s+/).slice(1).map(Number);
  const busy = user! + nice! + system! + irq! + softirq! + steal!;
  return { busy, total: busy + idle! + iowait! };
}

/** wrk on one target, plus how the server's CPU time was split between its processes, and how busy the machine was. */
function measure(target: string, url: string, headers: Record<string, string>, pid: number) {
  const pids = serverPids(pid);
  const before = cpuSeconds(pids);
  const machineBefore = machineCpu();
  const result = wrk(target, url, headers);
  const machineAfter = machineCpu();
  const used = cpuSeconds(pids).map((after, i) => after - before[i]!);
  const busy = Math.round((100 * (machineAfter.busy - machineBefore.busy)) / (machineAfter.total - machineBefore.total));
  return { ...result, rss: serverRss(pid), cpu: used.map((s) => s.toFixed(1)).join(' + '), busy };
}

// The machine may be shared: the load average says how busy it was.
const loadBefore = loadavg().map((l) => l.toFixed(1)).join(' ');
const postgres = await startPostgres(pgBin);
const dataDir = await mkdtemp(path.join(tmpdir(), 'chuchiblog-bench-'));
try {
  // The demo blog (21 recipes with pictures, three users, comments), in PostgreSQL.
  const env = { DATA_DIR: dataDir, DATABASE_URL: postgres.url, AUTH_SECRET: 'ein-geheimnis-fuer-den-benchmark-mit-allen-kernen', LOG_LEVEL: 'silent' };
  const seeded = spawnSync(process.execPath, ['scripts/seed-demo.ts'], { cwd: root, env: { ...process.env, ...env } });
  if (seeded.status !== 0) throw new Error(`seed:demo failed: ${seeded.stderr}`);

  const rows: Array<Result & { workers: number; rss: number; cpu: string; busy: number }> = [];
  for (const workers of [1, 2]) {
    const server = await startServer(dataDir, { ...env, WEB_CONCURRENCY: String(workers) });
    try {
      if (workers > 1) console.log(`the primary process alone (no app loaded): ${Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))![1]) / 1024)} MiB`);
      const home = await (await fetch(`${server.url}/`)).text();
      const detailPath = /href="(\/detail\/[0-9a-f-]{36})"/.exec(home)![1]!;
      const cookie = await signIn(server.url, 'anna@demo.chuchiblog.ch', 'chuchi-demo-2024');
      const gzip = { 'Accept-Encoding': 'gzip' };
      const signedIn = { ...gzip, Cookie: cookie };
      // Every worker compiles its hot paths first: a short run that is not counted.
      wrk('warm-up', `${server.url}${detailPath}`, signedIn, '3');
      rows.push({ ...measure('detail, signed in (full render)', `${server.url}${detailPath}`, signedIn, server.pid), workers });
      rows.push({ ...measure('detail, anonymous (page cache)', `${server.url}${detailPath}`, gzip, server.pid), workers });
    } finally {
      await server.stop();
    }
  }

  console.log(
    `all cores: PostgreSQL ${path.basename(path.dirname(pgBin))}, wrk ${CONNECTIONS} connections, ${DURATION} s each, ` +
      `Accept-Encoding gzip; ${availableParallelism()} cores, load average before ${loadBefore}; node ${process.version}`,
  );
  console.table(
    rows.map((r) => {
      const single = rows.find((o) => o.target === r.target && o.workers === 1)!;
      return {
        target: r.target,
        processes: r.workers === 1 ? '1 (WEB_CONCURRENCY=1)' : `${r.workers} workers + primary`,
        'req/s': Math.round(r.rps),
        p50: r.p50,
        p99: r.p99,
        'ratio to 1 process': Number((r.rps / single.rps).toFixed(2)),
        'server CPU s': r.cpu,
        'machine busy %': r.busy,
        'RSS after (MiB)': r.rss,
      };
    }),
  );
} finally {
  await rm(dataDir, { recursive: true, force: true });
  await postgres.stop();
}
