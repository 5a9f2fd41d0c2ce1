/**
 * The addresses derived from an artwork URL: the same artwork drawn for a shirt colour (its ink
 * keeps 3:1 contrast on that fabric) and the advice about the shopper's colours on every shirt.
 * The order keeps the plain URL; the preview and the print file use the shirt's variant.
 */
import {
  GENERATED_IMAGE_PATH_PREFIX,
  PREMADE_DESIGN_PATH_PREFIX,
  type ShirtColor,
} from './catalog';

/** Query parameter naming the shirt colour an artwork is drawn for, e.g. `?shirt=Light%20Grey`. */
export const SHIRT_COLOR_PARAMETER = 'shirt';

const OWN_SVG = new RegExp(
  `^(?:${GENERATED_IMAGE_PATH_PREFIX}|${PREMADE_DESIGN_PATH_PREFIX})[A-Za-z0-9_-]{1,64}\\.svg$`,
);

/** An image model's picture: one PNG for every shirt, with colour advice beside it. */
const GENERATED_PNG = new RegExp(`^${GENERATED_IMAGE_PATH_PREFIX}[A-Za-z0-9_-]{1,64}\\.png$`);

/** Whether the store's server can redraw this artwork per shirt colour (its own SVG artwork). */
export function isShirtAwareArtwork(url: string): boolean {
  return OWN_SVG.test(url);
}

/** The artwork as drawn for `shirt`; any other URL is returned unchanged. */
export function artworkUrlForShirt(url: string, shirt: ShirtColor): string {
  return isShirtAwareArtwork(url)
    ? `${url}?${SHIRT_COLOR_PARAMETER}=${encodeURIComponent(shirt)}`
    : url;
}

/**
 * The print file (PNG) of the artwork as drawn for `shirt`; an image model's picture has one print
 * file for every shirt (`<id>.print.png`, 300 DPI).
 */
export function printFileUrlForShirt(url: string, shirt: ShirtColor): string {
  if (GENERATED_PNG.test(url)) return url.replace(/\.png$/, '.print.png');
  if (!isShirtAwareArtwork(url)) return url;
  return `${url.replace(/\.svg$/, '.png')}?${SHIRT_COLOR_PARAMETER}=${encodeURIComponent(shirt)}`;
}

/** Where the advice about the shopper's colours lives, or undefined for artwork without any. */
export function artworkAdviceUrl(url: string): string | undefined {
  return isShirtAwareArtwork(url) || GENERATED_PNG.test(url)
    ? url.replace(/\.(svg|png)$/, '.json')
    : undefined;
}
