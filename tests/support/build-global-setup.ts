import { execFileSync } from 'node:child_process';
import path from 'node:path';

/** The journeys run against the production build: build it once if stale. */
export default function setup() {
  const root = path.resolve(import.meta.dirname, '../..');
  execFileSync(process.execPath, ['scripts/build-if-needed.ts'], { cwd: root, stdio: 'inherit' });
}
