// Preloaded into a server process (NODE_OPTIONS="--import …"): records every
// module the process resolves, CommonJS and ES modules alike (Node's module
// hooks; a load hook would break express's require of an ES module), and
// when the process ends writes their URLs, as a JSON list, to
// LOADED_MODULES_REPORT. A test reads what a start and a few requests loaded.
import { writeFileSync } from 'node:fs';
import { registerHooks } from 'node:module';

const report = process.env.LOADED_MODULES_REPORT;
if (report) {
  const loaded = new Set<string>();
  registerHooks({
    resolve(specifier, context, nextResolve) {
      const resolved = nextResolve(specifier, context);
      loaded.add(resolved.url);
      return resolved;
    },
  });
  process.on('exit', () => writeFileSync(report, JSON.stringify([...loaded])));
}
