// Writes public/favicon.ico from public/favicon.svg: what browsers, feed readers
// and crawlers fetch when a page names no icon they can use (an SVG icon is not
// for all of them). An ICO file of PNG images, 16, 32 and 48 px.
// Run after changing public/favicon.svg: npm run favicon:ico
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

const SIZES = [16, 32, 48];
const publicDir = path.resolve(import.meta.dirname, '../public');
const svg = await readFile(path.join(publicDir, 'favicon.svg'));
const images = await Promise.all(SIZES.map((size) => sharp(svg, { density: 288 }).resize(size, size).png({ compressionLevel: 9 }).toBuffer()));

// ICONDIR (6 bytes), one ICONDIRENTRY (16 bytes) per image, then the images.
const header = Buffer.alloc(6);
header.writeUInt16LE(1, 2); // type: icon
header.writeUInt16LE(SIZES.length, 4);
let offset = header.length + 16 * SIZES.length;
const entries = SIZES.map((size, i) => {
  const entry = Buffer.alloc(16);
  entry.writeUInt8(size, 0);
  entry.writeUInt8(size, 1);
  entry.writeUInt16LE(1, 4); // colour planes
  entry.writeUInt16LE(32, 6); // bits per pixel
  entry.writeUInt32LE(images[i]!.length, 8);
  entry.writeUInt32LE(offset, 12);
  offset += images[i]!.length;
  return entry;
});
const target = path.join(publicDir, 'favicon.ico');
await writeFile(target, Buffer.concat([header, ...entries, ...images]));
console.log(`wrote ${path.relative(process.cwd(), target)}`);
