// Preloaded into a server process (NODE_OPTIONS="--import …"): when the process
// ends, it writes the files of the CommonJS modules it loaded, as a JSON list,
// to LOADED_MODULES_REPORT. A test reads what a start and a few requests loaded.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const report = process.env.LOADED_MODULES_REPORT;
if (report) {
  const { cache } = createRequire(import.meta.url);
  process.on('exit', () => writeFileSync(report, JSON.stringify(Object.keys(cache))));
}
