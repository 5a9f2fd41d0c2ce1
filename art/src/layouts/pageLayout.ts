/**
 * The whole page's composition, chosen per request and seed: where the picture sits, whether the
 * style frames it or the layout brings its own backdrop, and where the words go. Each style still
 * draws the subject, the backdrop and the letters its own way; a layout only places them.
 *
 * - framed: the style's own frame with the words under it (its scene may be an emblem or a row).
 * - poster: a headline block across the top, the framed picture under it, the smaller line last.
 * - stacked: no frame; the words stacked large, the subject standing over their first line.
 * - sunset: no frame; a striped sun disc and horizon behind the subject, the words under them.
 */
import type { Random } from '../random';
import { el, num, type Attributes } from '../svg';
import type { PartPainter } from '../styles/drawMotif';

export const PAGE_LAYOUTS = ['framed', 'poster', 'stacked', 'sunset'] as const;
export type PageLayoutName = (typeof PAGE_LAYOUTS)[number];

/** Where the headline goes and how large it may be set. */
export interface HeadlinePlace {
  top: number;
  height: number;
  width: number;
  maxSize: number;
  maxLines: number;
  align?: 'top' | 'middle' | 'bottom';
}

export interface Page {
  layout: PageLayoutName;
  /** Whether the style draws its frame (block, print, canvas, splat, hill); false: the subject stands on the shirt. */
  frame: boolean;
  /** Whether a layout backdrop (the sun disc) goes behind the subject. */
  sunset: boolean;
  /** Moves the picture (frame and subject) from the style's own place; '' leaves it there. */
  pictureTransform: string;
  /** The headline's place, or undefined for the style's own place under its picture. */
  headline?: HeadlinePlace;
  /** Where the smaller line goes, or undefined for right under the headline. */
  subline?: { top: number; bottom: number };
  /** The subject is drawn over the words (stacked type) rather than the words over the picture. */
  subjectOverWords: boolean;
  /**
   * The highest a scene grown to span the print area may reach, in the style's own place: clear of
   * the page's top edge once the picture is moved, and under a headline block.
   */
  sceneTop: number;
}

/** A grown scene's margin from the top edge of the print area. */
const TOP_MARGIN = 40;

/** How far stacked type raises the picture from the style's own place. */
const STACKED_RISE = -100;
/** The lowest stacked words may start: under a scene grown tall (a violin), they shrink to fit. */
const STACKED_WORDS_LOWEST_TOP = 1120;
/** The lowest line stacked words may end at, above their smaller line. */
const STACKED_WORDS_END = 1475;

const PAGES: Record<PageLayoutName, Page> = {
  framed: { layout: 'framed', frame: true, sunset: false, pictureTransform: '', subjectOverWords: false, sceneTop: TOP_MARGIN },
  poster: {
    layout: 'poster',
    frame: true,
    sunset: false,
    // The style's picture (about y 80–1100 in its own place) moved under the headline block.
    pictureTransform: 'translate(0 250)',
    headline: { top: 36, height: 280, width: 1100, maxSize: 250, maxLines: 2 },
    subline: { top: 1400, bottom: 1580 },
    subjectOverWords: false,
    // Under the headline block (it ends at 316 on the page, 250 lower than the style's own place).
    sceneTop: 330 - 250,
  },
  stacked: {
    layout: 'stacked',
    frame: false,
    sunset: false,
    // The subject raised, its feet over the top of the first line of words.
    pictureTransform: `translate(0 ${STACKED_RISE})`,
    headline: { top: 900, height: 575, width: 1100, maxSize: 300, maxLines: 4, align: 'top' },
    subline: { top: 1490, bottom: 1585 },
    subjectOverWords: true,
    sceneTop: TOP_MARGIN - STACKED_RISE,
  },
  sunset: { layout: 'sunset', frame: false, sunset: true, pictureTransform: '', subjectOverWords: false, sceneTop: TOP_MARGIN },
};

export function pageFor(layout: PageLayoutName): Page {
  return PAGES[layout];
}

/** The seed picks the layout: a re-generation may give another one. */
export function chooseLayout(random: Random): PageLayoutName {
  return random.pick(PAGE_LAYOUTS);
}

/** The picture moved to its place on the page. */
export function placePicture(page: Page, picture: string): string {
  return page.pictureTransform === '' ? picture : el('g', { transform: page.pictureTransform }, picture);
}

/** Picture and words in the order the layout stacks them. */
export function composePage(page: Page, picture: string, words: string): string {
  const placed = placePicture(page, picture);
  return page.subjectOverWords ? words + placed : placed + words;
}

/**
 * The headline's box and layout: the layout's place, else the style's own. Stacked words start
 * just above where the raised scene's drawings end (`sceneBottom`, in the style's own place), so
 * the subject stands over the top of the first line without hiding it, whatever the scene (a wide
 * sea reaches lower than a cat).
 */
export function headlinePlace<Layout extends { maxSize: number; maxLines: number }>(
  page: Page,
  box: { x: number; top: number; width: number; height: number },
  layout: Layout,
  sceneBottom = 0,
): { box: { x: number; top: number; width: number; height: number }; layout: Layout } {
  const place = page.headline;
  if (!place) return { box, layout };
  const top = page.layout === 'stacked' ? Math.min(STACKED_WORDS_LOWEST_TOP, Math.max(place.top, sceneBottom + STACKED_RISE - 20)) : place.top;
  const height = page.layout === 'stacked' ? STACKED_WORDS_END - top : place.height;
  return {
    box: { x: 600, top, width: place.width, height },
    layout: { ...layout, maxSize: place.maxSize, maxLines: place.maxLines, align: place.align ?? 'middle' },
  };
}

/**
 * Where the smaller line starts and how low it may reach, given where the style would put it (under
 * its headline and whatever underlines it): the layout's place, or lower if the headline reaches it.
 */
export function sublinePlace(page: Page, ownTop: number, ownBottom: number): { top: number; height: number } {
  const top = page.subline ? Math.max(page.subline.top, ownTop) : ownTop;
  const bottom = page.subline?.bottom ?? ownBottom;
  return { top, height: Math.max(40, bottom - top) };
}

/**
 * A die-cut border under a subject standing on the bare shirt: whatever colours the style paints it
 * in, its edge shows on the fabric.
 */
export function keylinePass(color: string, width: number): PartPainter {
  return (part) =>
    (part.opacity ?? 1) < 0.6
      ? null
      : {
          fill: part.stroke !== undefined ? 'none' : color,
          stroke: color,
          'stroke-width': (part.stroke ?? 0) + width,
          'stroke-linejoin': 'round',
          'stroke-linecap': 'round',
          opacity: undefined,
        };
}

/** The retro sun: its centre and radius, and the horizon under it. */
export const SUN = { x: 600, y: 570, r: 450 } as const;

/** One horizontal band of the sun disc between y1 and y2 (y1 < y2, both inside the disc). */
function discBand(y1: number, y2: number): string {
  const half = (y: number) => Math.sqrt(Math.max(0, SUN.r ** 2 - (y - SUN.y) ** 2));
  const [w1, w2] = [half(y1), half(y2)];
  return (
    `M${num(SUN.x - w1)} ${num(y1)}L${num(SUN.x + w1)} ${num(y1)}` +
    `A${SUN.r} ${SUN.r} 0 0 1 ${num(SUN.x + w2)} ${num(y2)}L${num(SUN.x - w2)} ${num(y2)}` +
    `A${SUN.r} ${SUN.r} 0 0 1 ${num(SUN.x - w1)} ${num(y1)}Z`
  );
}

/**
 * The sun disc as bands, top to bottom: solid above the middle, then cut by gaps that widen toward
 * the horizon; and the horizon's lines under it. `paint(index, count)` gives each band's attributes.
 */
export function sunsetBackdrop(paint: (index: number, count: number) => Attributes, horizon: Attributes): string {
  // The sun sets behind the horizon: the disc's last part is hidden under the ground line.
  const horizonY = SUN.y + SUN.r - 60;
  const bands: Array<[number, number]> = [[SUN.y - SUN.r + 2, SUN.y + 10]];
  let top = SUN.y + 10;
  for (let gap = 14; top < horizonY - 40; gap += 9) {
    const height = Math.max(24, 64 - gap);
    const start = top + gap;
    const end = Math.min(start + height, horizonY - 14);
    if (end - start < 18) break;
    bands.push([start, end]);
    top = end;
  }
  const lines = [
    el('rect', { x: 90, y: horizonY, width: 1020, height: 14, rx: 7, ...horizon }),
    el('rect', { x: 220, y: horizonY + 36, width: 760, height: 10, rx: 5, ...horizon }),
  ];
  return bands.map(([y1, y2], index) => el('path', { d: discBand(y1, y2), ...paint(index, bands.length) })).join('') + lines.join('');
}
