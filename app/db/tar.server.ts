// A tar archive (POSIX ustar) as a sequence of buffers: each entry is a
// 512-byte header, then the file's bytes padded to 512, and two empty blocks
// close the archive. Enough for the embedded database's files, in the form
// PGlite's `loadDataDir` reads (the backups, lib/backup.server.ts, and the
// build's image of a new database): plain files and directories, paths of at
// most 100 bytes (its reader ignores ustar's name prefix; a PostgreSQL data
// directory's paths are far shorter). tarEntries reads such an archive back.

export type TarEntry = { name: string; kind: 'file'; data: Uint8Array; mode: number; modified: Date } | { name: string; kind: 'directory'; mode: number; modified: Date };

const BLOCK = 512;

/** A number as the octal digits a header field holds, NUL-terminated. */
function octal(value: number, fieldLength: number) {
  return value.toString(8).padStart(fieldLength - 1, '0') + '\0';
}

function header(entry: TarEntry) {
  const block = Buffer.alloc(BLOCK);
  const name = entry.kind === 'directory' ? `${entry.name}/` : entry.name;
  if (Buffer.byteLength(name) > 100) throw new Error(`A path too long for a tar header: ${name}`);
  block.write(name, 0, 100, 'utf8');
  block.write(octal(entry.mode & 0o7777, 8), 100, 'ascii');
  block.write(octal(0, 8), 108, 'ascii'); // uid
  block.write(octal(0, 8), 116, 'ascii'); // gid
  block.write(octal(entry.kind === 'file' ? entry.data.length : 0, 12), 124, 'ascii');
  block.write(octal(Math.floor(entry.modified.getTime() / 1000), 12), 136, 'ascii');
  block.write(' '.repeat(8), 148, 'ascii'); // the checksum counts its own field as spaces
  block.write(entry.kind === 'file' ? '0' : '5', 156, 'ascii');
  block.write('ustar\u000000', 257, 'ascii');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(sum.toString(8).padStart(6, '0') + '\0 ', 148, 'ascii');
  return block;
}

function* blocks(entries: Iterable<TarEntry>): Generator<Uint8Array> {
  for (const entry of entries) {
    yield header(entry);
    if (entry.kind !== 'file' || entry.data.length === 0) continue;
    yield entry.data;
    const padding = (BLOCK - (entry.data.length % BLOCK)) % BLOCK;
    if (padding > 0) yield Buffer.alloc(padding);
  }
  yield Buffer.alloc(2 * BLOCK);
}

/**
 * The archive in pieces of about `pieceBytes` (small headers and files joined): each piece
 * written to a compressor is one trip to the thread pool and back, and on a busy server every
 * trip back waits its turn behind the requests.
 */
export function* tarPieces(entries: Iterable<TarEntry>, pieceBytes = 1024 * 1024): Generator<Buffer> {
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  for (const block of blocks(entries)) {
    if (block.length >= pieceBytes) {
      // Large enough by itself: passed on, not copied (a table's file may be a gigabyte).
      if (pendingBytes > 0) yield Buffer.concat(pending);
      pending = [];
      pendingBytes = 0;
      yield Buffer.from(block.buffer, block.byteOffset, block.length);
      continue;
    }
    pending.push(block);
    pendingBytes += block.length;
    if (pendingBytes >= pieceBytes) {
      yield Buffer.concat(pending);
      pending = [];
      pendingBytes = 0;
    }
  }
  if (pendingBytes > 0) yield Buffer.concat(pending);
}

/** The entries of an archive in the form tarPieces writes; any other kind of entry is refused. */
export function* tarEntries(archive: Uint8Array): Generator<TarEntry> {
  const bytes = Buffer.from(archive.buffer, archive.byteOffset, archive.length);
  for (let offset = 0; offset + BLOCK <= bytes.length; ) {
    const block = bytes.subarray(offset, offset + BLOCK);
    if (block.every((byte) => byte === 0)) return; // the closing blocks
    const field = (start: number, length: number) => block.toString('utf8', start, start + length).replace(/\0[^]*$/, '');
    const name = field(0, 100).replace(/\/$/, '');
    const mode = parseInt(field(100, 8), 8);
    const size = parseInt(field(124, 12), 8);
    const modified = new Date(parseInt(field(136, 12), 8) * 1000);
    const kind = field(156, 1);
    offset += BLOCK;
    if (kind === '5') {
      yield { name, kind: 'directory', mode, modified };
    } else if (kind === '0') {
      if (offset + size > bytes.length) throw new Error(`A tar archive that ends inside ${name}`);
      yield { name, kind: 'file', data: bytes.subarray(offset, offset + size), mode, modified };
      offset += Math.ceil(size / BLOCK) * BLOCK;
    } else {
      throw new Error(`A tar entry of a kind this reader does not take (${JSON.stringify(kind)}): ${name}`);
    }
  }
}
