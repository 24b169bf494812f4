// JPEG files like the ones people upload, and damaged ones, made on the spot
// with sharp/libvips: nothing comes from outside the test. Each helper makes
// the file; the tests check that it really has the property it stands for.
import sharp, { type Sharp } from 'sharp';

/**
 * Photo-like pixels: soft gradients (sky, table), fine texture and sensor
 * noise, so that the JPEG compresses like a photo (about 0.4 byte per pixel
 * at quality 90), not like a flat test card or pure noise.
 */
export function cameraPixels(width: number, height: number): Sharp {
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 12345;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      const noise = ((seed >>> 16) & 31) - 16;
      const texture = 20 * Math.sin(x / 7.3) * Math.sin(y / 5.1);
      const i = (y * width + x) * 3;
      pixels[i] = clamp(128 + 90 * Math.sin(x / 310 + y / 470) + texture + noise);
      pixels[i + 1] = clamp(120 + 80 * Math.sin(x / 190 - y / 260 + 1) + texture + noise);
      pixels[i + 2] = clamp(110 + 70 * Math.cos((x + y) / 420) + texture + noise);
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

function clamp(value: number) {
  return Math.max(0, Math.min(255, Math.round(value)));
}

/** EXIF as a camera writes it (make, model, time, exposure; GPS where asked). */
export const CAMERA_EXIF = {
  IFD0: { Make: 'Chuchi Cam', Model: 'Alpenblick 12', Software: 'Firmware 1.2', DateTime: '2024:06:01 12:30:00' },
  IFD2: { ExposureTime: '1/125', FNumber: '28/10', ISOSpeedRatings: '200', DateTimeOriginal: '2024:06:01 12:30:00' },
};

/**
 * A phone picture: 4032×3024 (12 MP), held upright (EXIF orientation 6: the
 * sensor's landscape pixels are to be turned clockwise), Display P3 colour
 * profile, quality 90 with 4:2:0 chroma, as phones save them.
 */
export async function phoneJpeg() {
  return cameraPixels(4032, 3024)
    .withIccProfile('p3')
    .jpeg({ quality: 90, chromaSubsampling: '4:2:0' })
    .withExif({ IFD0: { ...CAMERA_EXIF.IFD0, Make: 'Chuchi Phone', Model: 'Natel 15' }, IFD2: CAMERA_EXIF.IFD2 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

type Table = { classAndId: number; symbols: { start: number; count: number } };

/** The Huffman tables (DHT segments) before the first scan, with where their symbol values are. */
export function huffmanTables(jpeg: Buffer): Table[] {
  const tables: Table[] = [];
  let position = 2; // after SOI
  while (position + 4 <= jpeg.length && jpeg[position] === 0xff) {
    const marker = jpeg[position + 1]!;
    const length = jpeg.readUInt16BE(position + 2);
    if (marker === 0xda) break; // start of scan: entropy-coded data follows
    if (marker === 0xc4) {
      // DHT: one or more tables of class/id, 16 code counts, then the symbol values.
      let table = position + 4;
      while (table < position + 2 + length) {
        const count = jpeg.subarray(table + 1, table + 17).reduce((sum, n) => sum + n, 0);
        tables.push({ classAndId: jpeg[table]!, symbols: { start: table + 17, count } });
        table += 17 + count;
      }
    }
    position += 2 + length;
  }
  return tables;
}

/** Decodes every pixel with failOn 'error' and returns libjpeg's warnings (throws on errors). */
export async function decodeWarnings(jpeg: Buffer) {
  const warnings: string[] = [];
  const decoder = sharp(jpeg, { failOn: 'error' });
  decoder.on('warning', (warning: string) => warnings.push(warning));
  await decoder.raw().toBuffer();
  return warnings;
}

/**
 * `jpeg` with one symbol value inside a DHT segment overwritten, chosen so
 * that libjpeg still decodes the whole file but warns "Corrupt JPEG data:
 * bad Huffman code" on the way, i.e. what a file damaged on a memory card or
 * by a broken editor looks like. The table stays well-formed (a count
 * changed instead gives "Bogus Huffman table definition", an error sharp
 * always refused). The first such byte is taken, so the result is the same
 * on every run.
 */
export async function withCorruptHuffmanTable(jpeg: Buffer) {
  for (const { symbols } of huffmanTables(jpeg)) {
    for (let i = symbols.start; i < symbols.start + symbols.count; i++) {
      const damaged = Buffer.from(jpeg);
      damaged[i] = damaged[i]! ^ 0x55;
      const warnings = await decodeWarnings(damaged).catch(() => undefined);
      if (warnings?.some((w) => /Corrupt JPEG data/.test(w))) return { damaged, offset: i, warnings };
    }
  }
  throw new Error('no byte in the Huffman tables makes libjpeg warn');
}
