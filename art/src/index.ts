/**
 * The art engine's public surface: what the server's `builtin` image provider, its print renders
 * and the benchmark call. Everything else under art/src is internal (package.json `exports`).
 */
import type { ShirtColor } from '@tshirt/shared/catalog';
import type { ArtFields } from '@tshirt/shared/schemas';
import type { ArtworkShirtAdvice } from '@tshirt/shared/types';
import { composeArtwork, generateArtwork, type Artwork } from './compose/generateArtwork';
import { normaliseFields } from './compose/fields';
import { readRecipe } from './compose/recipe';
import { searchRequest } from './compose/subject';
import { shirtAdvice } from './ink/shirtAdvice';
import { premadeDesign } from './premade/premadeDesigns';
import {
  renderPrintPng as renderPrint,
  renderPrintPngOnThisThread as renderPrintHere,
} from './print/renderPrintPng';

export { PRINT_SIZE } from './print/renderPrintPng';
/** The share of the popular (or the uncommon) t-shirt themes (art/themes) whose main subject the engine draws. */
export { measureThemeCoverage, readPopularThemes, readUncommonThemes, type ThemeCoverage } from './compose/themeCoverage';

/**
 * A self-contained SVG (no script, no external reference, lettering as outlines) drawn for `shirt`
 * (the default shirt colour when omitted): the same request, seed and shirt give the same SVG.
 */
export function generateArtworkSvg(request: ArtFields, seed: number, shirt?: ShirtColor): string {
  return generateArtwork(request, seed, { shirt });
}

export type { Artwork };

/**
 * What the engine would draw for a request's objects and interests, before drawing it: `drawn`
 * holds the words that call up a drawing (as typed), `notUnderstood` the words nothing draws (an
 * interest whose words are all here cannot be drawn: the server names them to the shopper).
 */
export function findArtSubjects(fields: Partial<ArtFields>): { drawn: string[]; notUnderstood: string[] } {
  const search = searchRequest(normaliseFields(fields));
  return { drawn: search.found.map((found) => found.words), notUnderstood: search.notUnderstood };
}

/**
 * The artwork, a one-sentence description of what it shows (subject, scene, style, lettering) for
 * the preview's alt text and the prompt returned with the image, and the words it could not draw
 * (see findArtSubjects). Same SVG as generateArtworkSvg.
 */
export function createArtwork(request: ArtFields, seed: number, shirt?: ShirtColor): Artwork {
  return composeArtwork(request, seed, { shirt });
}

/** The description of an SVG this engine made (it carries its recipe); undefined for any other SVG. */
export function describeArtworkSvg(svg: string): string | undefined {
  const recipe = readRecipe(svg);
  return recipe && composeArtwork(recipe.fields, recipe.seed, { lettering: recipe.lettering }).description;
}

/**
 * The same artwork drawn for another shirt colour, from an SVG this engine made (it carries its
 * recipe); undefined for any other SVG.
 */
export function artworkSvgForShirt(svg: string, shirt: ShirtColor): string | undefined {
  const recipe = readRecipe(svg);
  return (
    recipe && generateArtwork(recipe.fields, recipe.seed, { shirt, lettering: recipe.lettering })
  );
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

/**
 * The same print rendered wholly on the calling thread (a worker thread of its own, whose priority
 * then covers the raster too), not on libuv's thread pool.
 */
export function renderPrintPngOnThisThread(svg: string): Promise<Buffer> {
  return renderPrintHere(svg);
}
