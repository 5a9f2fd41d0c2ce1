/** Sizes lettering to a width using the fonts' measured advances (no layout engine on the server). */
import type { ArtFont } from './fonts';

export function estimateWidth(text: string, font: ArtFont, fontSize: number, letterSpacing = 0): number {
  const upper = font.capsOnly || text === text.toUpperCase();
  const advance = upper ? font.advance.upper : font.advance.mixed;
  return text.length * (advance * fontSize + letterSpacing);
}

/** The largest font size (up to maxSize) at which every line fits maxWidth. */
export function fitFontSize(
  lines: readonly string[],
  font: ArtFont,
  maxWidth: number,
  maxSize: number,
  letterSpacingEm = 0,
): number {
  const longest = Math.max(1, ...lines.map((line) => line.length));
  const upper = font.capsOnly || lines.every((line) => line === line.toUpperCase());
  const advance = (upper ? font.advance.upper : font.advance.mixed) + letterSpacingEm;
  return Math.max(18, Math.min(maxSize, maxWidth / (longest * advance)));
}
