// Real-world-like JPEGs: what cameras and phones write must pass, damaged
// files must be refused. Every sample is made here with sharp/libvips, and
// each test first checks that its sample really has the property it is about.
import sharp from 'sharp';
import { expect, test } from 'vitest';
import { ImageRejectedError, processJpeg, type ImageRejection } from '../../app/features/images/image-processing.server.ts';
import { photo } from '../support/images.ts';
import { CAMERA_EXIF, cameraPixels, decodeWarnings, huffmanTables, phoneJpeg, withCorruptHuffmanTable } from '../support/jpeg-samples.ts';

const DAMAGED = 'Das Bild ist beschädigt oder unvollständig und kann nicht gelesen werden.';

async function expectRejected(input: Buffer, reason: ImageRejection) {
  const error = await processJpeg(input).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ImageRejectedError);
  expect((error as ImageRejectedError).reason).toBe(reason);
  return error as ImageRejectedError;
}

/** The renditions' widths, formats and that they carry no metadata. */
async function expectCleanRenditions(result: Awaited<ReturnType<typeof processJpeg>>, widths: number[]) {
  expect(result.renditions.map((r) => `${r.width}.${r.format}`)).toEqual(widths.flatMap((w) => [`${w}.avif`, `${w}.webp`, `${w}.jpg`]));
  expect(result.color).toMatch(/^#[0-9a-f]{6}$/);
  for (const r of result.renditions) {
    const meta = await sharp(r.data).metadata();
    expect(meta.width, `${r.width}.${r.format}`).toBe(r.width);
    expect(meta.height, `${r.width}.${r.format}`).toBe(Math.round((r.width * result.height) / result.width));
    expect(meta.space).toBe('srgb');
    expect(meta.exif, `${r.width}.${r.format}`).toBeUndefined();
    expect(meta.icc, `${r.width}.${r.format}`).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
  }
}

test('a progressive JPEG passes', async () => {
  const progressive = await cameraPixels(1200, 900).jpeg({ quality: 90, progressive: true }).toBuffer();
  const meta = await sharp(progressive).metadata();
  expect(meta.isProgressive).toBe(true);
  expect(await decodeWarnings(progressive)).toEqual([]);

  const result = await processJpeg(progressive);
  expect(result).toMatchObject({ width: 1200, height: 900 });
  await expectCleanRenditions(result, [480, 960]);
});

test('a CMYK JPEG (print workflow, Adobe marker) passes and comes out sRGB', async () => {
  const cmyk = await cameraPixels(1000, 750).toColourspace('cmyk').jpeg({ quality: 90 }).toBuffer();
  const meta = await sharp(cmyk).metadata();
  expect([meta.space, meta.channels]).toEqual(['cmyk', 4]);
  expect(cmyk.includes('Adobe')).toBe(true); // the APP14 marker CMYK JPEGs carry

  const result = await processJpeg(cmyk);
  expect(result).toMatchObject({ width: 1000, height: 750 });
  await expectCleanRenditions(result, [480, 960]);
  for (const r of result.renditions) expect((await sharp(r.data).metadata()).channels).toBe(3);
});

test('a camera JPEG with EXIF and one without both pass; no EXIF survives', async () => {
  const withExif = await cameraPixels(1000, 750).jpeg({ quality: 92 }).withExif(CAMERA_EXIF).toBuffer();
  expect((await sharp(withExif).metadata()).exif?.toString('latin1')).toContain('Alpenblick 12');
  const withoutExif = await cameraPixels(1000, 750).jpeg({ quality: 92 }).toBuffer();
  expect((await sharp(withoutExif).metadata()).exif).toBeUndefined();

  for (const input of [withExif, withoutExif]) {
    const result = await processJpeg(input);
    expect(result).toMatchObject({ width: 1000, height: 750 });
    await expectCleanRenditions(result, [480, 960]);
    for (const r of result.renditions) expect(r.data.includes('Alpenblick')).toBe(false);
  }
});

test('every EXIF orientation (1–8) is applied: 5 to 8 turn the picture by a quarter', async () => {
  const source = await cameraPixels(300, 200).raw().toBuffer();
  for (const orientation of [1, 2, 3, 4, 5, 6, 7, 8]) {
    const tagged = await sharp(source, { raw: { width: 300, height: 200, channels: 3 } })
      .jpeg({ quality: 90 })
      .withExif(CAMERA_EXIF)
      .withMetadata({ orientation })
      .toBuffer();
    expect((await sharp(tagged).metadata()).orientation).toBe(orientation);
    const result = await processJpeg(tagged);
    const [width, height] = orientation >= 5 ? [200, 300] : [300, 200];
    expect(result, `orientation ${orientation}`).toMatchObject({ width, height });
    await expectCleanRenditions(result, [width]);
  }
});

test('a 12-megapixel phone picture (portrait via EXIF, Display P3) passes, upright and in sRGB', async () => {
  const phone = await phoneJpeg();
  const meta = await sharp(phone).metadata();
  expect(meta).toMatchObject({ width: 4032, height: 3024, orientation: 6, chromaSubsampling: '4:2:0', isProgressive: false });
  expect(meta.icc).toBeDefined();
  expect(meta.exif?.toString('latin1')).toContain('Natel 15');
  expect(phone.length).toBeGreaterThan(2 * 1024 * 1024); // compresses like a photo, not like a test card
  expect(await decodeWarnings(phone)).toEqual([]);

  const result = await processJpeg(phone);
  expect(result).toMatchObject({ width: 3024, height: 4032 });
  await expectCleanRenditions(result, [480, 960, 1600]);
  expect(result.renditions.find((r) => r.width === 1600 && r.format === 'jpg')!.data.length).toBeLessThan(1024 * 1024);
});

test('a phone picture with data after its end marker (motion photo, second MPF image) passes', async () => {
  const still = await cameraPixels(1200, 900).jpeg({ quality: 90 }).withExif(CAMERA_EXIF).toBuffer();
  const preview = await cameraPixels(320, 240).jpeg().toBuffer();
  const withTrailer = Buffer.concat([still, preview, Buffer.from('....ftypmp42'), Buffer.alloc(50_000, 0x42)]);
  expect(still.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
  expect(await decodeWarnings(withTrailer)).toEqual([]);

  const result = await processJpeg(withTrailer);
  expect(result).toMatchObject({ width: 1200, height: 900 });
});

test('a JPEG whose Huffman table is corrupt (libjpeg: "Corrupt JPEG data: bad Huffman code") is refused as damaged', async () => {
  const whole = await photo(800, 600);
  const { damaged, offset, warnings } = await withCorruptHuffmanTable(whole);
  // The sample: one byte of a DHT segment changed; libjpeg still decodes it (no error), with a warning.
  const table = huffmanTables(whole).find((t) => offset >= t.symbols.start && offset < t.symbols.start + t.symbols.count);
  expect(table).toBeDefined();
  expect(damaged.length).toBe(whole.length);
  expect(warnings.join('\n')).toMatch(/Corrupt JPEG data: bad Huffman code/);
  expect((await sharp(damaged, { failOn: 'error' }).raw().toBuffer()).length).toBe(800 * 600 * 3);

  const error = await expectRejected(damaged, 'damaged');
  expect(error.message).toBe(DAMAGED);
});

test('a corrupt Huffman table is found also in a picture large enough to be decoded at reduced scale', async () => {
  // 3400 px wide: the 1600 px rendition lets libjpeg decode at half scale.
  const camera = await cameraPixels(3400, 2550).jpeg({ quality: 90 }).toBuffer();
  const { damaged } = await withCorruptHuffmanTable(camera);
  await expectRejected(damaged, 'damaged');
});

test('truncated JPEGs are refused as damaged, baseline and progressive, however much is missing', async () => {
  const baseline = await cameraPixels(1000, 750).jpeg({ quality: 90 }).toBuffer();
  const progressive = await cameraPixels(1000, 750).jpeg({ quality: 90, progressive: true }).toBuffer();
  for (const [name, whole] of [['baseline', baseline], ['progressive', progressive]] as const) {
    for (const kept of [0.3, 0.6, 0.95]) {
      const cut = whole.subarray(0, Math.floor(whole.length * kept));
      expect(cut.subarray(-2)).not.toEqual(Buffer.from([0xff, 0xd9]));
      const error = await expectRejected(cut, 'damaged');
      expect(error.message, `${name} cut at ${kept}`).toBe(DAMAGED);
    }
    // Only the end marker missing: the file never finished being written.
    await expectRejected(whole.subarray(0, whole.length - 2), 'damaged');
  }
});
