// Debian's PostgreSQL on a loopback port in a temporary directory, as the
// tests' "postgres" lane starts it (tests/support/postgres-global-setup.ts),
// stopped by its PID.
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './server-process.ts';

function findPgBin() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base).sort((a, b) => Number(b) - Number(a));
  return versions.map((v) => path.join(base, v, 'bin')).find((dir) => existsSync(path.join(dir, 'postgres')));
}

/** Starts a throw-away PostgreSQL; undefined where the server binary is missing. */
export async function startPostgres() {
  const bin = findPgBin();
  if (!bin) return undefined;
  const dir = mkdtempSync(path.join(tmpdir(), 'chuchiblog-bench-pg-'));
  chmodSync(dir, 0o777);
  const dataDir = path.join(dir, 'data');
  const asUser = process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--'] : []; // PostgreSQL refuses root
  const [initdb, ...initArgs] = [...asUser, path.join(bin, 'initdb'), '-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8'];
  execFileSync(initdb!, initArgs, { stdio: 'pipe' });
  const port = await freePort();
  const [file, ...args] = [...asUser, path.join(bin, 'postgres'), '-D', dataDir, '-p', String(port), '-h', '127.0.0.1', '-k', dir, '-c', 'fsync=off'];
  const server = spawn(file!, args, { stdio: 'ignore' });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  for (let i = 0; i < 100; i++) {
    try {
      execFileSync(path.join(bin, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(port)], { stdio: 'ignore' });
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const version = execFileSync(path.join(bin, 'postgres'), ['--version'], { encoding: 'utf8' }).trim();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    version,
    stop: async () => {
      server.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
