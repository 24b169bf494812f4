// An unexpected console.error fails the test: errors must be expected to be
// allowed (vi.spyOn(console, 'error').mockImplementation(...) in the test).
import { afterEach, vi } from 'vitest';

process.env.LOG_LEVEL ??= 'silent';

const originalError = console.error;
let unexpected: unknown[][] = [];

console.error = (...args: unknown[]) => {
  unexpected.push(args);
  originalError(...args);
};

afterEach(() => {
  const found = unexpected;
  unexpected = [];
  if (found.length > 0 && !vi.isMockFunction(console.error)) {
    throw new Error(`Unexpected console.error: ${found.map((a) => a.map(String).join(' ')).join('\n')}`);
  }
});
