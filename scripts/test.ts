// `npm test`: everything CI runs, in order — types and lint (side by side),
// the integration tests on PGlite and on PostgreSQL, the tests against the
// running server, then the browser journeys (Playwright). Ends with
// one summary line "N passed, N failed".
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const reports = mkdtempSync(path.join(tmpdir(), 'chuchiblog-test-'));
let passed = 0;
let failed = 0;
let ok = true;

function run(label: string, command: string, args: string[], env: Record<string, string> = {}) {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) ok = false;
  return result.status === 0;
}

/**
 * Runs the checks at once (each on one core: the type check and the lint each take about 15-20 s) and
 * prints each one's output whole when it ends, so the two never interleave.
 */
async function runSideBySide(checks: Array<{ label: string; command: string; args: string[] }>) {
  await Promise.all(
    checks.map(
      ({ label, command, args }) =>
        new Promise<void>((resolve) => {
          const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
          const output: Buffer[] = [];
          child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
          child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
          child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`))); // not started; 'close' follows
          child.on('close', (status) => {
            console.log(`\n▶ ${label}`);
            process.stdout.write(Buffer.concat(output));
            if (status !== 0) ok = false;
            resolve();
          });
        }),
    ),
  );
}

function vitest(project: string) {
  const file = path.join(reports, `${project}.json`);
  run(`vitest (${project})`, 'npx', ['vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`]);
  try {
    const report = JSON.parse(readFileSync(file, 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
      testResults: Array<{ status: string; assertionResults: Array<{ status: string }> }>;
    };
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    // A file that fails before its tests run (in beforeAll) has no failed test of its own: count it once.
    failed += report.testResults.filter((r) => r.status === 'failed' && !r.assertionResults.some((a) => a.status === 'failed')).length;
  } catch {
    failed += 1; // the runner itself failed before writing its report
  }
}

function playwright() {
  const file = path.join(reports, 'browser.json');
  run('playwright (browser)', 'npx', ['playwright', 'test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_FILE: file });
  try {
    const report = JSON.parse(readFileSync(file, 'utf8')) as { stats: { expected: number; unexpected: number; flaky: number } };
    passed += report.stats.expected;
    failed += report.stats.unexpected + report.stats.flaky;
  } catch {
    failed += 1;
  }
}

await runSideBySide([
  { label: 'typecheck', command: 'npm', args: ['run', '--silent', 'typecheck'] },
  { label: 'lint', command: 'npm', args: ['run', '--silent', 'lint'] },
]);
vitest('integration');
vitest('postgres');
vitest('e2e');
playwright();

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(ok && failed === 0 ? 0 : 1);
