/**
 * The open-licence fonts shipped beside the engine (OFL, licences in ../fonts). Lettering is turned
 * into outlines with them (glyphs.ts), so neither the browser nor the printer needs them installed.
 */
export interface ArtFont {
  family: string;
  file: string;
  /** Whether the face only has capitals (text is upper-cased before it is laid out). */
  capsOnly?: boolean;
}

export const FONTS = {
  display: { family: 'Bebas Neue', file: 'BebasNeue-Bold.otf', capsOnly: true },
  geometric: { family: 'League Spartan', file: 'LeagueSpartan-Bold.otf' },
  bubbly: { family: 'Cherry Bomb', file: 'CherryBomb-Regular.otf' },
  marker: { family: 'Leckerli One', file: 'LeckerliOne-Regular.ttf' },
  serif: { family: 'EB Garamond', file: 'EBGaramond12-Regular.otf' },
  serifItalic: { family: 'EB Garamond', file: 'EBGaramond12-Italic.otf' },
} as const satisfies Record<string, ArtFont>;

/** Every font file the engine draws with, once each. */
export const FONT_FILES: readonly string[] = [...new Set(Object.values(FONTS).map((font) => font.file))];

export const DEFAULT_FONT_FAMILY = FONTS.geometric.family;
