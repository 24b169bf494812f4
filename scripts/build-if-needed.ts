// `npm start` builds only when the build is missing or older than the sources.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const stamp = path.join(root, 'build/server/index.js');
const sources = ['app', 'server', 'public', 'package-lock.json', 'vite.config.ts', 'react-router.config.ts'];

function newestMtime(entry: string): number {
  const info = statSync(entry);
  if (!info.isDirectory()) return info.mtimeMs;
  return Math.max(0, ...readdirSync(entry).map((name) => newestMtime(path.join(entry, name))));
}

const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
const newest = Math.max(...sources.map((s) => path.join(root, s)).filter(existsSync).map(newestMtime));
if (newest > built) {
  console.log('Building Chuchiblog …');
  // Always a production build, even when called from a test runner that
  // sets NODE_ENV=test (a test-mode client bundle would not match the server).
  execSync('npm run build', { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
}
