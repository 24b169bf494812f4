// Turns an uploaded JPEG into the renditions the pages use. The original is
// never kept: sharp re-encodes every rendition and writes no metadata, so
// EXIF (GPS position included), XMP and IPTC are gone.
import { open } from 'node:fs/promises';
import type sharpConstructor from 'sharp';
import type { Sharp } from 'sharp';
import { MAX_INPUT_BYTES } from './image-limits.ts';
import { SHARE_CROPS, type ShareCropName } from './image-urls.ts';

type Decoder = typeof sharpConstructor;
let decoder: Promise<Decoder> | undefined;

/**
 * sharp (libvips) is loaded with the first picture, not with the server (180 ms and 24 MB when
 * loaded alone): a blog whose readers only read never loads it.
 */
function loadDecoder() {
  decoder ??= import('sharp').then(({ default: sharp }: { default: Decoder }) => {
    // Every upload is a new picture: libvips' cache of recent operations (up to
    // 50 MB and 100 operations by default) would only hold on to memory.
    sharp.cache(false);
    return sharp;
  });
  return decoder;
}

export const RENDITION_WIDTHS = [480, 960, 1600] as const;
export const IMAGE_FORMATS = ['avif', 'webp', 'jpg'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/** About 40 megapixels: enough for any camera, small enough to decode safely. */
export const MAX_INPUT_PIXELS = 40_000_000;

/**
 * How many times longer one side may be than the other: a tall strip or a wide
 * panorama, but no sliver. Within it every rendition stays under 16,000 px
 * (1600 × 10), below what AVIF (16,384) and WebP (16,383) can write.
 */
export const MAX_ASPECT_RATIO = 10;

export type ImageRejection = 'not-jpeg' | 'too-large' | 'odd-shape' | 'damaged';

const MESSAGES: Record<ImageRejection, string> = {
  'not-jpeg': 'Diese Datei ist kein JPEG-Bild. Bitte lade ein Foto im Format JPEG (.jpg) hoch.',
  'too-large': 'Das Bild ist zu gross: erlaubt sind höchstens 20 MB und 40 Megapixel.',
  'odd-shape': `Das Bild ist zu lang und schmal: die längere Seite darf höchstens ${MAX_ASPECT_RATIO}-mal so lang sein wie die kürzere.`,
  damaged: 'Das Bild ist beschädigt oder unvollständig und kann nicht gelesen werden.',
};

/** A file the user can fix: the message is German and meant for them. */
export class ImageRejectedError extends Error {
  override name = 'ImageRejectedError';
  readonly reason: ImageRejection;
  constructor(reason: ImageRejection) {
    super(MESSAGES[reason]);
    this.reason = reason;
  }
}

export type Rendition = { width: number; format: ImageFormat; data: Buffer };
export type ShareCrop = { name: ShareCropName; width: number; height: number; data: Buffer };
export type ProcessedImage = { width: number; height: number; color: string; renditions: Rendition[]; crops: ShareCrop[] };

/** Share crops are at most this wide (Google asks for at least 1200 px; og:image is 1200 × 630). */
export const CROP_WIDTH = 1200;
/**
 * The widest the upload is decoded, so that a landscape photo still yields a
 * 1:1 crop 1200 px high (a 3:2 photo is decoded 1800 px wide, 16:9 2134 px).
 * Wider panoramas give smaller square crops rather than a bigger decode.
 */
const MAX_DECODE_WIDTH = 3200;

/** How wide the one decode is: the largest rendition, or wider where the square crop needs it. */
export function decodeWidth(source: { width: number; height: number }, largestRendition: number) {
  const forSquare = Math.min(MAX_DECODE_WIDTH, Math.ceil((CROP_WIDTH * source.width) / source.height));
  return Math.min(source.width, Math.max(largestRendition, CROP_WIDTH, forSquare));
}

/** A crop's size from pixels this large: the biggest centred area of its aspect ratio, at most CROP_WIDTH wide. */
export function cropSize(pixels: { width: number; height: number }, [a, b]: readonly [number, number]) {
  const areaWidth = Math.min(pixels.width, Math.floor((pixels.height * a) / b));
  const width = Math.max(1, Math.min(CROP_WIDTH, areaWidth));
  return { width, height: Math.max(1, Math.round((width * b) / a)) };
}

/** JPEG files start with SOI (FF D8) followed by a marker (FF). */
export function isJpegSignature(data: Uint8Array) {
  return data.length > 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff;
}

/** Rendition widths for a source this wide: the standard ones it can fill, else its own width. */
export function renditionWidths(sourceWidth: number): number[] {
  const widths = RENDITION_WIDTHS.filter((w) => w <= sourceWidth);
  return widths.length > 0 ? widths : [sourceWidth];
}

function toHex(channels: number[]) {
  return `#${channels.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * Encoder settings, chosen for upload time as much as for size (measured on a
 * 12 MP photo, 1600 px rendition, one core): AVIF at effort 0 takes about
 * 0.1 s where effort 2 took 0.8 s, for files a few per cent larger at the
 * same quality; WebP keeps libwebp's default effort; JPEG (the fallback and
 * the share preview) is progressive with mozjpeg's quantisation tables but
 * without trellis quantisation, 30 ms instead of 140 ms.
 */
const ENCODE = {
  avif: (image: Sharp) => image.avif({ quality: 55, effort: 0, chromaSubsampling: '4:2:0' }),
  webp: (image: Sharp) => image.webp({ quality: 78, effort: 4 }),
  jpg: (image: Sharp) => image.jpeg({ quality: 80, progressive: true, quantisationTable: 3, optimiseCoding: true }),
} satisfies Record<ImageFormat, (image: Sharp) => Sharp>;

type Pixels = { data: Buffer; width: number; height: number; channels: 1 | 2 | 3 | 4 };

function fromPixels(sharp: Decoder, pixels: Pixels) {
  return sharp(pixels.data, { raw: { width: pixels.width, height: pixels.height, channels: pixels.channels } });
}

async function toPixels(image: Sharp): Promise<Pixels> {
  const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

/** Height of a rendition `width` wide, from the upright source (the same for every format and step). */
function heightFor(width: number, source: { width: number; height: number }) {
  return Math.max(1, Math.round((width * source.height) / source.width));
}

/** What a decoder error means for the user: too many pixels, or a damaged file. */
function rejectionFor(error: unknown) {
  return new ImageRejectedError(/pixel limit/i.test(String((error as Error | undefined)?.message)) ? 'too-large' : 'damaged');
}

/** Reads the header only: refuses anything but a JPEG and "pixel bombs" before a pixel is decoded. */
async function inspect(source: Sharp) {
  const meta = await source.metadata().catch((error: unknown) => {
    throw rejectionFor(error);
  });
  if (meta.format !== 'jpeg') throw new ImageRejectedError('not-jpeg');
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw new ImageRejectedError('too-large');
  if (Math.max(meta.width, meta.height) > MAX_ASPECT_RATIO * Math.min(meta.width, meta.height)) throw new ImageRejectedError('odd-shape');
  return { width: meta.autoOrient.width, height: meta.autoOrient.height };
}

/**
 * The one decode of the upload, straight to the largest rendition: libjpeg
 * scales by 1/2, 1/4 or 1/8 while decoding where that width allows
 * (shrink-on-load), so a 12 MP photo never exists at full size in memory.
 * All the compressed data is still read, so damaged data is refused here.
 */
async function decodeLargest(source: Sharp, width: number, height: number) {
  try {
    return await toPixels(source.clone().resize({ width, height, fit: 'fill' }));
  } catch (error) {
    throw rejectionFor(error);
  }
}

/** The upload in memory, or in a file (the upload endpoint spools bodies to disk while they wait). */
export type JpegInput = Buffer | { path: string };

/** Size and first bytes, without reading a file into memory. */
async function peek(input: JpegInput) {
  if (Buffer.isBuffer(input)) return { size: input.length, start: input.subarray(0, 4) };
  const file = await open(input.path, 'r');
  try {
    const start = Buffer.alloc(4);
    const { bytesRead } = await file.read(start, 0, 4, 0);
    return { size: (await file.stat()).size, start: start.subarray(0, bytesRead) };
  } finally {
    await file.close();
  }
}

export async function processJpeg(input: JpegInput): Promise<ProcessedImage> {
  const { size: bytes, start } = await peek(input);
  if (bytes > MAX_INPUT_BYTES) throw new ImageRejectedError('too-large');
  // Checked before any decoder sees the bytes: sharp would happily decode
  // SVG, PNG and more, and "only JPEG" is the rule.
  if (!isJpegSignature(start)) throw new ImageRejectedError('not-jpeg');

  // autoOrient applies the EXIF orientation while decoding; everything below
  // works on upright pixels. failOn 'warning' refuses truncated and corrupt
  // data, including what libjpeg only warns about ("Corrupt JPEG data: bad
  // Huffman code") and would otherwise decode into garbage.
  const sharp = await loadDecoder();
  const source = sharp(Buffer.isBuffer(input) ? input : input.path, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning', autoOrient: true });
  const size = await inspect(source);

  // Largest first; each smaller rendition is resized from the pixels of the
  // previous one (cheap), never from the JPEG again. The decode may be wider
  // than the largest rendition when the share crops need it.
  const widths = renditionWidths(size.width);
  const largest = widths.at(-1)!;
  const fullWidth = decodeWidth(size, largest);
  const full = await decodeLargest(source, fullWidth, heightFor(fullWidth, size));
  const crops = await shareCrops(sharp, full);
  const pixels = new Map<number, Pixels>();
  let previous = fullWidth === largest ? full : await toPixels(fromPixels(sharp, full).resize({ width: largest, height: heightFor(largest, size), fit: 'fill' }));
  pixels.set(previous.width, previous);
  for (const w of widths.slice(0, -1).reverse()) {
    previous = await toPixels(fromPixels(sharp, previous).resize({ width: w, height: heightFor(w, size), fit: 'fill' }));
    pixels.set(w, previous);
  }
  // The dominant colour of the smallest rendition: the same colour, a
  // fraction of the work of counting every pixel of the original.
  const { dominant } = await fromPixels(sharp, previous).stats();
  const color = toHex([dominant.r, dominant.g, dominant.b]);

  const renditions: Rendition[] = [];
  for (const w of widths) {
    for (const format of IMAGE_FORMATS) {
      // Output carries no metadata unless asked to (we never ask).
      renditions.push({ width: w, format, data: await ENCODE[format](fromPixels(sharp, pixels.get(w)!)).toBuffer() });
    }
    pixels.delete(w); // done with these pixels
  }
  return { ...size, color, renditions, crops };
}

/**
 * The share crops, centred, from the decoded pixels: a cover resize cuts and
 * scales in one step. JPEG only: crawlers and link previews read JPEG.
 */
async function shareCrops(sharp: Decoder, full: Pixels): Promise<ShareCrop[]> {
  const crops: ShareCrop[] = [];
  for (const [name, aspect] of Object.entries(SHARE_CROPS) as Array<[ShareCropName, readonly [number, number]]>) {
    const { width, height } = cropSize(full, aspect);
    const data = await ENCODE.jpg(fromPixels(sharp, full).resize({ width, height, fit: 'cover', position: 'centre' })).toBuffer();
    crops.push({ name, width, height, data });
  }
  return crops;
}
