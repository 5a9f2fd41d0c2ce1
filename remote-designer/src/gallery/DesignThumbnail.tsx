import { memo, useState } from 'react';
import { DEFAULT_SHIRT_COLOR, artworkUrlForShirt, storeUrl, type ShirtColor } from '@tshirt/shared';
import { useKeptDrawing } from '../artwork-cache/artworkCache';
import styles from './DesignGallery.module.css';

/** Thumbnail size in CSS pixels: fixed, so lazy images never shift the row. 3:4 like the print area. */
export const THUMBNAIL_SIZE = { width: 132, height: 176 } as const;

interface DesignThumbnailProps {
  imageUrl: string;
  /** The shirt the tile shows: the design is drawn for it, as the big preview draws it. */
  shirt: ShirtColor;
  wanted: boolean;
}

/**
 * A design image, drawn for the tile's shirt colour and asked for only once `wanted`
 * (./useImagesWanted.ts): until then the tile shows its fabric, and a page without scripts its
 * `<noscript>` copy. If it cannot load, a quiet placeholder keeps the tile tidy.
 */
export const DesignThumbnail = memo(function DesignThumbnail({
  imageUrl,
  shirt,
  wanted,
}: DesignThumbnailProps) {
  const [failedUrl, setFailedUrl] = useState('');
  // The plain artwork is its drawing for the default shirt (the address the page's markup names).
  const shirtUrl = shirt === DEFAULT_SHIRT_COLOR ? imageUrl : artworkUrlForShirt(imageUrl, shirt);
  // The preview's drawings are kept by the same address: when the page has it, no request.
  const kept = useKeptDrawing(artworkUrlForShirt(imageUrl, shirt));
  if (failedUrl === imageUrl) {
    return (
      <svg className={styles.placeholder} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          d="M4 5.5A1.5 1.5 0 015.5 4h13A1.5 1.5 0 0120 5.5v13a1.5 1.5 0 01-1.5 1.5h-13A1.5 1.5 0 014 18.5v-13zM4 16l4.5-4.5 3.5 3.5 2.5-2.5L20 18M15 9.5a1.5 1.5 0 100-3 1.5 1.5 0 000 3z"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
          strokeLinejoin="round"
        />
      </svg>
    );
  }
  const image = (src?: string) => (
    <img
      className={styles.thumbnail}
      src={src}
      alt=""
      width={THUMBNAIL_SIZE.width}
      height={THUMBNAIL_SIZE.height}
      loading="lazy"
      decoding="async"
      onError={() => setFailedUrl(imageUrl)}
    />
  );
  if (kept || wanted) return image(kept ?? storeUrl(shirtUrl));
  return (
    <>
      {image()}
      <noscript>{image(storeUrl(shirtUrl))}</noscript>
    </>
  );
});
