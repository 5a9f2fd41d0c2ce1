/**
 * Art on the shirt before the designer's code can show it: the early handler lays the drawing that
 * came with the generation's answer over the preview's print area (`data-print-area`), as a
 * sibling of the part's React root so hydration and the preview's renders never meet it; the
 * preview removes it once it shows the art itself, or when the shirt changes. Designer-owned both
 * ways: only the designer's markup and script know it.
 */
import { PART_ATTRIBUTES } from '@tshirt/shared/contract';
import { PART_LIVE } from '@tshirt/shared/pageStart';
import { svgSource } from '../artwork-cache/svgSource';

export const EARLY_ART_ATTRIBUTE = 'data-early-art';
const PREVIEW_PART = `[${PART_ATTRIBUTES.part}="designer/ShirtPreview"]`;
export const ART_FORM_PART = `[${PART_ATTRIBUTES.part}="designer/ArtForm"]`;

function isLive(part: Element | null): boolean {
  return part?.getAttribute(PART_ATTRIBUTES.state) === PART_LIVE;
}

/**
 * Lays `svg` over the print area of the preview part while either the preview or the art form is
 * not live yet: the art reaches the preview through the art form, which adopts the answer only
 * once live and handed the held tap (often well after the answer, while the page still hydrates).
 * Does nothing when both are live (the preview shows the art itself) or the page has no preview.
 * Returns the image laid, if any.
 */
export function paintEarlyArt(
  svg: string,
  alt: string,
  doc: Document = document,
): HTMLImageElement | undefined {
  const part = doc.querySelector(PREVIEW_PART);
  const area = part?.querySelector('[data-print-area]');
  const artForm = doc.querySelector(ART_FORM_PART);
  if (!part || !area || (isLive(part) && isLive(artForm))) return undefined;
  removeEarlyArt(doc);
  const image = doc.createElement('img');
  image.setAttribute(EARLY_ART_ATTRIBUTE, '');
  image.alt = alt;
  image.decoding = 'sync';
  const style = image.style;
  style.position = 'absolute';
  style.objectFit = 'contain';
  style.objectPosition = '50% 0';
  style.pointerEvents = 'none';
  style.visibility = 'hidden';
  part.appendChild(image);
  // Placed in the coordinates of whatever box the image is positioned in.
  const box = (image.offsetParent ?? doc.body).getBoundingClientRect();
  const target = area.getBoundingClientRect();
  style.left = `${target.left - box.left}px`;
  style.top = `${target.top - box.top}px`;
  style.width = `${target.width}px`;
  style.height = `${target.height}px`;
  image.src = svgSource(svg);
  style.visibility = '';
  return image;
}

export function removeEarlyArt(doc: Document = document): void {
  for (const image of doc.querySelectorAll(`[${EARLY_ART_ATTRIBUTE}]`)) image.remove();
}
