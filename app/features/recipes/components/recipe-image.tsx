import { preload } from 'react-dom';
import { imageSrcSet, largestJpeg, type ImageRef } from '../../images/image-urls.ts';
import styles from './recipe-image.module.css';

type Props = {
  image: ImageRef | null;
  alt: string;
  /** The `sizes` attribute: how wide the picture is shown at each breakpoint. */
  sizes: string;
  aspectRatio?: string;
  priority?: boolean;
};

/** Material's "Restaurant" icon, inline: the placeholder needs no icon component. */
const RESTAURANT_ICON_PATH = 'M11 9H9V2H7v7H5V2H3v7c0 2.12 1.66 3.84 3.75 3.97V22h2.5v-9.03C11.34 12.84 13 11.12 13 9V2h-2zm5-3v8h2.5v8H21V2c-2.76 0-5 2.24-5 4';

/**
 * Responsive picture (AVIF, WebP, JPEG), or a calm placeholder when there is
 * none. Static styles: it renders once per card. The picture's own colour
 * shows while it loads.
 */
export function RecipeImage({ image, alt, sizes, aspectRatio = '3 / 2', priority = false }: Props) {
  if (!image) {
    return (
      <span role="img" aria-label={`${alt} (noch kein Bild)`} className={`${styles.frame} ${styles.placeholder}`} style={{ aspectRatio }}>
        <svg className={styles.placeholderIcon} viewBox="0 0 24 24" aria-hidden focusable="false">
          <path d={RESTAURANT_ICON_PATH} />
        </svg>
      </span>
    );
  }
  if (priority) {
    // The page's largest picture (LCP): announced in <head>, so the browser
    // fetches it before it has parsed the page. AVIF only: every browser that
    // shows the AVIF source understands the type, the others skip the hint.
    preload(largestJpeg(image), {
      as: 'image',
      type: 'image/avif',
      imageSrcSet: imageSrcSet(image, 'avif'),
      imageSizes: sizes,
      fetchPriority: 'high',
    });
  }
  return (
    <picture className={styles.frame} style={{ aspectRatio, backgroundColor: image.color }}>
      <source type="image/avif" srcSet={imageSrcSet(image, 'avif')} sizes={sizes} />
      <source type="image/webp" srcSet={imageSrcSet(image, 'webp')} sizes={sizes} />
      <img
        className={styles.img}
        src={largestJpeg(image)}
        srcSet={imageSrcSet(image, 'jpg')}
        sizes={sizes}
        alt={alt}
        width={image.width}
        height={image.height}
        loading={priority ? 'eager' : 'lazy'}
        decoding="async"
        {...(priority ? { fetchPriority: 'high' as const } : {})}
      />
    </picture>
  );
}
