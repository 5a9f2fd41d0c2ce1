import { useEffect, useId, useRef, useState, type CSSProperties } from 'react';
import {
  SHIRT_COLOR_HEX,
  artworkUrlForShirt,
  isShirtAwareArtwork,
  storeUrl,
  describeArtwork,
  useOrderState,
  type ShirtPreviewProps,
} from '@tshirt/shared';
import { prefetchEveryShirt, useKeptDrawing } from '../artwork-cache/artworkCache';
import { whenPainted } from '../artwork-cache/whenPainted';
import { removeEarlyArt } from '../early-generate/earlyArt';
import { useGenerationProgress } from '../generation-progress/generationProgress';
import { fabricToneFor } from './fabricTone';
import InkAdvice from './InkAdvice';
import { previewHasPainted, usePreviewOnPage } from './previewPainted';
import { useArtworkAdvice } from './useArtworkAdvice';
import { PREVIEW_VIEWBOX, silhouetteFor, type PrintArea } from './shirtSilhouettes';
import styles from './ShirtPreview.module.css';

const VIEWBOX = `0 0 ${PREVIEW_VIEWBOX.width} ${PREVIEW_VIEWBOX.height}`;

/** Where the print area sits, as percentages of the frame, so the artwork scales with the picture. */
function printAreaBox(area: PrintArea): CSSProperties {
  return {
    left: `${(area.x / PREVIEW_VIEWBOX.width) * 100}%`,
    top: `${(area.y / PREVIEW_VIEWBOX.height) * 100}%`,
    width: `${(area.width / PREVIEW_VIEWBOX.width) * 100}%`,
    height: `${(area.height / PREVIEW_VIEWBOX.height) * 100}%`,
  };
}

/** Just under the print area, where the caption about the drawing sits. */
function belowPrintArea(area: PrintArea): CSSProperties {
  return { top: `${((area.y + area.height) / PREVIEW_VIEWBOX.height) * 100 + 2}%` };
}

export const DRAWING_ALT = 'Your artwork, still being drawn';
export const DRAWING_CAPTION = 'Drawing your artwork…';

/**
 * The shirt in the chosen colour and style, with the current artwork in its print area; while an
 * image model draws, its latest partial picture in place of the artwork.
 */
export default function ShirtPreview({ className }: ShirtPreviewProps) {
  const shirtColor = useOrderState((state) => state.shirtColor);
  const shirtStyle = useOrderState((state) => state.shirtStyle);
  const artworkUrl = useOrderState((state) => state.currentArtworkUrl);
  const artworkDescription = useOrderState(describeArtwork);
  const { drawing, partial, previousPartial, handedOver } = useGenerationProgress();
  const [failedArtworkUrl, setFailedArtworkUrl] = useState('');
  /** The artwork `src` the browser has loaded: two shirts' drawings may be the very same. */
  const [loadedSrc, setLoadedSrc] = useState('');
  /** The artwork `src` on screen: loaded, decoded and painted. */
  const [paintedSrc, setPaintedSrc] = useState('');
  const advice = useArtworkAdvice(artworkUrl);
  // The artwork as drawn for this shirt colour: its ink keeps 3:1 contrast against the fabric.
  const shownUrl = artworkUrlForShirt(artworkUrl, shirtColor);
  // Drawn already (with the generation's answer, or fetched while the page was idle): no request.
  const keptDrawing = useKeptDrawing(shownUrl);
  const artworkSrc = keptDrawing ?? storeUrl(shownUrl);
  const shownLoaded = loadedSrc === artworkSrc;
  const shownPainted = paintedSrc === artworkSrc;
  // Once the artwork shows, its drawings for the other shirts are fetched while the page is idle.
  useEffect(
    () => (shownPainted ? prefetchEveryShirt(artworkUrl, shirtColor) : undefined),
    [artworkUrl, shirtColor, shownPainted],
  );
  // The gallery's tiles follow a new shirt colour once the art on the shirt shows it (or cannot).
  usePreviewOnPage();
  const settled = shownPainted || failedArtworkUrl === shownUrl;
  useEffect(() => {
    if (settled) previewHasPainted(artworkUrl, shirtColor);
  }, [settled, artworkUrl, shirtColor]);
  // The art the early handler painted before the designer could show it gives way to the part's
  // own, and to another shirt (it was drawn for the shirt of the tap).
  const showsArtwork = shownLoaded && artworkUrl !== '';
  useEffect(() => {
    if (showsArtwork) removeEarlyArt();
  }, [showsArtwork]);
  const shirtShown = useRef(`${shirtColor} ${shirtStyle}`);
  useEffect(() => {
    const shirt = `${shirtColor} ${shirtStyle}`;
    if (shirtShown.current !== shirt) removeEarlyArt();
    shirtShown.current = shirt;
  }, [shirtColor, shirtStyle]);
  // The drawing's last partial stays under its final image until that image has loaded.
  const keptPartial =
    handedOver?.imageUrl === artworkUrl && failedArtworkUrl !== shownUrl
      ? handedOver.partialImage
      : undefined;

  // Gradient and clip ids must be unique when several previews share a page.
  const idPrefix = `shirt${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  const ids = {
    clip: `${idPrefix}-clip`,
    sideShade: `${idPrefix}-side`,
    lightFall: `${idPrefix}-light`,
    blur: `${idPrefix}-blur`,
    knit: `${idPrefix}-knit`,
  };

  const fabric = SHIRT_COLOR_HEX[shirtColor];
  const tone = fabricToneFor(fabric);
  const silhouette = silhouetteFor(shirtStyle);
  const rootClassName = className ? `${styles.preview} ${className}` : styles.preview;
  const printArea = printAreaBox(silhouette.printArea);
  // Backed by the bare fabric, so nothing beneath shows through a picture's transparent parts.
  const coveringPrintArea: CSSProperties = { ...printArea, backgroundColor: fabric };

  return (
    <div className={rootClassName} data-shirt-style={shirtStyle} data-shirt-color={shirtColor}>
      <div className={styles.canvas}>
        {/* Where the print area is, for the early handler to paint art before this part is live. */}
        <div className={styles.printArea} style={printArea} data-print-area aria-hidden="true" />
        <svg
          className={styles.layer}
          viewBox={VIEWBOX}
          role="img"
          aria-label={`${shirtColor} ${shirtStyle} t-shirt preview`}
          preserveAspectRatio="xMidYMid meet"
        >
          <ellipse className={styles.floorShadow} cx="250" cy={silhouette.floorY} rx="160" ry="8" />
          <path className={styles.fabric} d={silhouette.neckOpening} fill={fabric} />
          <path d={silhouette.neckOpening} fill="#000" opacity={tone.insideOpacity} />
          <path
            className={styles.fabric}
            data-part="body"
            d={silhouette.outline}
            fill={fabric}
            stroke={tone.edge}
            strokeWidth="1.5"
            strokeLinejoin="round"
          />
          <path
            className={styles.fabric}
            d={silhouette.neckline}
            fill="none"
            stroke={fabric}
            strokeWidth="9"
          />
          <path d={silhouette.neckline} fill="none" stroke={tone.edge} strokeWidth="1.5" />
          <path
            d={silhouette.neckline}
            fill="none"
            stroke={tone.stitch}
            strokeWidth="1.2"
            strokeDasharray="3 3"
            transform="translate(0 6)"
          />
          <path
            d={silhouette.hemStitches}
            fill="none"
            stroke={tone.stitch}
            strokeWidth="1.2"
            strokeDasharray="3 3"
          />
        </svg>

        {keptPartial !== undefined && (
          <img className={styles.artwork} style={coveringPrintArea} src={keptPartial} alt="" />
        )}

        {artworkUrl !== '' && (
          <img
            key={artworkUrl}
            className={styles.artwork}
            style={keptPartial === undefined ? printArea : coveringPrintArea}
            src={artworkSrc}
            alt={artworkDescription}
            // A kept drawing is decoded already: painted in the same frame as the colour change.
            decoding={keptDrawing === undefined ? 'async' : 'sync'}
            data-arrival={keptPartial === undefined ? undefined : shownLoaded ? 'shown' : 'loading'}
            // The shirt colour the shown artwork was drawn for (its ink fitted to that fabric); a
            // kept drawing is in place once set (a `data:` URL needs no load to wait for).
            data-drawn-for={
              (shownLoaded || keptDrawing !== undefined) && isShirtAwareArtwork(artworkUrl)
                ? shirtColor
                : undefined
            }
            data-load-failed={failedArtworkUrl === shownUrl || undefined}
            onLoad={(event) => {
              setLoadedSrc(artworkSrc);
              whenPainted(event.currentTarget, () => setPaintedSrc(artworkSrc));
            }}
            onError={() => setFailedArtworkUrl(shownUrl)}
          />
        )}

        {/* Each partial picture fades in over the one before (the first over the artwork). */}
        {[previousPartial, partial].map(
          (picture) =>
            picture !== undefined && (
              <img
                key={picture.index}
                className={`${styles.artwork} ${styles.partial}`}
                style={coveringPrintArea}
                src={picture.image}
                alt={picture === partial ? DRAWING_ALT : ''}
              />
            ),
        )}

        {/* Drawn over the artwork too, so folds and light fall across the print as on real fabric. */}
        <svg className={styles.layer} viewBox={VIEWBOX} aria-hidden="true" focusable="false">
          <defs>
            <clipPath id={ids.clip}>
              <path d={silhouette.outline} />
            </clipPath>
            <linearGradient id={ids.sideShade} x1="0" x2="1" y1="0" y2="0">
              <stop offset="0" stopColor="#000" stopOpacity={0.32 * tone.shadowOpacity} />
              <stop offset="0.2" stopColor="#000" stopOpacity="0" />
              <stop offset="0.38" stopColor="#fff" stopOpacity={0.09 * tone.highlightOpacity} />
              <stop offset="0.62" stopColor="#fff" stopOpacity="0" />
              <stop offset="0.8" stopColor="#000" stopOpacity="0" />
              <stop offset="1" stopColor="#000" stopOpacity={0.36 * tone.shadowOpacity} />
            </linearGradient>
            <linearGradient id={ids.lightFall} x1="0" x2="0" y1="0" y2="1">
              <stop offset="0" stopColor="#fff" stopOpacity={0.1 * tone.highlightOpacity} />
              <stop offset="0.35" stopColor="#fff" stopOpacity="0" />
              <stop offset="0.8" stopColor="#000" stopOpacity="0" />
              <stop offset="1" stopColor="#000" stopOpacity={0.12 * tone.shadowOpacity} />
            </linearGradient>
            <filter id={ids.blur} x="-20%" y="-20%" width="140%" height="140%">
              <feGaussianBlur stdDeviation="7" />
            </filter>
            <filter id={ids.knit} x="0" y="0" width="100%" height="100%">
              <feTurbulence
                type="fractalNoise"
                baseFrequency="0.85"
                numOctaves="2"
                seed="7"
                result="noise"
              />
              <feColorMatrix
                in="noise"
                type="matrix"
                values="0 0 0 0 0.5  0 0 0 0 0.5  0 0 0 0 0.5  0 0 0 0.09 0"
              />
            </filter>
          </defs>
          <g clipPath={`url(#${ids.clip})`}>
            <rect width="100%" height="100%" filter={`url(#${ids.knit})`} />
            <rect width="100%" height="100%" fill={`url(#${ids.sideShade})`} />
            <rect width="100%" height="100%" fill={`url(#${ids.lightFall})`} />
            <path
              d={silhouette.folds}
              fill="none"
              stroke="#000"
              strokeOpacity={tone.foldOpacity}
              strokeWidth="14"
              strokeLinecap="round"
              filter={`url(#${ids.blur})`}
            />
            <path
              d={silhouette.folds}
              fill="none"
              stroke="#fff"
              strokeOpacity={0.12 * tone.highlightOpacity}
              strokeWidth="6"
              strokeLinecap="round"
              transform="translate(-7 -4)"
              filter={`url(#${ids.blur})`}
            />
          </g>
        </svg>

        {drawing && (
          <p
            className={styles.drawingCaption}
            style={belowPrintArea(silhouette.printArea)}
            role="status"
          >
            {partial !== undefined ? DRAWING_CAPTION : ''}
          </p>
        )}
      </div>
      {artworkUrl !== '' && advice && <InkAdvice advice={advice} shirtColor={shirtColor} />}
    </div>
  );
}
