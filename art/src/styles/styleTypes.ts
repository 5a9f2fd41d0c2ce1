import type { Subject } from '../compose/subject';
import type { Page } from '../layouts/pageLayout';
import type { Fabric } from '../ink/contrast';
import type { Motif } from '../motifs';
import type { Palette } from '../palette/parsePalette';
import type { Random } from '../random';
import type { Defs } from '../svg';
import type { Lettering } from '../typography/lettering';

export const CANVAS = { width: 1200, height: 1600 } as const;

export interface StyleInput {
  random: Random;
  palette: Palette;
  /** What to draw: the hero, its land, sky and companions, and the occasion's decoration. */
  subject: Subject;
  /** The subject's motifs, the hero first (empty when nothing asked for is drawable). */
  motifs: readonly Motif[];
  lettering: Lettering;
  /** Theme words without a motif: they steer shapes and layout. */
  unknownWords: readonly string[];
  defs: Defs;
  /** The shirt it is printed on: whatever meets the fabric keeps 3:1 contrast against it. */
  fabric: Fabric;
  /** The page's layout: where the picture and the words go, and whether the style frames the picture. */
  page: Page;
}

/** A style draws the artwork's body (defs are collected separately through input.defs). */
export type StyleRenderer = (input: StyleInput) => string;
