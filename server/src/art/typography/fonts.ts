/**
 * The open-licence fonts shipped beside the engine (OFL, licences in ../fonts) so the print PNG
 * renders the same everywhere. SVG font stacks name them first, then close browser fallbacks.
 */
import path from 'node:path';

export interface ArtFont {
  family: string;
  file: string;
  /** CSS font-family list for the SVG. */
  stack: string;
  style?: 'italic';
  /** Measured average advance per character, in em, for mixed case and for capitals. */
  advance: { mixed: number; upper: number };
  /** Whether the face only has capitals (text is upper-cased before measuring). */
  capsOnly?: boolean;
}

export const FONTS = {
  display: {
    family: 'Bebas Neue',
    file: 'BebasNeue-Bold.otf',
    stack: "'Bebas Neue', 'League Spartan', Impact, 'Arial Narrow Bold', sans-serif",
    advance: { mixed: 0.37, upper: 0.37 },
    capsOnly: true,
  },
  geometric: {
    family: 'League Spartan',
    file: 'LeagueSpartan-Bold.otf',
    stack: "'League Spartan', 'Futura', 'Trebuchet MS', Arial, sans-serif",
    advance: { mixed: 0.48, upper: 0.6 },
  },
  bubbly: {
    family: 'Cherry Bomb',
    file: 'CherryBomb-Regular.otf',
    stack: "'Cherry Bomb', 'Comic Sans MS', 'Chalkboard SE', cursive",
    advance: { mixed: 0.52, upper: 0.66 },
  },
  marker: {
    family: 'Leckerli One',
    file: 'LeckerliOne-Regular.ttf',
    stack: "'Leckerli One', 'Marker Felt', 'Brush Script MT', cursive",
    advance: { mixed: 0.5, upper: 0.68 },
  },
  pencil: {
    family: 'CabinSketch',
    file: 'CabinSketch-Bold.ttf',
    stack: "'CabinSketch', 'Cabin Sketch', 'Chalkduster', 'Comic Sans MS', cursive",
    advance: { mixed: 0.47, upper: 0.58 },
  },
  serif: {
    family: 'EB Garamond',
    file: 'EBGaramond12-Regular.otf',
    stack: "'EB Garamond', Garamond, Georgia, 'Times New Roman', serif",
    advance: { mixed: 0.44, upper: 0.6 },
  },
  serifItalic: {
    family: 'EB Garamond',
    file: 'EBGaramond12-Italic.otf',
    stack: "'EB Garamond', Garamond, Georgia, 'Times New Roman', serif",
    style: 'italic',
    advance: { mixed: 0.43, upper: 0.64 },
  },
} as const satisfies Record<string, ArtFont>;

export type FontName = keyof typeof FONTS;

export const FONT_DIRECTORY = path.join(__dirname, '..', 'fonts');

export function fontFilePaths(): string[] {
  return [...new Set(Object.values(FONTS).map((font) => path.join(FONT_DIRECTORY, font.file)))];
}

export const DEFAULT_FONT_FAMILY = FONTS.geometric.family;
