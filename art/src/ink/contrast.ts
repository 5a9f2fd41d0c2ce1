/** WCAG contrast between ink and fabric, and the smallest change of a colour that makes it show. */
import { SHIRT_COLOR_HEX, type ShirtColor } from '@tshirt/shared/catalog';
import { adjust, luminance, withLuminance } from '../palette/color';

/**
 * The class the engine puts on every lettering face (the letters themselves, not their outlines),
 * which the ink measure (./measureInk.ts) looks for; here, away from the rasteriser, so drawing
 * needs no native code.
 */
export const LETTERING_CLASS = 'lettering';

/** WCAG's minimum for large text and graphical objects: the rule every artwork meets on its shirt. */
export const MIN_CONTRAST = 3;
/** What the engine aims for, so anti-aliased edges and blended pixels still clear MIN_CONTRAST. */
export const TARGET_CONTRAST = 3.4;

export function contrastRatio(first: string, second: string): number {
  return luminanceRatio(luminance(first), luminance(second));
}

/** WCAG contrast between two relative luminances. */
export function luminanceRatio(first: number, second: number): number {
  return (Math.max(first, second) + 0.05) / (Math.min(first, second) + 0.05);
}

/** The shirt an artwork is drawn for. */
export interface Fabric {
  shirt: ShirtColor;
  hex: string;
  /** Light ink shows more on it than dark ink does. */
  dark: boolean;
  /** The white or near-black ink that shows most on it: outlines, underlays and borders. */
  contrastInk: string;
  /** The other one: what sits inside a contrastInk border. */
  innerInk: string;
}

export const WHITE_INK = '#fbfaf7';
export const BLACK_INK = '#151515';

export function fabricFor(shirt: ShirtColor): Fabric {
  const hex = SHIRT_COLOR_HEX[shirt];
  const dark = contrastRatio(hex, WHITE_INK) >= contrastRatio(hex, BLACK_INK);
  return {
    shirt,
    hex,
    dark,
    contrastInk: dark ? WHITE_INK : BLACK_INK,
    innerInk: dark ? BLACK_INK : WHITE_INK,
  };
}

/** The same hue at the luminance reaching `ratio` against `background`, lighter or darker. */
function reach(
  color: string,
  background: string,
  ratio: number,
  direction: 'lighter' | 'darker',
): string | undefined {
  const base = luminance(background);
  const target =
    direction === 'lighter' ? ratio * (base + 0.05) - 0.05 : (base + 0.05) / ratio - 0.05;
  if (target > 1 || target < 0) return undefined;
  let candidate = withLuminance(color, target);
  // Eight-bit rounding can land a hair short: nudge until the ratio is really met.
  for (let step = 0; step < 40 && contrastRatio(candidate, background) < ratio; step += 1) {
    candidate = adjust(candidate, { dl: direction === 'lighter' ? 0.01 : -0.01 });
  }
  return candidate;
}

/**
 * `color` itself when it already stands out from `background` by `ratio`; otherwise the closest
 * lighter or darker shade of it that does (the smaller change of luminance wins).
 */
export function standOut(color: string, background: string, ratio = TARGET_CONTRAST): string {
  if (contrastRatio(color, background) >= ratio) return color;
  const options = (['lighter', 'darker'] as const)
    .map((direction) => reach(color, background, ratio, direction))
    .filter(
      (candidate): candidate is string =>
        candidate !== undefined && contrastRatio(candidate, background) >= ratio,
    );
  if (options.length === 0)
    return contrastRatio('#ffffff', background) >= contrastRatio('#000000', background)
      ? '#ffffff'
      : '#000000';
  const change = (candidate: string) => Math.abs(luminance(candidate) - luminance(color));
  return options.sort((a, b) => change(a) - change(b))[0] as string;
}

/** A colour that shows on the shirt: `color` when it does, its nearest shade that does otherwise. */
export function onFabric(color: string, fabric: Fabric, ratio = TARGET_CONTRAST): string {
  return standOut(color, fabric.hex, ratio);
}

/** Of the candidates, the first that stands out from `background`; else whichever of white and black does more. */
export function readableOn(
  background: string,
  candidates: readonly string[] = [],
  ratio = TARGET_CONTRAST,
): string {
  const found = candidates.find((candidate) => contrastRatio(candidate, background) >= ratio);
  if (found) return found;
  return contrastRatio(WHITE_INK, background) >= contrastRatio(BLACK_INK, background)
    ? WHITE_INK
    : BLACK_INK;
}

/** The colours, those that show most on the shirt as they are first. */
export function byShowing(colors: readonly string[], fabric: Fabric): string[] {
  return [...new Set(colors)].sort(
    (a, b) => contrastRatio(b, fabric.hex) - contrastRatio(a, fabric.hex),
  );
}

/**
 * Of the colours asked for, the one that shows most on the shirt, shaded to 3:1 only if it must
 * be: navy and cream on a black shirt meet the fabric in cream, not in a navy lightened to lavender.
 */
export function showingColor(
  colors: readonly string[],
  fabric: Fabric,
  ratio = TARGET_CONTRAST,
): string {
  return onFabric(byShowing(colors, fabric)[0] ?? fabric.contrastInk, fabric, ratio);
}
