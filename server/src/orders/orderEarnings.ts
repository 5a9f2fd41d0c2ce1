/**
 * What a sale earned, the one definition: margin = revenue − refunds − cost − sales tax kept.
 * Revenue is what the shopper paid (the order's total: shirts, shipping, and the tax on top or
 * inside), less every refund made; cost is what the print provider charged for every print order
 * of it (a reprint after a failure or a return is a cost of its own: its total, shirts, shipping,
 * its own tax); the sales tax collected is passed on to the state, never the shop's, unless the
 * whole payment went back (a part refunded is taken from the goods). A cost the provider never said
 * (no provider configured, not sent yet, no cost in its answer) is unknown: shown as "—" and never
 * counted as zero.
 */
import type { Order } from './ordersRepository';

type EarningsFacts = Pick<
  Order,
  'totalCents' | 'taxCents' | 'providerCost' | 'refundedCents' | 'earlierPrintCostCents'
>;

/** What every print order of it cost, or null when none of their costs is known. */
export function printCostCents(order: EarningsFacts): number | null {
  if (order.providerCost === null && order.earlierPrintCostCents === 0) return null;
  return order.earlierPrintCostCents + (order.providerCost?.totalCents ?? 0);
}

/** The order's margin in cents (negative when it lost money), or null when its cost is unknown. */
export function marginCents(order: EarningsFacts): number | null {
  const cost = printCostCents(order);
  if (cost === null) return null;
  const taxKept = order.refundedCents >= order.totalCents ? 0 : order.taxCents;
  return order.totalCents - order.refundedCents - cost - taxKept;
}

/**
 * One day's sales in one currency: the orders paid that UTC day, net of what was refunded of them
 * (a refunded order is in the day at no revenue, its print costs still counted).
 */
export interface DailyEarnings {
  /** The UTC day they were paid, like `2026-01-02`. */
  day: string;
  currency: string;
  orders: number;
  /** What their shoppers paid, less what went back to them. */
  revenueCents: number;
  /** The orders whose provider cost is known: only these are in `costCents` and `marginCents`. */
  costedOrders: number;
  costCents: number;
  /** The margin of the orders whose cost is known; null when none is. */
  marginCents: number | null;
}

/** The days of sales shown at most, newest first (the owner's listing and desk). */
export const EARNINGS_DAYS = 14;

/** How a cost or margin nobody knows is shown: never as zero. */
export const UNKNOWN_AMOUNT = '—';

/** The definition under each table of sales, in the owner's words. */
export const EARNINGS_NOTE =
  'Margin = revenue − the print provider’s cost − sales tax collected, over the orders whose cost is known; revenue is net of refunds, and the cost counts every print order (reprints too).';

/** `(2 without a cost)`: the orders of a day in its revenue but not in its cost. */
export function withoutCostText(day: Pick<DailyEarnings, 'orders' | 'costedOrders'>): string {
  const missing = day.orders - day.costedOrders;
  return missing === 0 ? '' : `(${missing} without a cost)`;
}
