/**
 * The request fields the engine reads, cleaned: strings only, bounded, a known art style, and what
 * the recipient is said to love ("my son who loves space") among the themes.
 */
import { ART_STYLES, MAX_ART_FIELD_LENGTH, type ArtStyle } from '@tshirt/shared/catalog';
import type { ArtFields } from '@tshirt/shared/schemas';
import { separateWhoClauses } from '../typography/lettering';

export type { ArtFields };

function cleanField(value: unknown): string {
  return typeof value === 'string' ? value.slice(0, MAX_ART_FIELD_LENGTH) : '';
}

export function normaliseFields(request: Partial<ArtFields>): ArtFields {
  const style = cleanField(request.style);
  const { target, interests } = separateWhoClauses(
    cleanField(request.target),
    cleanField(request.interests),
  );
  return {
    interests: interests.slice(0, MAX_ART_FIELD_LENGTH),
    colors: cleanField(request.colors),
    style: (ART_STYLES as readonly string[]).includes(style) ? (style as ArtStyle) : '',
    target,
    occasion: cleanField(request.occasion),
    objects: cleanField(request.objects),
  };
}
