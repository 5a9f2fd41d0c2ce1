/** Relative luminance of a `#rrggbb` colour (WCAG formula), 0 for black to 1 for white. */
export function relativeLuminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16) / 255);
  const [red = 0, green = 0, blue = 0] = channels.map((channel) =>
    channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4,
  );
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

export interface FabricTone {
  /** Seams and stitches: dark thread on light fabric, light thread on dark fabric. */
  stitch: string;
  /** The edge of the garment, so a white shirt still reads against a light backdrop. */
  edge: string;
  /** How strongly creases darken the fabric; dark fabric needs less to look the same. */
  shadowOpacity: number;
  /** How strongly light catches the fabric; it shows more on dark fabric. */
  highlightOpacity: number;
  /** Darkness of creases: kept faint on light fabric, where grey reads as a stain. */
  foldOpacity: number;
  /** Darkness of the inside of the back, seen through the neck opening. */
  insideOpacity: number;
}

export function fabricToneFor(hex: string): FabricTone {
  const light = relativeLuminance(hex) > 0.35;
  return light
    ? {
        stitch: 'rgba(0, 0, 0, 0.22)',
        edge: 'rgba(0, 0, 0, 0.22)',
        shadowOpacity: 0.55,
        highlightOpacity: 0.5,
        foldOpacity: 0.1,
        insideOpacity: 0.2,
      }
    : {
        stitch: 'rgba(255, 255, 255, 0.2)',
        edge: 'rgba(0, 0, 0, 0.45)',
        shadowOpacity: 1,
        highlightOpacity: 1,
        foldOpacity: 0.28,
        insideOpacity: 0.38,
      };
}
