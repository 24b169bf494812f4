// Turns an uploaded JPEG into the renditions the pages use. The original is
// never kept: sharp re-encodes it, so EXIF (GPS position included) is gone.
import sharp, { type OutputInfo } from 'sharp';

export const RENDITION_WIDTHS = [480, 960, 1600] as const;
export const IMAGE_FORMATS = ['avif', 'webp', 'jpg'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/** About 40 megapixels: enough for any camera, small enough to decode safely. */
export const MAX_INPUT_PIXELS = 40_000_000;

export class ImageRejectedError extends Error {
  override name = 'ImageRejectedError';
}

export type Rendition = { width: number; format: ImageFormat; data: Buffer };
export type ProcessedImage = { width: number; height: number; color: string; renditions: Rendition[] };

/** JPEG files start with SOI (FF D8) followed by a marker (FF). */
export function isJpegSignature(data: Uint8Array) {
  return data.length > 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff;
}

export async function processJpeg(input: Buffer): Promise<ProcessedImage> {
  // Checked before any decoder sees the bytes: sharp would happily decode
  // SVG, PNG and more, and "only JPEG" is the rule.
  if (!isJpegSignature(input)) throw new ImageRejectedError('Nur JPEG-Bilder (.jpg) sind erlaubt.');

  const source = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
  let rotated: { data: Buffer; info: OutputInfo };
  try {
    const meta = await source.metadata();
    if (meta.format !== 'jpeg') throw new ImageRejectedError('Nur JPEG-Bilder (.jpg) sind erlaubt.');
    // Apply the EXIF orientation once; everything below works on upright pixels.
    rotated = await source.rotate().toBuffer({ resolveWithObject: true });
  } catch (error) {
    if (error instanceof ImageRejectedError) throw error;
    const message = String((error as Error).message);
    if (/pixel limit/i.test(message)) {
      throw new ImageRejectedError('Das Bild ist zu gross (höchstens 40 Megapixel).');
    }
    throw new ImageRejectedError('Das Bild ist beschädigt oder kein gültiges JPEG.');
  }

  const { width, height } = rotated.info;
  const { dominant } = await sharp(rotated.data).stats();
  const color = `#${[dominant.r, dominant.g, dominant.b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;

  const widths = RENDITION_WIDTHS.filter((w) => w <= width);
  if (widths.length === 0) widths.push(width as (typeof RENDITION_WIDTHS)[number]);

  const renditions: Rendition[] = [];
  for (const w of widths) {
    const resized = sharp(rotated.data).resize({ width: w, withoutEnlargement: true });
    renditions.push(
      { width: w, format: 'avif', data: await resized.clone().avif({ quality: 55, effort: 2 }).toBuffer() },
      { width: w, format: 'webp', data: await resized.clone().webp({ quality: 78 }).toBuffer() },
      { width: w, format: 'jpg', data: await resized.clone().jpeg({ quality: 80, mozjpeg: true }).toBuffer() },
    );
  }
  return { width, height, color, renditions };
}
