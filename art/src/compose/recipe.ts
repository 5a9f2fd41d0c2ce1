/**
 * Every generated artwork carries what made it (fields, seed, lettering) in its <metadata>, so the
 * server can draw the same artwork again for another shirt colour from the stored SVG alone.
 */
import { fromBase64Url, toBase64Url } from '@tshirt/shared/base64url';
import type { Lettering } from '../typography/lettering';
import { el } from '../svg';
import { normaliseFields, type ArtFields } from './fields';

export interface ArtworkRecipe {
  seed: number;
  fields: ArtFields;
  lettering?: Lettering;
}

const RECIPE_ID = 'artwork-recipe';
/** Base64url keeps any shopper text out of the markup and bounds its size. */
const RECIPE_PATTERN = new RegExp(`<metadata id="${RECIPE_ID}">([A-Za-z0-9_-]{1,20000})</metadata>`);

export function writeRecipe(recipe: ArtworkRecipe): string {
  return el('metadata', { id: RECIPE_ID }, toBase64Url(JSON.stringify(recipe)));
}

function isLettering(value: unknown): value is Lettering {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Lettering).headline === 'string' &&
    typeof (value as Lettering).subline === 'string'
  );
}

/** The recipe inside an artwork SVG, or undefined when it has none or it does not read back. */
export function readRecipe(svg: string): ArtworkRecipe | undefined {
  const encoded = RECIPE_PATTERN.exec(svg)?.[1];
  if (!encoded) return undefined;
  try {
    const parsed = JSON.parse(fromBase64Url(encoded)) as Partial<ArtworkRecipe>;
    if (typeof parsed !== 'object' || parsed === null || !Number.isSafeInteger(parsed.seed)) return undefined;
    const fields = normaliseFields(typeof parsed.fields === 'object' && parsed.fields !== null ? parsed.fields : {});
    const lettering = isLettering(parsed.lettering)
      ? { headline: parsed.lettering.headline.slice(0, 200), subline: parsed.lettering.subline.slice(0, 200) }
      : undefined;
    return { seed: parsed.seed as number, fields, ...(lettering ? { lettering } : {}) };
  } catch {
    return undefined;
  }
}
