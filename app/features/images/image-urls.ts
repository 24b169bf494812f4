// Image addresses, shared by server and browser. Renditions are immutable
// (a new upload gets a new id), so they can be cached for a year.

export type ImageRef = { id: string; widths: number[]; width: number; height: number; color: string };

export function imageKey(id: string, width: number, format: 'avif' | 'webp' | 'jpg') {
  return `images/${id}/${width}.${format}`;
}

export function imageUrl(id: string, width: number, format: 'avif' | 'webp' | 'jpg') {
  return `/${imageKey(id, width, format)}`;
}

export function imageSrcSet(image: ImageRef, format: 'avif' | 'webp' | 'jpg') {
  return image.widths.map((w) => `${imageUrl(image.id, w, format)} ${w}w`).join(', ');
}

/** The largest rendition as JPEG: for share previews and the fallback src. */
export function largestJpeg(image: ImageRef) {
  return imageUrl(image.id, Math.max(...image.widths), 'jpg');
}
