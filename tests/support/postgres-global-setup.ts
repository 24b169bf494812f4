// Starts Debian's PostgreSQL on a loopback port in a temporary directory for
// the "postgres" lane, and stops it (by its PID) afterwards.
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

function findPgBin() {
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

export default async function setup(project: TestProject) {
  const bin = findPgBin();
  if (!bin) {
    // Allowed only where the server binary is absent; CI installs it.
    console.warn('PostgreSQL server binary not found: the postgres lane is skipped.');
    project.provide('postgresUrl', '');
    return;
  }
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
  const server = spawn(file!, rest, { stdio: 'ignore' });
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  for (let i = 0; i < 100; i++) {
    try {
      execFileSync(path.join(bin, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(port)], { stdio: 'ignore' });
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  project.provide('postgresUrl', url);
  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}
