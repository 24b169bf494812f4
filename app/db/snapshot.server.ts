// The embedded database's data directory, read into memory for a backup
// (lib/backup.server.ts) while PGlite runs no statement: an image like the one
// a crash leaves, which PostgreSQL's recovery makes whole on restore. Read
// with the file system's own threads, so that the server's thread goes on
// answering meanwhile (PGlite's `dumpDataDir` reads through its WebAssembly
// file system on that thread: 250-541 ms without an answer on the demo blog).
// Written back into a new folder: the build's image of a new database (client.server.ts).
import { mkdirSync, writeFileSync } from 'node:fs';
import { readFile, readdir, stat } from 'node:fs/promises';
import path from 'node:path';

/** A file or directory of the data directory, by its path inside it (forward slashes). */
export type DataDirEntry =
  | { name: string; kind: 'file'; data: Uint8Array; mode: number; modified: Date }
  | { name: string; kind: 'directory'; mode: number; modified: Date };

/** Files read at once: enough to keep the disk busy, few enough not to crowd out other file work. */
const READS_AT_ONCE = 8;

export async function readDirectoryTree(root: string): Promise<DataDirEntry[]> {
  const found = await readdir(root, { withFileTypes: true, recursive: true });
  const names = found.filter((entry) => entry.isFile() || entry.isDirectory()).map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
  names.sort(); // a directory before what it holds
  const entries: DataDirEntry[] = new Array(names.length);
  let next = 0;
  const readNext = async () => {
    while (next < names.length) {
      const index = next++;
      const name = names[index]!;
      const file = path.join(root, name);
      const info = await stat(file);
      entries[index] = info.isDirectory()
        ? { name: name.split(path.sep).join('/'), kind: 'directory', mode: info.mode, modified: info.mtime }
        : { name: name.split(path.sep).join('/'), kind: 'file', data: await readFile(file), mode: info.mode, modified: info.mtime };
    }
  };
  await Promise.all(Array.from({ length: READS_AT_ONCE }, readNext));
  return entries;
}

/**
 * Writes `entries` (each directory before what it holds) into the new folder `root`, with their
 * modes. At start-up, before anything else waits for the thread: written at once.
 */
export function writeDirectoryTree(root: string, entries: Iterable<DataDirEntry>) {
  const base = path.resolve(root);
  mkdirSync(base);
  for (const entry of entries) {
    const target = path.resolve(base, ...entry.name.split('/'));
    if (!target.startsWith(base + path.sep)) throw new Error(`A path outside the folder: ${entry.name}`);
    if (entry.kind === 'directory') mkdirSync(target, { mode: entry.mode & 0o7777 });
    else writeFileSync(target, entry.data, { mode: entry.mode & 0o7777 });
  }
}
