/**
 * The order's money at Stripe Checkout: the shirts at the server's price, one shipping option per
 * zone (Checkout cannot price by the address, so each zone is an option named after its
 * countries), and sales tax by Stripe Tax when the owner turns it on. When Stripe reports the
 * session paid, every figure is checked against the server's own before the order is paid.
 */
import type Stripe from 'stripe';
import { centsToDecimal, type SalesTaxMode, type ShippingZone } from '@tshirt/shared/money';
import type { SalesTaxConfig } from '../config';
import type { ChargedAmounts } from '../orders/orderLife';
import { amountsShippedTo, shippedToText } from '../orders/orderAmounts';
import type { Order } from '../orders/ordersRepository';

type SessionParams = Stripe.Checkout.SessionCreateParams;

/** Stripe's product tax code for shipping charges. */
export const SHIPPING_TAX_CODE = 'txcd_92010001';
/** Marks a session made with the store's money model (shipping, tax): older ones had neither. */
export const AMOUNTS_METADATA_KEY = 'subtotal_cents';

/** The session's line item, shipping options and tax setting for `order`. */
export function checkoutMoney(
  order: Order,
  zones: readonly ShippingZone[],
  salesTax: SalesTaxConfig,
): Pick<SessionParams, 'line_items' | 'shipping_options' | 'automatic_tax'> {
  const currency = order.currency.toLowerCase();
  const taxed = salesTax.mode !== 'off';
  const taxBehavior = taxed ? { tax_behavior: salesTax.mode as 'exclusive' | 'inclusive' } : {};
  return {
    line_items: [
      {
        quantity: order.quantity,
        price_data: {
          currency,
          unit_amount: order.unitPriceCents,
          ...taxBehavior,
          product_data: {
            name: order.productName,
            description: `${order.shirtColor} · ${order.shirtStyle} · size ${order.shirtSize}`,
            ...(taxed && { tax_code: salesTax.productTaxCode }),
          },
        },
      },
    ],
    // One per zone: the configuration refuses more zones than Stripe's options (MAX_SHIPPING_ZONES).
    shipping_options: zones.map((zone) => {
      const { shippingCents } = amountsShippedTo(order, [zone], zone.countries[0] ?? '')!;
      const where = zones.length > 1 ? ` to ${shippedToText([zone])}` : '';
      return {
        shipping_rate_data: {
          type: 'fixed_amount',
          display_name: `${shippingCents === 0 ? 'Free shipping' : 'Standard shipping'}${where}`,
          fixed_amount: { amount: shippingCents, currency },
          ...taxBehavior,
          ...(taxed && { tax_code: SHIPPING_TAX_CODE }),
          metadata: { countries: zone.countries.join(',') },
        },
      };
    }),
    ...(taxed && { automatic_tax: { enabled: true } }),
  };
}

/** What a paid session reports: its totals, and where it ships. */
export type ReportedSession = Pick<Stripe.Checkout.Session, 'id' | 'amount_total' | 'currency'> &
  Partial<Pick<Stripe.Checkout.Session, 'amount_subtotal' | 'metadata'>> & {
    total_details?: {
      amount_shipping?: number | null;
      amount_tax?: number | null;
      amount_discount?: number | null;
    } | null;
    collected_information?: {
      shipping_details?: { address?: { country?: string | null } | null } | null;
    } | null;
    shipping_details?: { address?: { country?: string | null } | null } | null;
  };

export type Settlement = { ok: true; charged: ChargedAmounts } | { ok: false; mismatch: string };

const cents = (value: number | null | undefined) => (typeof value === 'number' ? value : 0);

/**
 * The figures a paid session settles for `order`, or why they are not the order's: another
 * session or currency, other shirts, shipping that is not the rate of the country it goes to (or
 * of any zone, with no address), tax where none is charged, or a total that is not their sum.
 */
export function settleSession(
  order: Order,
  session: ReportedSession,
  zones: readonly ShippingZone[],
  taxMode: SalesTaxMode,
): Settlement {
  const fail = (mismatch: string): Settlement => ({ ok: false, mismatch });
  if (session.id !== order.paymentReference) {
    return fail(`session ${session.id} is not the order's (${order.paymentReference ?? 'none'})`);
  }
  if (session.currency?.toLowerCase() !== order.currency.toLowerCase()) {
    return fail(`currency ${String(session.currency)} is not the order's ${order.currency}`);
  }
  // A session made before shipping was charged: its order's total is all it may be.
  if (session.metadata?.[AMOUNTS_METADATA_KEY] === undefined) {
    return session.amount_total === order.totalCents
      ? {
          ok: true,
          charged: {
            shippingCents: order.shippingCents,
            taxCents: 0,
            totalCents: order.totalCents,
          },
        }
      : fail(`amount ${String(session.amount_total)} is not the order's total ${order.totalCents}`);
  }
  if (session.amount_subtotal !== order.subtotalCents) {
    return fail(
      `subtotal ${String(session.amount_subtotal)} is not the order's ${order.subtotalCents}`,
    );
  }
  if (cents(session.total_details?.amount_discount) !== 0) {
    return fail(`a discount of ${cents(session.total_details?.amount_discount)} was applied`);
  }
  const shipping = cents(session.total_details?.amount_shipping);
  const country =
    session.collected_information?.shipping_details?.address?.country ??
    session.shipping_details?.address?.country;
  // An address outside the zones cannot come from Checkout; it is the shipping check's to report.
  const expected =
    (country && amountsShippedTo(order, zones, country)) ||
    zones
      .map((zone) => amountsShippedTo(order, [zone], zone.countries[0] ?? '')!)
      .find((amounts) => amounts.shippingCents === shipping);
  if (!expected) return fail(`shipping ${shipping} is no zone's rate for this order`);
  if (shipping !== expected.shippingCents) {
    return fail(
      `shipping ${shipping} is not the rate to ${country ?? 'any zone'} (${expected.shippingCents})`,
    );
  }
  const tax = cents(session.total_details?.amount_tax);
  if (taxMode === 'off' && tax !== 0) return fail(`tax ${tax} was charged with sales tax off`);
  const total = order.subtotalCents + shipping + (taxMode === 'exclusive' ? tax : 0);
  if (session.amount_total !== total) {
    return fail(
      `amount ${String(session.amount_total)} is not subtotal + shipping${taxMode === 'exclusive' ? ' + tax' : ''} (${total})`,
    );
  }
  return { ok: true, charged: { shippingCents: shipping, taxCents: tax, totalCents: total } };
}

/** The session's metadata of the order's money: what the server decided, readable at Stripe. */
export function amountsMetadata(order: Order): Record<string, string> {
  return {
    [AMOUNTS_METADATA_KEY]: String(order.subtotalCents),
    quoted_shipping: centsToDecimal(order.shippingCents),
  };
}
