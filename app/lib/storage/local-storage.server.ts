// Uploaded files in a folder (DATA_DIR/uploads by default). Each file is
// written under a hidden temporary name, flushed and renamed: a reader, or a
// crash, never sees half a file.
import { randomUUID } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { assertSafeKey, assertSafePrefix } from './storage-key.server.ts';
import type { Storage, StoredEntry } from './storage.server.ts';

function isMissing(error: unknown) {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

async function syncDirectory(dir: string) {
  // The rename lives in the directory: flush it too, or a power cut can undo it.
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export function createLocalStorage(root: string): Storage {
  const fileOf = (key: string) => {
    assertSafeKey(key);
    return path.join(root, ...key.split('/'));
  };

  async function list(prefix: string): Promise<StoredEntry[]> {
    assertSafePrefix(prefix);
    // Walk only the folder the prefix points into.
    const folder = prefix === '' || prefix.endsWith('/') ? prefix : path.posix.dirname(prefix);
    const start = path.join(root, ...folder.split('/').filter((s) => s && s !== '.'));
    let entries;
    try {
      entries = await readdir(start, { recursive: true, withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return [];
      throw error;
    }
    const found: StoredEntry[] = [];
    for (const entry of entries) {
      // Hidden names are temporary files of writes in progress.
      if (!entry.isFile() || entry.name.startsWith('.')) continue;
      const file = path.join(entry.parentPath, entry.name);
      const key = path.relative(root, file).split(path.sep).join('/');
      if (!key.startsWith(prefix)) continue;
      try {
        const info = await stat(file);
        found.push({ key, size: info.size, lastModified: info.mtime });
      } catch (error) {
        if (!isMissing(error)) throw error; // removed meanwhile
      }
    }
    return found.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  return {
    kind: 'local',

    async put(key, data) {
      const file = fileOf(key);
      const dir = path.dirname(file);
      await mkdir(dir, { recursive: true });
      const temporary = path.join(dir, `.${path.basename(file)}.${randomUUID()}.tmp`);
      try {
        const handle = await open(temporary, 'wx');
        try {
          await handle.writeFile(data);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(temporary, file);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
      await syncDirectory(dir);
    },

    async get(key) {
      const file = fileOf(key);
      let handle;
      try {
        handle = await open(file, 'r');
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
      // Size and content from the same open file, even if it is replaced meanwhile.
      const info = await handle.stat().catch(async (error: unknown) => {
        await handle.close();
        throw error;
      });
      if (!info.isFile()) {
        await handle.close();
        return undefined;
      }
      return { body: handle.createReadStream(), size: info.size };
    },

    list,

    async removePrefix(prefix) {
      const entries = await list(prefix);
      const dirs = new Set<string>();
      for (const { key } of entries) {
        const file = fileOf(key);
        await rm(file, { force: true });
        dirs.add(path.dirname(file));
      }
      // Tidy the folders that became empty, deepest first; never the root.
      const sorted = [...dirs].sort((a, b) => b.length - a.length);
      for (let dir of sorted) {
        while (dir.startsWith(root + path.sep)) {
          try {
            await rmdir(dir);
          } catch {
            break; // not empty (or already gone): stop climbing
          }
          dir = path.dirname(dir);
        }
      }
    },
  };
}
