/**
 * Art on the shirt before the preview's code runs: the early handler lays the drawing that came
 * with the generation's answer over the preview's print area (`data-print-area`), as a sibling of
 * the part's React root so hydration never meets it; the preview removes it once it shows the art
 * itself. Designer-owned both ways: only the designer's markup and script know it.
 */
import { PART_ATTRIBUTES } from '@tshirt/shared/contract';
import { PART_LIVE } from '@tshirt/shared/pageStart';
import { svgSource } from '../artwork-cache/svgSource';

export const EARLY_ART_ATTRIBUTE = 'data-early-art';
const PREVIEW_PART = 'designer/ShirtPreview';

/**
 * Lays `svg` over the print area of the preview part when that part is on the page and not yet
 * live; does nothing otherwise (the part shows the art itself once live).
 */
export function paintEarlyArt(svg: string, alt: string, doc: Document = document): void {
  const part = doc.querySelector(`[${PART_ATTRIBUTES.part}="${PREVIEW_PART}"]`);
  const area = part?.querySelector('[data-print-area]');
  if (!part || !area || part.getAttribute(PART_ATTRIBUTES.state) === PART_LIVE) return;
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
}

export function removeEarlyArt(doc: Document = document): void {
  for (const image of doc.querySelectorAll(`[${EARLY_ART_ATTRIBUTE}]`)) image.remove();
}
