/**
 * The built-in art engine's public surface (the server's `builtin` image provider calls only this).
 * Everything else under art/ is internal.
 */
import type { ArtStyle } from '@tshirt/shared/catalog';
import { generateArtwork } from './compose/generateArtwork';
import { premadeDesign } from './premade/premadeDesigns';
import { renderPrintPng as renderPrint } from './print/renderPrintPng';
import { CANVAS } from './styles/styleTypes';

export interface ArtRequest {
  interests: string;
  colors: string;
  style: ArtStyle;
  /** Recipient ("Who is it for?"). */
  target: string;
  occasion: string;
  objects: string;
}

/** Print area aspect (12 × 16 in): every artwork's viewBox has this shape. */
export const ARTWORK_VIEWBOX = { width: CANVAS.width, height: CANVAS.height } as const;
/** Print-ready raster size: 300 DPI over 12 × 16 in. */
export const PRINT_SIZE = { width: 3600, height: 4800 } as const;

/** A self-contained SVG (no script, no external reference), the same for the same seed. */
export function generateArtworkSvg(request: ArtRequest, seed: number): string {
  return generateArtwork(request, seed);
}

/** The SVG of one of the eight pre-made designs (ids from the shared catalog), or undefined. */
export function premadeDesignSvg(id: string): string | undefined {
  return premadeDesign(id);
}

/** Renders an artwork SVG to a print-ready transparent PNG of PRINT_SIZE. */
export function renderPrintPng(svg: string): Promise<Buffer> {
  return renderPrint(svg);
}

export { resolveStyle } from './compose/generateArtwork';
export { parsePalette, type Palette } from './palette/parsePalette';
export { findMotifs, MOTIFS } from './motifs';
