/** The product catalog: every option the spec names, once. The server validates against these lists. */
import { centsToDecimal } from './money';

export const PRODUCT_NAME = 'Custom Graphic T-shirt';
export const UNIT_PRICE_CENTS = 1999;
/** The one currency of every price, charge and record (ISO 4217; amounts are in its cents). */
export const CURRENCY = 'USD';

export const QUANTITY_MIN = 1;
export const QUANTITY_MAX = 9;
export const QUANTITIES: readonly number[] = Array.from(
  { length: QUANTITY_MAX - QUANTITY_MIN + 1 },
  (_, index) => QUANTITY_MIN + index,
);
export const DEFAULT_QUANTITY = 1;

export const SHIRT_COLORS = [
  'Black',
  'White',
  'Red',
  'Blue',
  'Navy',
  'Light Grey',
  'Dark Grey',
  'Pink',
] as const;
export type ShirtColor = (typeof SHIRT_COLORS)[number];
export const DEFAULT_SHIRT_COLOR: ShirtColor = 'Black';

/** Fabric colours used to paint the shirt picture (and the test payment page). */
export const SHIRT_COLOR_HEX: Readonly<Record<ShirtColor, string>> = {
  Black: '#1d1d1f',
  White: '#f7f7f5',
  Red: '#c62633',
  Blue: '#2f6fd0',
  Navy: '#1f2a48',
  'Light Grey': '#c9cbce',
  'Dark Grey': '#4a4d52',
  Pink: '#f2a7c3',
};

export const SHIRT_STYLES = ["Men's", "Women's", 'Youth'] as const;
export type ShirtStyle = (typeof SHIRT_STYLES)[number];
export const DEFAULT_SHIRT_STYLE: ShirtStyle = "Men's";

export const SHIRT_SIZES = ['S', 'M', 'L', 'XL', 'XXL', '3XL', '4XL', '5XL', '6XL'] as const;
export type ShirtSize = (typeof SHIRT_SIZES)[number];
export const DEFAULT_SHIRT_SIZE: ShirtSize = 'M';

/** One size of one style, measured on the garment laid flat, in inches. */
export interface SizeMeasurements {
  /** Across the chest, armpit to armpit. */
  readonly chestWidth: number;
  /** From the highest point of the shoulder to the hem. */
  readonly bodyLength: number;
}

/** Chest widths, then body lengths, in inches, in the order of SHIRT_SIZES. */
function graded(chest: readonly number[], length: readonly number[]) {
  return Object.fromEntries(
    SHIRT_SIZES.map((size, index) => [
      size,
      { chestWidth: chest[index], bodyLength: length[index] } as SizeMeasurements,
    ]),
  ) as Readonly<Record<ShirtSize, SizeMeasurements>>;
}

/**
 * The size chart: each style's blank (Bella+Canvas 3001 unisex, 6004 women's slim fit, 3001Y youth)
 * as its maker measures it, in inches. Youth sizes past XL follow the youth grade on.
 */
export const SIZE_CHART: Readonly<
  Record<ShirtStyle, Readonly<Record<ShirtSize, SizeMeasurements>>>
> = {
  "Men's": graded([18, 20, 22, 24, 26, 28, 30, 32, 34], [28, 29, 30, 31, 32, 33, 34, 35, 36]),
  "Women's": graded(
    [16.5, 17.5, 18.5, 20, 21.5, 23, 24.5, 26, 27.5],
    [25.5, 26, 26.5, 27, 27.5, 28, 28.5, 29, 29.5],
  ),
  Youth: graded(
    [16, 17, 18, 19, 20, 21, 22, 23, 24],
    [21, 22.5, 24, 25.5, 26.5, 27.5, 28.5, 29.5, 30.5],
  ),
};

/** Inches as the size chart's centimetres: whole, as makers print them. */
export function inchesToCentimetres(inches: number): number {
  return Math.round(inches * 2.54);
}

/** Art styles in the order the select shows them; the empty string means "let the engine choose". */
export const ART_STYLES = [
  '',
  'Minimalist',
  'Graffiti',
  'Cartoon',
  'Sketch',
  'Photorealistic',
  'Oil Painting',
  'Black and White',
] as const;
export type ArtStyle = (typeof ART_STYLES)[number];

/** Longest accepted text in any art field (interests, colors, recipient, occasion, objects). */
export const MAX_ART_FIELD_LENGTH = 500;
/** Longest prompt accepted with an order. */
export const MAX_PROMPT_LENGTH = 2000;
/** Generations a visitor gets per UTC day unless the server is configured otherwise. */
export const DEFAULT_DAILY_GENERATION_LIMIT = 10;

export interface PremadeDesign {
  readonly id: string;
  readonly title: string;
  /** Same-origin path the server serves the artwork at. */
  readonly imagePath: string;
}

export const PREMADE_DESIGN_PATH_PREFIX = '/creator/designs/';
export const GENERATED_IMAGE_PATH_PREFIX = '/creator/images/';

function premade(id: string, title: string): PremadeDesign {
  return { id, title, imagePath: `${PREMADE_DESIGN_PATH_PREFIX}${id}.svg` };
}

export const PREMADE_DESIGNS: readonly PremadeDesign[] = [
  premade('sunset-surf', 'Sunset Surf'),
  premade('mountain-trail', 'Mountain Trail'),
  premade('retro-mixtape', 'Retro Mixtape'),
  premade('cosmic-cat', 'Cosmic Cat'),
  premade('coffee-first', 'Coffee First'),
  premade('street-heart', 'Street Heart'),
  premade('botanical-sketch', 'Botanical Sketch'),
  premade('moonlit-wolf', 'Moonlit Wolf'),
];

export function findPremadeDesignByPath(path: string): PremadeDesign | undefined {
  return PREMADE_DESIGNS.find((design) => design.imagePath === path);
}

/** `$19.99 USD`: whole cents written out, never through a floating-point division. */
export function formatPrice(cents: number, currency: string = CURRENCY): string {
  const sign = cents < 0 ? '−' : '';
  const symbol = currency.toUpperCase() === 'USD' ? '$' : '';
  return `${sign}${symbol}${centsToDecimal(Math.abs(cents))} ${currency.toUpperCase()}`;
}

export function isShirtColor(value: string): value is ShirtColor {
  return (SHIRT_COLORS as readonly string[]).includes(value);
}
export function isShirtStyle(value: string): value is ShirtStyle {
  return (SHIRT_STYLES as readonly string[]).includes(value);
}
export function isShirtSize(value: string): value is ShirtSize {
  return (SHIRT_SIZES as readonly string[]).includes(value);
}
export function isArtStyle(value: string): value is ArtStyle {
  return (ART_STYLES as readonly string[]).includes(value);
}
