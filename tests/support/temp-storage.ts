// A local storage in a fresh temporary folder, made the app's storage for
// this test file and removed afterwards.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createLocalStorage } from '../../app/lib/storage/local-storage.server.ts';
import { setStorage } from '../../app/lib/storage/storage.server.ts';

export function useTempStorage() {
  const holder = { root: '' };
  beforeAll(() => {
    holder.root = mkdtempSync(path.join(tmpdir(), 'chuchiblog-uploads-'));
    setStorage(createLocalStorage(holder.root));
  });
  afterAll(() => {
    setStorage(undefined);
    rmSync(holder.root, { recursive: true, force: true });
  });
  return holder;
}
