/**
 * What a sale earned, the one definition: margin = revenue − cost − sales tax collected. Revenue is
 * what the shopper paid (the order's total: shirts, shipping, and the tax on top or inside); cost
 * is what the print provider charged for the order (its total: shirts, shipping, its own tax); the
 * sales tax collected is passed on to the state, never the shop's. A cost the provider never said
 * (no provider configured, not sent yet, no cost in its answer) is unknown: shown as "—" and never
 * counted as zero.
 */
import type { Order } from './ordersRepository';

type EarningsFacts = Pick<Order, 'totalCents' | 'taxCents' | 'providerCost'>;

/** The order's margin in cents (negative when it lost money), or null when its cost is unknown. */
export function marginCents(order: EarningsFacts): number | null {
  return order.providerCost === null
    ? null
    : order.totalCents - order.providerCost.totalCents - order.taxCents;
}

/**
 * One day's sales in one currency: the orders paid that UTC day, left out those cancelled or
 * refunded (their sale did not stand).
 */
export interface DailyEarnings {
  /** The UTC day they were paid, like `2026-01-02`. */
  day: string;
  currency: string;
  orders: number;
  /** What their shoppers paid, every order counted. */
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
  'Margin = revenue − the print provider’s cost − sales tax collected, over the orders whose cost is known; orders cancelled or refunded are left out.';

/** `(2 without a cost)`: the orders of a day in its revenue but not in its cost. */
export function withoutCostText(day: Pick<DailyEarnings, 'orders' | 'costedOrders'>): string {
  const missing = day.orders - day.costedOrders;
  return missing === 0 ? '' : `(${missing} without a cost)`;
}
