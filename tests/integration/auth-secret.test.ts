// AUTH_SECRET generated into DATA_DIR: processes that start at once on one
// data directory (the workers of WEB_CONCURRENCY, several instances) all end
// up with the same, whole secret.
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';

const run = promisify(execFile);
const moduleUrl = new URL('../../app/lib/auth-secret.server.ts', import.meta.url).href;

test('eight processes starting at once on one DATA_DIR share one generated secret', async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'chuchiblog-secret-'));
  try {
    const script = `const { getAuthSecret } = await import(${JSON.stringify(moduleUrl)}); process.stdout.write(getAuthSecret());`;
    const outputs = await Promise.all(
      Array.from({ length: 8 }, () =>
        run(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env, DATA_DIR: dataDir, AUTH_SECRET: '' } }),
      ),
    );
    const secrets = new Set(outputs.map((o) => o.stdout));
    expect(secrets.size).toBe(1);
    const [secret] = secrets;
    expect(secret!.length).toBeGreaterThanOrEqual(64);
    expect((await readFile(path.join(dataDir, 'auth-secret'), 'utf8')).trim()).toBe(secret);
    expect((await stat(path.join(dataDir, 'auth-secret'))).mode & 0o777).toBe(0o600);
    // No drafts left behind.
    expect(await readdir(dataDir)).toEqual(['auth-secret']);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});
