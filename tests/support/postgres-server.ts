// Debian's PostgreSQL on a loopback port in a temporary directory, for the
// "postgres" lane, the e2e tests and the benchmarks; stopped by its PID.
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The newest installed server's bin directory, or undefined where none is installed. */
export function findPgBin() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base).sort((a, b) => Number(b) - Number(a));
  const bin = versions.map((v) => path.join(base, v, 'bin')).find((dir) => existsSync(path.join(dir, 'postgres')));
  return bin;
}

async function freePort() {
  return new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Starts a fresh server (fsync off: test data only); `url` is its `postgres` database as superuser. */
export async function startPostgres(bin: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'chuchiblog-pg-'));
  chmodSync(dir, 0o777);
  const dataDir = path.join(dir, 'data');
  // PostgreSQL refuses to run as root; run it as the postgres user then.
  const asUser = process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--'] : [];
  const run = (cmd: string, args: string[]) => {
    const [file, ...rest] = [...asUser, path.join(bin, cmd), ...args];
    return execFileSync(file!, rest, { stdio: 'pipe' });
  };
  run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  const port = await freePort();
  const [file, ...rest] = [
    ...asUser,
    path.join(bin, 'postgres'),
    '-D', dataDir, '-p', String(port), '-h', '127.0.0.1', '-k', dir,
    '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_connections=200',
  ];
  let server = spawn(file!, rest, { stdio: 'ignore' });
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const ready = async () => {
    for (let i = 0; i < 100; i++) {
      try {
        execFileSync(path.join(bin, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(port)], { stdio: 'ignore' });
        return;
      } catch {
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  };
  await ready();
  return {
    url,
    /** A fast shutdown (every connection ends), `downMs` away, then the same server again. */
    restart: async (downMs = 0) => {
      const exited = new Promise((r) => server.once('exit', r));
      // The postmaster itself (as root, `server` is runuser, which passes SIGTERM on but not SIGINT).
      process.kill(Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]), 'SIGINT');
      await exited;
      await new Promise((r) => setTimeout(r, downMs));
      server = spawn(file!, rest, { stdio: 'ignore' });
      await ready();
    },
    stop: async () => {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
