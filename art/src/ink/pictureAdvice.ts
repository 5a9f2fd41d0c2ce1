/**
 * The ink rule judged on a picture an image model drew: it prints as drawn, so instead of fitting
 * its colours to each shirt the advice names the colours of its outline that would barely show
 * there, and suggests the shirts on which the outline holds (see ArtworkShirtAdvice).
 */
import { SHIRT_COLOR_HEX, SHIRT_COLORS, type ShirtColor } from '@tshirt/shared/catalog';
import type { ArtworkShirtAdvice } from '@tshirt/shared/types';
import { hexToRgb, luminance, rgbToHex } from '../palette/color';
import { MIN_CONTRAST } from './contrast';
import { MIN_EDGE_SHARE } from './inkRule';

/**
 * The width of the copy pictureAdvice is meant to be given: the width measureInk renders the
 * engine's artwork at, so both judge outlines of the same thickness, in a few milliseconds.
 */
export const PICTURE_ADVICE_WIDTH = 300;

/** An RGBA raster, not premultiplied, row by row from the top left. */
export interface PictureRaster {
  width: number;
  height: number;
  pixels: Uint8Array;
}

/** Alpha from which a pixel counts as drawn; below it, as bare fabric. */
const VISIBLE_ALPHA = 128;
/** A colour is named when at least this share of the faint outline has it. */
const MIN_NAMED_SHARE = 0.1;
const MAX_NAMED_COLORS = 3;

/** Everyday colour names a shopper recognises, each at a typical shade. */
const PLAIN_COLORS: ReadonlyArray<readonly [name: string, hex: string]> = [
  ['black', '#141414'],
  ['charcoal', '#393b3f'],
  ['grey', '#808080'],
  ['light grey', '#c6c6c6'],
  ['white', '#fbfbfb'],
  ['cream', '#f4ebcf'],
  ['navy', '#1d2b55'],
  ['blue', '#2458c8'],
  ['sky blue', '#86c5ea'],
  ['teal', '#14817f'],
  ['green', '#2e8b3a'],
  ['olive', '#6f6f26'],
  ['yellow', '#ffdd33'],
  ['gold', '#cf9f1f'],
  ['orange', '#f2842a'],
  ['red', '#cf2230'],
  ['pink', '#f49bbd'],
  ['purple', '#7a3b9e'],
  ['brown', '#7a4a26'],
  ['tan', '#d2b48c'],
];

/** WCAG linear value of each 8-bit channel (a grey's luminance is its channels' linear value). */
const LINEAR = Float64Array.from({ length: 256 }, (_, value) =>
  luminance(rgbToHex(value, value, value)),
);

function linearLuminance(red: number, green: number, blue: number): number {
  return (
    0.2126 * (LINEAR[red] as number) +
    0.7152 * (LINEAR[green] as number) +
    0.0722 * (LINEAR[blue] as number)
  );
}

/** Oklab: distances in it roughly follow how different two colours look. */
function oklab(red: number, green: number, blue: number): [number, number, number] {
  const r = LINEAR[red] as number;
  const g = LINEAR[green] as number;
  const b = LINEAR[blue] as number;
  const l = Math.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b);
  const m = Math.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b);
  const s = Math.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b);
  return [
    0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s,
    1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s,
    0.0259040371 * l + 0.7827717662 * m - 0.808828747 * s,
  ];
}

const PLAIN_COLORS_OKLAB = PLAIN_COLORS.map(([, hex]) => oklab(...hexToRgb(hex)));

/** The index in PLAIN_COLORS of the everyday name nearest to a colour. */
function plainColorIndex(red: number, green: number, blue: number): number {
  const [l, a, b] = oklab(red, green, blue);
  let best = 0;
  let bestDistance = Infinity;
  PLAIN_COLORS_OKLAB.forEach(([pl, pa, pb], index) => {
    const distance = (l - pl) ** 2 + (a - pa) ** 2 + (b - pb) ** 2;
    if (distance < bestDistance) {
      best = index;
      bestDistance = distance;
    }
  });
  return best;
}

/** The everyday name faintColors gives a colour, e.g. "navy" for #1b2a4a. */
export function plainColorName(hex: string): string {
  return (PLAIN_COLORS[plainColorIndex(...hexToRgb(hex))] as readonly [string, string])[0];
}

/** Offsets (into the pixel array) of the outline: drawn pixels next to bare fabric or the border. */
function outlineOffsets({ width, height, pixels }: PictureRaster): Int32Array {
  const found = new Int32Array(width * height);
  let count = 0;
  const bare = (x: number, y: number) =>
    (pixels[(y * width + x) * 4 + 3] as number) < VISIBLE_ALPHA;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const offset = (y * width + x) * 4;
      if ((pixels[offset + 3] as number) < VISIBLE_ALPHA) continue;
      const edge =
        x === 0 ||
        y === 0 ||
        x === width - 1 ||
        y === height - 1 ||
        bare(x - 1, y) ||
        bare(x + 1, y) ||
        bare(x, y - 1) ||
        bare(x, y + 1);
      if (edge) {
        found[count] = offset;
        count += 1;
      }
    }
  }
  return found.subarray(0, count);
}

/**
 * How a picture printed as drawn fares on each shirt colour. Give it a copy about
 * PICTURE_ADVICE_WIDTH wide: the measure is per pixel, so a full-size picture only costs more.
 */
export function pictureAdvice(raster: PictureRaster): ArtworkShirtAdvice {
  const { pixels } = raster;
  if (pixels.length < raster.width * raster.height * 4) {
    throw new RangeError('pictureAdvice needs 4 bytes (RGBA) per pixel');
  }
  const outline = outlineOffsets(raster);
  const shown = new Map<ShirtColor, number>();
  const faintColors: Partial<Record<ShirtColor, string[]>> = {};
  const nameOf = new Int16Array(outline.length).fill(-1);
  for (const shirt of SHIRT_COLORS) {
    const fabricLuminance = luminance(SHIRT_COLOR_HEX[shirt]);
    const faintCounts = new Array<number>(PLAIN_COLORS.length).fill(0);
    let faint = 0;
    outline.forEach((offset, index) => {
      // The ink's own colour: an outline pixel half covered is the edge's anti-aliasing, and its
      // blend with the fabric would call every thin stroke faint on every shirt.
      const inkLuminance = linearLuminance(
        pixels[offset] as number,
        pixels[offset + 1] as number,
        pixels[offset + 2] as number,
      );
      const contrast =
        (Math.max(inkLuminance, fabricLuminance) + 0.05) /
        (Math.min(inkLuminance, fabricLuminance) + 0.05);
      if (contrast >= MIN_CONTRAST) return;
      faint += 1;
      if (nameOf[index] === -1) {
        nameOf[index] = plainColorIndex(
          pixels[offset] as number,
          pixels[offset + 1] as number,
          pixels[offset + 2] as number,
        );
      }
      const name = nameOf[index] as number;
      faintCounts[name] = (faintCounts[name] as number) + 1;
    });
    shown.set(shirt, outline.length - faint);
    const share = outline.length === 0 ? 1 : (outline.length - faint) / outline.length;
    if (share >= MIN_EDGE_SHARE) continue;
    const ranked = faintCounts
      .map((count, index) => ({ count, index }))
      .filter(({ count }) => count > 0)
      .sort((a, b) => b.count - a.count);
    // The most common colour is always named: a shirt that fails must say what fails on it.
    const named = ranked.filter(
      ({ count }, rank) => rank === 0 || count >= MIN_NAMED_SHARE * faint,
    );
    faintColors[shirt] = named
      .slice(0, MAX_NAMED_COLORS)
      .map(({ index }) => (PLAIN_COLORS[index] as readonly [string, string])[0]);
  }
  const passing = SHIRT_COLORS.filter((shirt) => faintColors[shirt] === undefined);
  const most = Math.max(...shown.values());
  return {
    faintColors,
    // The outline holds on these; when it holds on none, the shirts where the most of it shows.
    suggestedShirts:
      passing.length > 0 ? passing : SHIRT_COLORS.filter((shirt) => shown.get(shirt) === most),
    ink: 'as-drawn',
  };
}
