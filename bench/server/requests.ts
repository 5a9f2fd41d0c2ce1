/** The requests the server benchmark sends, shared by the HTTP load and the limits it is measured against. */
import { ART_STYLES, PREMADE_DESIGNS, PRODUCT_NAME, type ArtStyle } from '@tshirt/shared/catalog';
import { CHECKOUT_PATH, GENERATE_IMAGE_PATH } from '@tshirt/shared/api';
import type { ArtFields } from '@tshirt/shared/types';

const INTERESTS = [
  'surfing',
  'cats and coffee',
  'golf, fishing',
  'space rockets',
  'mountains',
  'jazz',
  'tacos',
  'gardening',
];

/** Every request a new prompt, cycling through the styles. */
export function generationFields(index: number): ArtFields {
  return {
    interests: `${INTERESTS[index % INTERESTS.length] ?? ''} ${index}`,
    style: ART_STYLES[index % ART_STYLES.length] ?? '',
    colors: index % 2 === 0 ? 'sunset' : 'forest green, gold',
    target: '',
    occasion: '',
    objects: '',
  };
}

/** `style` fixes the art style (print floods compare like with like: memory depends on the style). */
export function generationPath(index: number, fixedStyle?: ArtStyle): string {
  const { interests, colors, ...fields } = generationFields(index);
  const style = fixedStyle ?? fields.style;
  return `${GENERATE_IMAGE_PATH}?${new URLSearchParams({ interests, style, colors }).toString()}`;
}

export const CHECKOUT_QUERY = {
  productName: PRODUCT_NAME,
  shirtColor: 'Black',
  shirtStyle: "Men's",
  shirtSize: 'M',
  quantity: '1',
  imageURL: PREMADE_DESIGNS[0]?.imagePath ?? '/creator/designs/sunset-surf.svg',
  prompt: 'x',
} as const;

export function checkoutPath(): string {
  return `${CHECKOUT_PATH}?${new URLSearchParams(CHECKOUT_QUERY).toString()}`;
}

/** What Chromium sends; the server then answers Brotli. */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/**
 * A shopper of its own for every request (sent as X-Forwarded-For; the bench's server trusts it),
 * so checkout load is many shoppers, not one visitor hitting the per-visitor abuse limit.
 */
export function shopperHeaders(index: number): Record<string, string> {
  return { 'x-forwarded-for': `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}` };
}
