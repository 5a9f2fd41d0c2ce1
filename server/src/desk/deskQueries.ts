/**
 * The desk's own reads: orders of some states placed between two moments, for its list and its
 * CSV export. The state is the order module's, derived once by the database (`orders.state`).
 */
import type { OrderState } from '../orders/orderLife';
import { orderFromRow, type Order, type OrderRow } from '../orders/ordersRepository';
import type { Queryable } from '../storage/database';

/** Orders an export reads at most: a shop's months, never the whole table of a large one by mistake. */
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
     WHERE state = ANY($1::text[])
       AND ($2::timestamptz IS NULL OR created_at >= $2) AND ($3::timestamptz IS NULL OR created_at < $3)
     ORDER BY created_at DESC, id LIMIT $4`,
    [
      [...range.states],
      range.since?.toISOString() ?? null,
      range.before?.toISOString() ?? null,
      Math.min(range.limit, MAX_ORDERS_IN_RANGE),
    ],
  );
  return rows.map(orderFromRow);
}
