import {
  useDeferredValue,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
} from 'react';
import {
  SHIRT_COLOR_HEX,
  orderStore,
  useOrderState,
  type DesignGalleryProps,
} from '@tshirt/shared';
import { pickGeneratedDesign, useGeneratedDesigns } from '../design-history/generatedDesigns';
import { useGenerationUnderWay } from '../generation-progress/generationProgress';
import { scrollPageToTop } from '../page-scroll/scrollPageToTop';
import { usePreviewPainted } from '../shirt-preview/previewPainted';
import { DesignThumbnail } from './DesignThumbnail';
import { useImagesWanted } from './useImagesWanted';
import { galleryItems, type GalleryItem } from './galleryItems';
import styles from './DesignGallery.module.css';

const NEXT_KEYS = new Set(['ArrowRight', 'ArrowDown']);
const PREVIOUS_KEYS = new Set(['ArrowLeft', 'ArrowUp']);

/** The horizontally scrolling row of designs; pick one to put it on the shirt, pick it again to take it off. */
export default function DesignGallery(_props: DesignGalleryProps) {
  const headingId = useId();
  const hintId = useId();
  const generated = useGeneratedDesigns();
  const currentArtworkUrl = useOrderState((state) => state.currentArtworkUrl);
  // The tiles, whose drawings are fetched per shirt colour, follow a new colour once the preview
  // has painted the art for it: the art on the shirt comes first, with nothing asked of the server.
  const chosenShirt = useOrderState((state) => state.shirtColor);
  const previewPainted = usePreviewPainted(currentArtworkUrl, chosenShirt);
  const [followedShirt, setFollowedShirt] = useState(chosenShirt);
  if (previewPainted && followedShirt !== chosenShirt) setFollowedShirt(chosenShirt);
  const shirtColor = useDeferredValue(followedShirt);
  // A design just generated joins the row once it is on the shirt: the row's tiles all move then,
  // and each tile's drawing is painted again, which must not hold back the art on the shirt.
  const [shownGenerated, setShownGenerated] = useState(generated);
  if (previewPainted && shownGenerated !== generated) setShownGenerated(generated);
  const items = useMemo(() => galleryItems(shownGenerated), [shownGenerated]);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const row = useRef<HTMLDivElement>(null);
  // Nor do their first requests stand in the way of a generated artwork on its way to the shirt.
  const generating = useGenerationUnderWay();
  const imagesWanted = useImagesWanted(row, generating || !previewPainted);

  // A new design joins the row at its start: show it there. Left alone, the browser keeps the
  // design it showed before in place (scroll snapping), and the new one out of sight to the left.
  const newestGeneratedUrl = shownGenerated.at(-1)?.imageUrl;
  useEffect(() => {
    if (newestGeneratedUrl !== undefined && row.current) row.current.scrollLeft = 0;
  }, [newestGeneratedUrl]);

  // Roving tabindex: one design is in the tab order; arrow keys move between them.
  const [focusableUrl, setFocusableUrl] = useState<string | null>(null);
  const tabStopUrl =
    items.find((item) => item.imageUrl === focusableUrl)?.imageUrl ??
    items.find((item) => item.imageUrl === currentArtworkUrl)?.imageUrl ??
    items[0]?.imageUrl;

  const select = (item: GalleryItem) => {
    setFocusableUrl(item.imageUrl);
    // An earlier design of this visit goes back on with its prompt; picking the one on the
    // shirt follows the rule of every design.
    if (item.kind === 'generated' && item.imageUrl !== currentArtworkUrl) pickGeneratedDesign(item);
    else orderStore.selectDesign(item.imageUrl);
    scrollPageToTop();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    let target: number;
    if (NEXT_KEYS.has(event.key)) target = (index + 1) % items.length;
    else if (PREVIOUS_KEYS.has(event.key)) target = (index - 1 + items.length) % items.length;
    else if (event.key === 'Home') target = 0;
    else if (event.key === 'End') target = items.length - 1;
    else return;
    event.preventDefault();
    const next = items[target];
    if (!next) return;
    setFocusableUrl(next.imageUrl);
    buttons.current.get(next.imageUrl)?.focus();
  };

  return (
    <section className={styles.gallery}>
      <div className={styles.header}>
        <h2 id={headingId} className={styles.heading}>
          Designs
        </h2>
        <p id={hintId} className={styles.hint}>
          Pick one for your shirt; pick it again to take it off.
        </p>
      </div>
      <div
        ref={row}
        className={styles.row}
        role="group"
        aria-labelledby={headingId}
        aria-describedby={hintId}
        style={{ '--tile-fabric': SHIRT_COLOR_HEX[shirtColor] } as CSSProperties}
      >
        {items.map((item, index) => {
          const selected = item.imageUrl === currentArtworkUrl;
          return (
            <button
              key={item.imageUrl}
              ref={(element) => {
                if (element) buttons.current.set(item.imageUrl, element);
                else buttons.current.delete(item.imageUrl);
              }}
              type="button"
              className={styles.design}
              aria-pressed={selected}
              tabIndex={item.imageUrl === tabStopUrl ? 0 : -1}
              data-kind={item.kind}
              onClick={() => select(item)}
              onKeyDown={(event) => onKeyDown(event, index)}
              onFocus={() => setFocusableUrl(item.imageUrl)}
            >
              <span className={styles.tile}>
                <DesignThumbnail
                  imageUrl={item.imageUrl}
                  shirt={shirtColor}
                  wanted={imagesWanted}
                />
                {item.kind === 'generated' && (
                  <span className={styles.badgeNew} aria-hidden="true">
                    AI
                  </span>
                )}
                <span className={styles.check} aria-hidden="true">
                  <svg viewBox="0 0 20 20" focusable="false">
                    <path
                      d="M5 10.5l3.2 3.2L15 7"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="2.4"
                      strokeLinecap="round"
                      strokeLinejoin="round"
                    />
                  </svg>
                </span>
              </span>
              <span className={styles.title}>{item.title}</span>
            </button>
          );
        })}
      </div>
    </section>
  );
}
