/**
 * The art engine's public surface: what the server's `builtin` image provider, its print renders
 * and the benchmark call. Everything else under art/src is internal (package.json `exports`).
 */
import type { ArtStyle, ShirtColor } from '@tshirt/shared/catalog';
import type { ArtworkShirtAdvice } from '@tshirt/shared/types';
import { generateArtwork } from './compose/generateArtwork';
import { readRecipe } from './compose/recipe';
import { shirtAdvice } from './ink/shirtAdvice';
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

/**
 * A self-contained SVG (no script, no external reference, lettering as outlines) drawn for `shirt`
 * (the default shirt colour when omitted): the same request, seed and shirt give the same SVG.
 */
export function generateArtworkSvg(request: ArtRequest, seed: number, shirt?: ShirtColor): string {
  return generateArtwork(request, seed, { shirt });
}

/**
 * The same artwork drawn for another shirt colour, from an SVG this engine made (it carries its
 * recipe); undefined for any other SVG.
 */
export function artworkSvgForShirt(svg: string, shirt: ShirtColor): string | undefined {
  const recipe = readRecipe(svg);
  return recipe && generateArtwork(recipe.fields, recipe.seed, { shirt, lettering: recipe.lettering });
}

/**
 * How the colours the shopper typed fare on each shirt colour (see ArtworkShirtAdvice), for an
 * SVG this engine made; undefined for any other SVG.
 */
export function shirtAdviceForArtwork(svg: string): ArtworkShirtAdvice | undefined {
  const recipe = readRecipe(svg);
  return recipe && shirtAdvice(recipe.fields.colors);
}

/** The SVG of one of the eight pre-made designs (ids from the shared catalog) for `shirt`, or undefined. */
export function premadeDesignSvg(id: string, shirt?: ShirtColor): string | undefined {
  return premadeDesign(id, shirt);
}

/** Renders an artwork SVG to a print-ready transparent PNG of PRINT_SIZE. */
export function renderPrintPng(svg: string): Promise<Buffer> {
  return renderPrint(svg);
}
