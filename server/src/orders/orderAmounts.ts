/**
 * An order's money, decided here and nowhere else on the server: the shirts at the catalog price,
 * shipping at the rate of the country it goes to (SHIPPING_* settings), tax as the payment provider
 * collected it. Before the address is known, the first zone's rate is the one quoted.
 */
import {
  orderAmounts,
  shippingCents,
  zoneOf,
  type OrderAmounts,
  type SalesTaxMode,
  type ShippingZone,
} from '@tshirt/shared/money';
import { countryName } from '../payments/countryName';
import type { Order } from './ordersRepository';

/** Shipping of `quantity` shirts at `unitPriceCents` to the first zone (the quote before payment). */
export function quotedShippingCents(
  zones: readonly ShippingZone[],
  unitPriceCents: number,
  quantity: number,
): number {
  const zone = zones[0];
  return zone ? shippingCents(zone, quantity, unitPriceCents * quantity) : 0;
}

/**
 * What the order costs shipped to `country` (tax as collected, if any), or undefined when the
 * shop does not ship there.
 */
export function amountsShippedTo(
  order: Pick<Order, 'unitPriceCents' | 'quantity'>,
  zones: readonly ShippingZone[],
  country: string,
  tax: { cents: number; mode: SalesTaxMode } = { cents: 0, mode: 'off' },
): OrderAmounts | undefined {
  const zone = zoneOf(zones, country);
  return zone && orderAmounts(order.unitPriceCents, order.quantity, zone, tax.cents, tax.mode);
}

/** The countries a zone list names, as a sentence part: `United States, Canada`. */
export function shippedToText(zones: readonly ShippingZone[]): string {
  return zones
    .flatMap((zone) => zone.countries)
    .map(countryName)
    .join(', ');
}
