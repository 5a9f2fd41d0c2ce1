/**
 * The desk's own reads: orders of some states placed between two moments, for its list and its
 * CSV export. The state is the orders module's (`orderState`), read from each order.
 */
import type { OrderState } from '../orders/orderLife';
import { orderFromRow, orderState, type Order, type OrderRow } from '../orders/ordersRepository';
import type { Queryable } from '../storage/database';

/** Orders a range reads at most: a shop's months, never the whole table of a large one by mistake. */
export const MAX_ORDERS_IN_RANGE = 10_000;

export interface OrdersInRange {
  states: readonly OrderState[];
  since: Date | null;
  before: Date | null;
  limit: number;
}

/** The orders in `states` placed in [since, before), newest first, `limit` at most. */
export async function ordersPlacedBetween(db: Queryable, range: OrdersInRange): Promise<Order[]> {
  const rows = await db.query<OrderRow>(
    `SELECT * FROM orders
     WHERE ($1::timestamptz IS NULL OR created_at >= $1) AND ($2::timestamptz IS NULL OR created_at < $2)
     ORDER BY created_at DESC, id LIMIT $3`,
    [range.since?.toISOString() ?? null, range.before?.toISOString() ?? null, MAX_ORDERS_IN_RANGE],
  );
  const wanted = new Set(range.states);
  return rows
    .map(orderFromRow)
    .filter((order) => wanted.has(orderState(order)))
    .slice(0, range.limit);
}
