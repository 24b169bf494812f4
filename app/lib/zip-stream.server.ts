// A ZIP archive written as a stream: each file is stored as it comes (no
// compression: pictures are JPEGs already, the rest is small), its size and
// CRC-32 follow it in a data descriptor, and the directory closes the
// archive. Nothing is held in memory but the file being copied and the
// directory entries. Enough for exports; no ZIP64 (files < 4 GB, < 65,535 files).
import { crc32 } from 'node:zlib';

export type ZipEntry = {
  /** The path inside the archive, with forward slashes. */
  name: string;
  /** The file's content: whole, or in pieces (a stored picture). */
  data: Uint8Array | AsyncIterable<Uint8Array>;
  modified?: Date;
};

/** DOS date and time, as ZIP headers keep them (local time, two-second steps). */
function dosDateTime(date: Date) {
  const time = (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2);
  const day = ((Math.max(1980, date.getFullYear()) - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate();
  return { time, day };
}

// General purpose flags: 3 = sizes and CRC in a data descriptor after the data, 11 = UTF-8 names.
const FLAGS = (1 << 3) | (1 << 11);

function localHeader(name: Buffer, time: number, day: number) {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4); // version needed: 2.0
  header.writeUInt16LE(FLAGS, 6);
  header.writeUInt16LE(0, 8); // stored
  header.writeUInt16LE(time, 10);
  header.writeUInt16LE(day, 12);
  // CRC and sizes (14–25) stay 0: the data descriptor has them.
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, name]);
}

function dataDescriptor(crc: number, size: number) {
  const descriptor = Buffer.alloc(16);
  descriptor.writeUInt32LE(0x08074b50, 0);
  descriptor.writeUInt32LE(crc, 4);
  descriptor.writeUInt32LE(size, 8);
  descriptor.writeUInt32LE(size, 12);
  return descriptor;
}

type Written = { name: Buffer; time: number; day: number; crc: number; size: number; offset: number };

function directoryEntry(file: Written) {
  const entry = Buffer.alloc(46);
  entry.writeUInt32LE(0x02014b50, 0);
  entry.writeUInt16LE(20, 4); // made by: 2.0
  entry.writeUInt16LE(20, 6);
  entry.writeUInt16LE(FLAGS, 8);
  entry.writeUInt16LE(0, 10);
  entry.writeUInt16LE(file.time, 12);
  entry.writeUInt16LE(file.day, 14);
  entry.writeUInt32LE(file.crc, 16);
  entry.writeUInt32LE(file.size, 20);
  entry.writeUInt32LE(file.size, 24);
  entry.writeUInt16LE(file.name.length, 28);
  entry.writeUInt32LE(file.offset, 42);
  return Buffer.concat([entry, file.name]);
}

function endOfDirectory(count: number, size: number, offset: number) {
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return end;
}

/**
 * Closes a file's stream that was not read to its end. An iterator's return()
 * does nothing before its first read, so a Node stream is destroyed and a web
 * stream cancelled.
 */
async function closeUnread(data: AsyncIterable<Uint8Array>) {
  if ('destroy' in data && typeof data.destroy === 'function') data.destroy();
  else if (data instanceof ReadableStream) await data.cancel().catch(() => {});
  else await data[Symbol.asyncIterator]().return?.();
}

/** The archive's bytes, piece by piece, as the entries are read. */
export async function* zipStream(entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>): AsyncGenerator<Uint8Array> {
  const written: Written[] = [];
  let offset = 0;
  for await (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const { time, day } = dosDateTime(entry.modified ?? new Date());
    const header = localHeader(name, time, day);
    const start = offset;
    let crc = 0;
    let size = 0;
    let read = false;
    try {
      yield header;
      offset += header.length;
      const pieces = entry.data instanceof Uint8Array ? [entry.data] : entry.data;
      for await (const piece of pieces) {
        crc = crc32(piece, crc);
        size += piece.length;
        yield piece;
      }
      read = true;
    } finally {
      // An archive left before this file was read (the reader went away) still closes the file.
      if (!read && !(entry.data instanceof Uint8Array)) await closeUnread(entry.data);
    }
    const descriptor = dataDescriptor(crc, size);
    yield descriptor;
    offset += size + descriptor.length;
    written.push({ name, time, day, crc, size, offset: start });
  }
  const directoryStart = offset;
  let directorySize = 0;
  for (const file of written) {
    const entry = directoryEntry(file);
    directorySize += entry.length;
    yield entry;
  }
  yield endOfDirectory(written.length, directorySize, directoryStart);
}
