// What an upload goes through before anything is stored: only sound JPEGs
// pass, metadata never survives, the picture is upright, sizes are bounded.
// Every input is generated here; nothing comes from outside the test.
import sharp from 'sharp';
import { expect, test } from 'vitest';
import { MAX_INPUT_BYTES } from '../../app/features/images/image-limits.ts';
import { ImageRejectedError, processJpeg, type ImageRejection } from '../../app/features/images/image-processing.server.ts';
import { photo } from '../support/images.ts';

/** Left half red, right half blue: shows which way the pixels were turned. */
function halves(width: number, height: number) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      pixels.set(x < width / 2 ? [220, 20, 20] : [20, 20, 220], (y * width + x) * 3);
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

async function expectRejected(input: Buffer, reason: ImageRejection) {
  const error = await processJpeg(input).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ImageRejectedError);
  const rejected = error as ImageRejectedError;
  expect(rejected.reason).toBe(reason);
  // German for the user, Swiss spelling.
  expect(rejected.message).toMatch(/Bild|JPEG/);
  expect(rejected.message).not.toContain('ß');
  return rejected;
}

test('makes 480, 960 and 1600 px renditions in AVIF, WebP and JPEG from a large photo', async () => {
  const result = await processJpeg(await photo(2000, 1500));

  expect(result).toMatchObject({ width: 2000, height: 1500 });
  expect(result.color).toMatch(/^#[0-9a-f]{6}$/);
  expect(result.renditions.map((r) => `${r.width}.${r.format}`)).toEqual([
    '480.avif', '480.webp', '480.jpg',
    '960.avif', '960.webp', '960.jpg',
    '1600.avif', '1600.webp', '1600.jpg',
  ]);
  const decoders = { avif: 'heif', webp: 'webp', jpg: 'jpeg' };
  for (const r of result.renditions) {
    const meta = await sharp(r.data).metadata();
    expect(meta.format).toBe(decoders[r.format]);
    expect(meta.width).toBe(r.width);
    expect(meta.height).toBe(Math.round((r.width * 1500) / 2000));
    if (r.format === 'avif') expect(meta.compression).toBe('av1');
  }
});

test('makes only the renditions that are not larger than the source', async () => {
  const medium = await processJpeg(await photo(1000, 700));
  expect([...new Set(medium.renditions.map((r) => r.width))]).toEqual([480, 960]);

  const small = await processJpeg(await photo(300, 200));
  expect(small.renditions.map((r) => `${r.width}.${r.format}`)).toEqual(['300.avif', '300.webp', '300.jpg']);
});

test('drops EXIF with the GPS position (and all other metadata) from every rendition', async () => {
  const withGps = await (await halves(1000, 600))
    .jpeg()
    .withExif({
      IFD0: { Make: 'Chuchi Cam', Model: 'Alpenblick 3000', Copyright: 'Heidi Muster' },
      // IFD3 is the GPS directory: Zürich, Bellevue.
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '47/1 22/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '8/1 32/1 0/1' },
    })
    .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>')
    .toBuffer();
  const source = await sharp(withGps).metadata();
  expect(source.exif?.toString('latin1')).toContain('Chuchi Cam'); // the test input really carries EXIF
  expect(source.xmp).toBeDefined();

  const result = await processJpeg(withGps);
  expect(result.renditions).toHaveLength(6);
  for (const r of result.renditions) {
    const meta = await sharp(r.data).metadata();
    expect(meta.exif, `${r.width}.${r.format}`).toBeUndefined();
    expect(meta.xmp, `${r.width}.${r.format}`).toBeUndefined();
    expect(meta.iptc, `${r.width}.${r.format}`).toBeUndefined();
    expect(r.data.includes('Exif\0\0')).toBe(false);
    expect(r.data.includes('Chuchi Cam')).toBe(false);
  }
});

test('applies the EXIF orientation: a 200×100 picture tagged "rotate 90°" comes out portrait', async () => {
  const tagged = await (await halves(200, 100)).jpeg({ quality: 95 }).withMetadata({ orientation: 6 }).toBuffer();
  expect((await sharp(tagged).metadata()).orientation).toBe(6);

  const result = await processJpeg(tagged);
  expect(result).toMatchObject({ width: 100, height: 200 });
  const jpeg = result.renditions.find((r) => r.format === 'jpg')!;
  const meta = await sharp(jpeg.data).metadata();
  expect([meta.width, meta.height]).toEqual([100, 200]);
  expect(meta.orientation).toBeUndefined(); // upright pixels, no tag left to apply twice

  // Orientation 6 turns the picture clockwise: the left (red) half ends up on top.
  const { data } = await sharp(jpeg.data).raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => [...data.subarray((y * 100 + x) * 3, (y * 100 + x) * 3 + 3)];
  expect(at(50, 20)[0]).toBeGreaterThan(150); // red on top
  expect(at(50, 180)[2]).toBeGreaterThan(150); // blue below
});

test('handles a CMYK JPEG (print workflows) and returns sRGB renditions', async () => {
  const cmyk = await (await halves(600, 400)).toColourspace('cmyk').jpeg().toBuffer();
  expect((await sharp(cmyk).metadata()).space).toBe('cmyk');

  const result = await processJpeg(cmyk);
  for (const r of result.renditions) {
    const meta = await sharp(r.data).metadata();
    expect(meta.space).toBe('srgb');
    expect(meta.channels).toBe(3);
  }
});

test('refuses a PNG renamed to .jpg', async () => {
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c0392b' } }).png().toBuffer();
  await expectRejected(png, 'not-jpeg');
});

test('refuses an HTML file', async () => {
  await expectRejected(Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'), 'not-jpeg');
});

test('refuses an SVG, also one that hides behind JPEG magic bytes', async () => {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
  await expectRejected(Buffer.from(svg), 'not-jpeg');
  await expectRejected(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(svg)]), 'damaged');
});

test('refuses an empty file and a few stray bytes', async () => {
  await expectRejected(Buffer.alloc(0), 'not-jpeg');
  await expectRejected(Buffer.from([0xff, 0xd8, 0xff]), 'not-jpeg');
});

test('refuses a truncated JPEG', async () => {
  const whole = await photo(800, 600);
  await expectRejected(whole.subarray(0, Math.floor(whole.length * 0.6)), 'damaged');
});

test('refuses a JPEG whose header claims 20000×20000 pixels, before decoding it', async () => {
  const tiny = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#eee' } }).jpeg().toBuffer();
  // Patch the frame header (SOF0: FF C0, length, precision, height, width).
  const sof = tiny.indexOf(Buffer.from([0xff, 0xc0]));
  expect(sof).toBeGreaterThan(0);
  const bomb = Buffer.from(tiny);
  bomb.writeUInt16BE(20000, sof + 5);
  bomb.writeUInt16BE(20000, sof + 7);
  const meta = await sharp(bomb, { limitInputPixels: false }).metadata();
  expect([meta.width, meta.height]).toEqual([20000, 20000]);

  const started = performance.now();
  const error = await expectRejected(bomb, 'too-large');
  expect(error.message).toContain('40 Megapixel');
  // Decoding 400 megapixels would take far longer; the margin is for a busy machine.
  expect(performance.now() - started).toBeLessThan(5_000);
});

test('refuses a file larger than 20 MB without decoding it', async () => {
  const huge = Buffer.alloc(MAX_INPUT_BYTES + 1);
  huge.set([0xff, 0xd8, 0xff, 0xe0]);
  await expectRejected(huge, 'too-large');
});

test('makes the share crops (1:1, 4:3, 16:9 and the 1200 × 630 preview) as JPEGs 1200 px wide where the photo allows', async () => {
  const sizes = async (width: number, height: number) => {
    const { crops } = await processJpeg(await photo(width, height));
    const result: Record<string, string> = {};
    for (const crop of crops) {
      const meta = await sharp(crop.data).metadata();
      expect(meta.format).toBe('jpeg');
      expect([meta.width, meta.height]).toEqual([crop.width, crop.height]);
      result[crop.name] = `${crop.width}x${crop.height}`;
    }
    return result;
  };
  expect(await sizes(2000, 1500)).toEqual({ '1x1': '1200x1200', '4x3': '1200x900', '16x9': '1200x675', og: '1200x630' });
  // A 3:2 landscape photo is decoded a little wider than 1600 px, so that its square crop is still 1200 px.
  expect(await sizes(3000, 2000)).toEqual({ '1x1': '1200x1200', '4x3': '1200x900', '16x9': '1200x675', og: '1200x630' });
  expect(await sizes(1500, 2000)).toEqual({ '1x1': '1200x1200', '4x3': '1200x900', '16x9': '1200x675', og: '1200x630' });
  // A small photo: as large as it allows, never enlarged.
  expect(await sizes(1000, 700)).toEqual({ '1x1': '700x700', '4x3': '933x700', '16x9': '1000x563', og: '1000x525' });
});
