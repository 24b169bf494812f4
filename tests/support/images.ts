// Test pictures made on the spot: nothing comes from outside the test.
import sharp from 'sharp';

/** A photo-like JPEG: deterministic noise, so it compresses like a real picture. */
export async function photo(width: number, height: number) {
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  return sharp(noise, { raw: { width, height, channels: 3 } }).jpeg({ quality: 85 }).toBuffer();
}
