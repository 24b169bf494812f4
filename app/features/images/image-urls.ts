// Image addresses, shared by server and browser. Renditions are immutable
// (a new upload gets a new id), so they can be cached for a year.

/**
 * Share crops: JPEGs cut to the aspect ratios that search engines' recipe
 * results (1:1, 4:3, 16:9) and link previews (1200 × 630, og) ask for, at
 * most 1200 px wide, as large as the upload allows. Stored per image as
 * name → [width, height]; pictures uploaded before they existed have none.
 */
export const SHARE_CROPS = { '1x1': [1, 1], '4x3': [4, 3], '16x9': [16, 9], og: [40, 21] } as const;
export type ShareCropName = keyof typeof SHARE_CROPS;
export type ShareCrops = Partial<Record<ShareCropName, [number, number]>>;

export type ImageRef = { id: string; widths: number[]; width: number; height: number; color: string; crops?: ShareCrops | null };

export function imageKey(id: string, width: number, format: 'avif' | 'webp' | 'jpg') {
  return `images/${id}/${width}.${format}`;
}

export function imageUrl(id: string, width: number, format: 'avif' | 'webp' | 'jpg') {
  return `/${imageKey(id, width, format)}`;
}

export function imageSrcSet(image: ImageRef, format: 'avif' | 'webp' | 'jpg') {
  return image.widths.map((w) => `${imageUrl(image.id, w, format)} ${w}w`).join(', ');
}

export function cropKey(id: string, crop: ShareCropName) {
  return `images/${id}/${crop}.jpg`;
}

/** A share crop's address and size, or undefined when the picture has no such crop. */
export function shareCrop(image: ImageRef, crop: ShareCropName) {
  const size = image.crops?.[crop];
  return size ? { url: `/${cropKey(image.id, crop)}`, width: size[0], height: size[1] } : undefined;
}

/** The largest rendition as JPEG: for share previews and the fallback src. */
export function largestJpeg(image: ImageRef) {
  return imageUrl(image.id, Math.max(...image.widths), 'jpg');
}

/** The largest JPEG rendition with its own size (for previews of pictures that have no share crops). */
export function largestJpegWithSize(image: ImageRef) {
  const width = Math.max(...image.widths);
  return { url: largestJpeg(image), width, height: Math.max(1, Math.round((width * image.height) / image.width)) };
}
