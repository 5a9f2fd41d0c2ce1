/**
 * Money, the one way: every amount is a whole number of the currency's minor unit (cents), added
 * and multiplied only as integers. The one rounding rule: nothing is ever rounded. A configured
 * amount with more than two decimals is refused, not rounded; the only amounts the store does not
 * compute itself (sales tax) are the payment provider's, recorded as it reports them.
 */

/** Whole cents: a safe integer, never negative. */
export function isCents(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/** `4.99` → 499, `5` → 500; undefined for anything else (`4.999`, `-1`, `4,99`, `1e3`). */
export function parseMoney(text: string): number | undefined {
  const match = /^(\d{1,7})(?:\.(\d{2}))?$/.exec(text.trim());
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number(match[2] ?? '0');
}

/**
 * `12.34` → 1234, `12.5` → 1250, `7` → 700: an amount another service reports as a decimal (the
 * print provider's costs), read digit by digit. Undefined for anything that is not whole cents:
 * a third decimal, a sign, an exponent, a comma.
 */
export function decimalToCents(text: string): number | undefined {
  const match = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

/** 499 → `4.99`: the decimal form of cents, as the configuration and Printful write amounts. */
export function centsToDecimal(cents: number): string {
  if (!isCents(cents)) throw new RangeError(`${cents} is not a whole number of cents`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** What shipping one order costs within one group of countries. */
export interface ShippingRate {
  /** The first shirt of an order. */
  firstItemCents: number;
  /** Each shirt after the first. */
  additionalItemCents: number;
  /** Orders whose shirts come to at least this ship free; undefined: never free. */
  freeFromCents?: number;
}

/** Shipping zones at most: Stripe Checkout offers one shipping option per zone, five at most. */
export const MAX_SHIPPING_ZONES = 5;

/** A group of countries that ship at one rate. */
export interface ShippingZone extends ShippingRate {
  /** Two-letter country codes (ISO 3166-1 alpha-2), upper case. */
  countries: string[];
}

/** The shipping of `quantity` shirts whose prices add up to `subtotalCents`. */
export function shippingCents(rate: ShippingRate, quantity: number, subtotalCents: number): number {
  if (rate.freeFromCents !== undefined && subtotalCents >= rate.freeFromCents) return 0;
  return rate.firstItemCents + rate.additionalItemCents * Math.max(0, quantity - 1);
}

/** The zone a country ships in, or undefined when the shop does not ship there. */
export function zoneOf<Zone extends ShippingZone>(
  zones: readonly Zone[],
  country: string,
): Zone | undefined {
  const code = country.trim().toUpperCase();
  return zones.find((zone) => zone.countries.includes(code));
}

/** How the owner has sales tax charged: not at all, on top of the prices, or inside them. */
export const SALES_TAX_MODES = ['off', 'exclusive', 'inclusive'] as const;
export type SalesTaxMode = (typeof SALES_TAX_MODES)[number];

/** An order's money, each part in cents: what the shopper pays is `totalCents`. */
export interface OrderAmounts {
  subtotalCents: number;
  shippingCents: number;
  /** Sales tax collected (inside the subtotal when prices include it). */
  taxCents: number;
  totalCents: number;
}

/**
 * The order's figures for a country's rate: the shirts, their shipping and the total. Tax is the
 * payment provider's to add (it knows the address); with tax-inclusive prices it is already inside.
 */
export function orderAmounts(
  unitPriceCents: number,
  quantity: number,
  rate: ShippingRate,
  taxCents = 0,
  taxMode: SalesTaxMode = 'off',
): OrderAmounts {
  const subtotal = unitPriceCents * quantity;
  const shipping = shippingCents(rate, quantity, subtotal);
  return {
    subtotalCents: subtotal,
    shippingCents: shipping,
    taxCents,
    totalCents: subtotal + shipping + (taxMode === 'exclusive' ? taxCents : 0),
  };
}
