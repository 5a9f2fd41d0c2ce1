/**
 * What a corrected address may change, decided here for the shopper's page and the owner's desk
 * alike: a correction never moves a paid order to a dearer shipping zone for free (the choice is
 * to refuse it with a message, docs/PRODUCT.md); the price of shipping is the zone's rate for the
 * order's shirts, as at payment.
 */
import { formatPrice } from '@tshirt/shared/catalog';
import { shippingCents, zoneOf, type ShippingZone } from '@tshirt/shared/money';
import { countryName } from '../payments/countryName';
import type { Order } from './ordersRepository';

/** Why the order cannot be sent to `country` for what was paid, or undefined when it can. */
export function dearerShippingRefusal(
  order: Pick<Order, 'quantity' | 'subtotalCents' | 'shippingCents' | 'currency'>,
  country: string,
  zones: readonly ShippingZone[],
  contactEmail: string,
): string | undefined {
  const zone = zoneOf(zones, country);
  // A country outside every zone is the address check's to refuse.
  if (!zone) return undefined;
  const costs = shippingCents(zone, order.quantity, order.subtotalCents);
  if (costs <= order.shippingCents) return undefined;
  return `Shipping to ${countryName(country)} costs ${formatPrice(costs, order.currency)}, more than the ${formatPrice(order.shippingCents, order.currency)} paid for this order's shipping: it cannot be sent there. Write to ${contactEmail} to change it.`;
}
