import RestaurantIcon from '@mui/icons-material/Restaurant';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { imageSrcSet, largestJpeg, type ImageRef } from '../../images/image-urls.ts';

type Props = {
  image: ImageRef | null;
  alt: string;
  /** The `sizes` attribute: how wide the picture is shown at each breakpoint. */
  sizes: string;
  aspectRatio?: string;
  priority?: boolean;
  sx?: SxProps<Theme>;
};

/** Responsive picture (AVIF, WebP, JPEG), or a calm placeholder when there is none. */
export function RecipeImage({ image, alt, sizes, aspectRatio = '3 / 2', priority = false, sx }: Props) {
  const frame = { aspectRatio, width: '100%', overflow: 'hidden', display: 'block', ...sx } as const;
  if (!image) {
    return (
      <Box
        role="img"
        aria-label={`${alt} (noch kein Bild)`}
        sx={{
          ...frame,
          display: 'grid',
          placeItems: 'center',
          color: 'secondary.main',
          background: 'radial-gradient(circle at 50% 45%, #fffdf8 0 34%, #efe7d8 35% 36%, #e6dccb 37%)',
        }}
      >
        <RestaurantIcon sx={{ fontSize: '3.5rem', opacity: 0.8 }} />
      </Box>
    );
  }
  return (
    <Box component="picture" sx={{ ...frame, bgcolor: image.color }}>
      <source type="image/avif" srcSet={imageSrcSet(image, 'avif')} sizes={sizes} />
      <source type="image/webp" srcSet={imageSrcSet(image, 'webp')} sizes={sizes} />
      <Box
        component="img"
        src={largestJpeg(image)}
        srcSet={imageSrcSet(image, 'jpg')}
        sizes={sizes}
        alt={alt}
        width={image.width}
        height={image.height}
        loading={priority ? 'eager' : 'lazy'}
        decoding="async"
        {...(priority ? { fetchPriority: 'high' as const } : {})}
        sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
      />
    </Box>
  );
}
