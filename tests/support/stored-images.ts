// Test state written straight into the running app's database (the test app
// runs in-process, see test-app.ts), with real processed images.
import sharp from 'sharp';
import { storeImage } from '../../app/features/images/image-mutations.server.ts';

/** A real JPEG: a warm gradient with a "plate", so screenshots look plausible. */
export async function makeJpeg(width = 1200, height = 800, hue = 30) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><radialGradient id="g"><stop offset="0" stop-color="hsl(${hue},70%,70%)"/><stop offset="1" stop-color="hsl(${hue},40%,35%)"/></radialGradient></defs>
    <rect width="100%" height="100%" fill="hsl(${hue},25%,82%)"/>
    <circle cx="${width / 2}" cy="${height / 2}" r="${height / 2.6}" fill="#fafafa"/>
    <circle cx="${width / 2}" cy="${height / 2}" r="${height / 3.4}" fill="url(#g)"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

export async function createImage(userId: string | null, hue?: number) {
  return (await storeImage(await makeJpeg(1200, 800, hue), userId)).id;
}
