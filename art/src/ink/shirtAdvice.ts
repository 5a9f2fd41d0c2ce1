/**
 * What the preview tells a shopper about their colours on each shirt: which of the colours they
 * typed would sit too close to the fabric (the engine then prints lighter or darker shades of them,
 * or borders them), and which shirt colours show every one of them as chosen.
 */
import { SHIRT_COLOR_HEX, SHIRT_COLORS, type ShirtColor } from '@tshirt/shared/catalog';
import type { ArtworkShirtAdvice } from '@tshirt/shared/types';
import { chosenColors } from '../palette/parsePalette';
import { contrastRatio, MIN_CONTRAST } from './contrast';

/** A mood ("pastel", "neon") is too faint when most of its shades are. */
function isFaint(shades: readonly string[], fabric: string): boolean {
  const faint = shades.filter((shade) => contrastRatio(shade, fabric) < MIN_CONTRAST).length;
  return faint * 2 > shades.length;
}

export function shirtAdvice(colorsText: string): ArtworkShirtAdvice {
  const colors = chosenColors(colorsText);
  const faintColors: Partial<Record<ShirtColor, string[]>> = {};
  for (const shirt of SHIRT_COLORS) {
    const faint = colors.filter((color) => isFaint(color.shades, SHIRT_COLOR_HEX[shirt])).map((color) => color.name);
    if (faint.length > 0) faintColors[shirt] = [...new Set(faint)];
  }
  const count = (shirt: ShirtColor) => faintColors[shirt]?.length ?? 0;
  const fewest = Math.min(...SHIRT_COLORS.map(count));
  return {
    faintColors,
    // Every colour shows on these; when no shirt manages that, the ones that lose the fewest.
    suggestedShirts: colors.length === 0 ? [...SHIRT_COLORS] : SHIRT_COLORS.filter((shirt) => count(shirt) === fewest),
  };
}
