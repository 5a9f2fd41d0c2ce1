/**
 * The shirt a shopper picked, as the print provider's catalog names it. Each style is one catalog
 * product; the provider's own catalog (`GET /products/<id>`) says which variant is which colour and
 * size, so only product ids and colour names live here. Check them against the provider's catalog
 * before going live; an order whose shirt the catalog lacks fails visibly for the owner.
 */
import type { ShirtColor, ShirtSize, ShirtStyle } from '@tshirt/shared/catalog';

/** Printful catalog products: Bella+Canvas 3001 (unisex), 6004 (women's), 3001Y (youth). */
export const CATALOG_PRODUCT_IDS: Readonly<Record<ShirtStyle, number>> = {
  "Men's": 71,
  "Women's": 360,
  Youth: 163,
};

/** The catalog's colour names for the store's shirt colours. */
export const CATALOG_COLOR_NAMES: Readonly<Record<ShirtColor, string>> = {
  Black: 'Black',
  White: 'White',
  Red: 'Red',
  Blue: 'True Royal',
  Navy: 'Navy',
  'Light Grey': 'Athletic Heather',
  'Dark Grey': 'Dark Grey',
  Pink: 'Pink',
};

/** One variant of a catalog product, as the provider lists it. */
export interface CatalogVariant {
  id: number;
  color: string;
  size: string;
  /** False when the provider lists the variant but cannot make it now. */
  in_stock?: boolean;
}

/** The variant for the shopper's colour and size, or undefined when the product has none. */
export function findVariant(
  variants: readonly CatalogVariant[],
  color: ShirtColor,
  size: ShirtSize,
): CatalogVariant | undefined {
  const colorName = CATALOG_COLOR_NAMES[color].toLowerCase();
  return variants.find(
    (variant) => variant.color.toLowerCase() === colorName && variant.size.toUpperCase() === size,
  );
}
