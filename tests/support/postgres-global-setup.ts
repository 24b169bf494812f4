// Starts Debian's PostgreSQL on a loopback port in a temporary directory for
// the "postgres" lane, and stops it (by its PID) afterwards.
import type { TestProject } from 'vitest/node';
import { findPgBin, startPostgres } from './postgres-server.ts';

export default async function setup(project: TestProject) {
  const bin = findPgBin();
  if (!bin) {
    // Allowed only where the server binary is absent; CI installs it.
    console.warn('PostgreSQL server binary not found: the postgres lane is skipped.');
    project.provide('postgresUrl', '');
    return;
  }
  const { url, stop } = await startPostgres(bin);
  project.provide('postgresUrl', url);
  return stop;
}

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}
