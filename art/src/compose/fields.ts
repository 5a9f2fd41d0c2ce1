/** The request fields the engine reads, cleaned: strings only, bounded, a known art style. */
import { ART_STYLES, MAX_ART_FIELD_LENGTH, type ArtStyle } from '@tshirt/shared/catalog';
import type { ArtFields } from '@tshirt/shared/schemas';

export type { ArtFields };

function cleanField(value: unknown): string {
  return typeof value === 'string' ? value.slice(0, MAX_ART_FIELD_LENGTH) : '';
}

export function normaliseFields(request: Partial<ArtFields>): ArtFields {
  const style = cleanField(request.style);
  return {
    interests: cleanField(request.interests),
    colors: cleanField(request.colors),
    style: (ART_STYLES as readonly string[]).includes(style) ? (style as ArtStyle) : '',
    target: cleanField(request.target),
    occasion: cleanField(request.occasion),
    objects: cleanField(request.objects),
  };
}
