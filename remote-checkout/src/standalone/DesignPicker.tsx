import { useState } from 'react';
import {
  PREMADE_DESIGNS,
  describeArtwork,
  orderStore,
  storeUrl,
  useOrderState,
  type PremadeDesign,
} from '@tshirt/shared';
import styles from './Standalone.module.css';

/** Stand-in for the designer remote when checkout runs alone: put a pre-made design on the shirt. */
export function DesignPicker() {
  const currentArtworkUrl = useOrderState((state) => state.currentArtworkUrl);
  const artworkTitle = useOrderState(describeArtwork);
  const chosen = PREMADE_DESIGNS.find((design) => design.imagePath === currentArtworkUrl);

  return (
    <section className={styles.card} aria-labelledby="standalone-artwork-heading">
      <div className={styles.cardHeader}>
        <h2 id="standalone-artwork-heading" className={styles.cardTitle}>
          Artwork
        </h2>
        <button
          type="button"
          className={styles.textButton}
          disabled={currentArtworkUrl === ''}
          // Selecting the current design again takes it off (the shared selection rule).
          onClick={() => orderStore.selectDesign(currentArtworkUrl)}
        >
          Clear artwork
        </button>
      </div>

      <div className={styles.chosen}>
        {chosen ? (
          <DesignThumbnail design={chosen} size="large" />
        ) : (
          <span className={styles.emptyArtwork} aria-hidden="true">
            ?
          </span>
        )}
        <p className={styles.chosenText}>
          <span className={styles.chosenLabel}>On the shirt</span>
          <span>{artworkTitle || 'No artwork chosen yet'}</span>
        </p>
      </div>

      <ul className={styles.designList} aria-label="Pre-made designs">
        {PREMADE_DESIGNS.map((design) => (
          <li key={design.id}>
            <button
              type="button"
              className={styles.designButton}
              aria-pressed={design.imagePath === currentArtworkUrl}
              onClick={() => orderStore.selectDesign(design.imagePath)}
            >
              <DesignThumbnail design={design} size="small" />
              <span className={styles.designTitle}>{design.title}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

const PLACEHOLDER_HUES = [262, 18, 200, 330, 28, 350, 140, 230];

/** The design's image, or a coloured monogram when the shop server (which serves it) is not running. */
function DesignThumbnail({ design, size }: { design: PremadeDesign; size: 'small' | 'large' }) {
  const [failed, setFailed] = useState(false);
  const className = size === 'large' ? styles.thumbLarge : styles.thumb;
  if (failed) {
    const hue = PLACEHOLDER_HUES[PREMADE_DESIGNS.indexOf(design) % PLACEHOLDER_HUES.length] ?? 262;
    return (
      <span
        className={`${className} ${styles.monogram}`}
        style={{
          background: `linear-gradient(135deg, hsl(${hue} 70% 42%), hsl(${hue + 40} 70% 32%))`,
        }}
        aria-hidden="true"
      >
        {design.title
          .split(' ')
          .map((word) => word[0])
          .join('')}
      </span>
    );
  }
  return (
    <img
      className={className}
      src={storeUrl(design.imagePath)}
      alt=""
      onError={() => setFailed(true)}
    />
  );
}
