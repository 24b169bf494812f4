// The embedded database's files as a tar (db/tar.server.ts) and back into a folder
// (db/snapshot.server.ts): the form of the backups and of the build's image of a new database.
import { mkdtemp, readFile, rm, stat, writeFile, mkdir, chmod } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { readDirectoryTree, writeDirectoryTree } from '../../app/db/snapshot.server.ts';
import { tarEntries, tarPieces, type TarEntry } from '../../app/db/tar.server.ts';

const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

async function newFolder() {
  const folder = await mkdtemp(path.join(tmpdir(), 'chuchiblog-tar-'));
  folders.push(folder);
  return folder;
}

test('a folder written as a tar and read back is the same folder: names, bytes and modes', async () => {
  const source = await newFolder();
  await mkdir(path.join(source, 'base/5'), { recursive: true });
  await writeFile(path.join(source, 'PG_VERSION'), '17\n');
  await writeFile(path.join(source, 'base/5/empty'), '');
  // Sizes at and just past a block of 512 bytes: the padding that follows a file.
  await writeFile(path.join(source, 'base/5/block'), Buffer.alloc(512, 7));
  await writeFile(path.join(source, 'base/5/past-a-block'), Buffer.alloc(513, 9));
  await chmod(path.join(source, 'PG_VERSION'), 0o600);

  const archive = Buffer.concat([...tarPieces(await readDirectoryTree(source))]);
  const target = path.join(await newFolder(), 'copy');
  writeDirectoryTree(target, tarEntries(archive));

  const summary = async (root: string) =>
    Promise.all(
      (await readDirectoryTree(root)).map(async (entry) => ({
        name: entry.name,
        kind: entry.kind,
        mode: (await stat(path.join(root, entry.name))).mode & 0o777,
        bytes: entry.kind === 'file' ? Buffer.from(entry.data).toString('base64') : undefined,
      })),
    );
  expect(await summary(target)).toEqual(await summary(source));
  expect(await readFile(path.join(target, 'base/5/past-a-block'))).toEqual(Buffer.alloc(513, 9));
  expect((await stat(path.join(target, 'PG_VERSION'))).mode & 0o777).toBe(0o600);
});

const file = (name: string, text: string): TarEntry => ({ name, kind: 'file', data: Buffer.from(text), mode: 0o644, modified: new Date(0) });

test('an archive cut short, or with a kind of entry tarPieces never writes, is refused', () => {
  const archive = Buffer.concat([...tarPieces([file('PG_VERSION', '17\n'), file('global/pg_control', 'x'.repeat(2000))])]);
  expect(() => [...tarEntries(archive.subarray(0, 1536))]).toThrow('A tar archive that ends inside global/pg_control');

  const link = Buffer.from(archive);
  link.write('2', 156, 'ascii'); // a symbolic link
  expect(() => [...tarEntries(link)]).toThrow('A tar entry of a kind this reader does not take ("2"): PG_VERSION');
});

test('an entry whose path leads out of the folder is not written; a folder named relatively takes its entries', async () => {
  const target = path.join(await newFolder(), 'copy');
  expect(() => writeDirectoryTree(target, [file('../outside', 'nein')])).toThrow('A path outside the folder: ../outside');

  // DATA_DIR is ./data unless set.
  const relative = `./${path.relative(process.cwd(), path.join(await newFolder(), 'relative'))}`;
  writeDirectoryTree(relative, [file('PG_VERSION', '17\n')]);
  expect(await readFile(path.join(relative, 'PG_VERSION'), 'utf8')).toBe('17\n');
});
