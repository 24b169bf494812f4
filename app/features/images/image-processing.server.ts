// Turns an uploaded JPEG into the renditions the pages use. The original is
// never kept: sharp re-encodes every rendition and writes no metadata, so
// EXIF (GPS position included), XMP and IPTC are gone.
import sharp, { type Sharp } from 'sharp';

export const RENDITION_WIDTHS = [480, 960, 1600] as const;
export const IMAGE_FORMATS = ['avif', 'webp', 'jpg'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/** About 40 megapixels: enough for any camera, small enough to decode safely. */
export const MAX_INPUT_PIXELS = 40_000_000;
/** Larger files are no photo a blog needs; the upload endpoint should stop reading there too. */
export const MAX_INPUT_BYTES = 20 * 1024 * 1024;

export type ImageRejection = 'not-jpeg' | 'too-large' | 'damaged';

const MESSAGES: Record<ImageRejection, string> = {
  'not-jpeg': 'Diese Datei ist kein JPEG-Bild. Bitte lade ein Foto im Format JPEG (.jpg) hoch.',
  'too-large': 'Das Bild ist zu gross: erlaubt sind höchstens 20 MB und 40 Megapixel.',
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
export type ProcessedImage = { width: number; height: number; color: string; renditions: Rendition[] };

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

/** Reads the header and decodes every pixel once: anything broken is refused here. */
async function inspect(source: Sharp) {
  try {
    const meta = await source.metadata();
    if (meta.format !== 'jpeg') throw new ImageRejectedError('not-jpeg');
    // The header is enough to refuse a "pixel bomb" before decoding it.
    if (meta.width * meta.height > MAX_INPUT_PIXELS) throw new ImageRejectedError('too-large');
    const { dominant } = await source.clone().stats();
    return { width: meta.autoOrient.width, height: meta.autoOrient.height, color: toHex([dominant.r, dominant.g, dominant.b]) };
  } catch (error) {
    if (error instanceof ImageRejectedError) throw error;
    if (/pixel limit/i.test(String((error as Error | undefined)?.message))) throw new ImageRejectedError('too-large');
    throw new ImageRejectedError('damaged');
  }
}

export async function processJpeg(input: Buffer): Promise<ProcessedImage> {
  if (input.length > MAX_INPUT_BYTES) throw new ImageRejectedError('too-large');
  // Checked before any decoder sees the bytes: sharp would happily decode
  // SVG, PNG and more, and "only JPEG" is the rule.
  if (!isJpegSignature(input)) throw new ImageRejectedError('not-jpeg');

  // autoOrient applies the EXIF orientation while decoding; everything below
  // works on upright pixels. failOn 'error' refuses truncated and corrupt
  // data but not the harmless warnings some cameras' files raise.
  const source = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', autoOrient: true });
  const { width, height, color } = await inspect(source);

  const renditions: Rendition[] = [];
  for (const w of renditionWidths(width)) {
    // Decode and resize once per width, then encode the three formats from
    // the same pixels. Output carries no metadata unless asked to (we never ask).
    const { data, info } = await source.clone().resize({ width: w }).raw().toBuffer({ resolveWithObject: true });
    const pixels = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
    renditions.push(
      { width: w, format: 'avif', data: await pixels().avif({ quality: 55, effort: 2 }).toBuffer() },
      { width: w, format: 'webp', data: await pixels().webp({ quality: 78 }).toBuffer() },
      { width: w, format: 'jpg', data: await pixels().jpeg({ quality: 80, mozjpeg: true }).toBuffer() },
    );
  }
  return { width, height, color, renditions };
}
