/** The owner's notes on an order (`order_notes`): seen on the desk only, never by the shopper. */
import type { Queryable } from '../storage/database';

export interface OrderNote {
  id: number;
  at: Date;
  text: string;
}

/** The order's notes, oldest first. */
export async function orderNotes(db: Queryable, orderId: string): Promise<OrderNote[]> {
  const rows = await db.query<{ id: string | number; at: Date | string; text: string }>(
    'SELECT id, at, text FROM order_notes WHERE order_id = $1 ORDER BY id',
    [orderId],
  );
  return rows.map((row) => ({ id: Number(row.id), at: new Date(row.at), text: row.text }));
}

export async function addOrderNote(
  db: Queryable,
  orderId: string,
  text: string,
  at: Date,
): Promise<void> {
  await db.query('INSERT INTO order_notes (order_id, at, text) VALUES ($1, $2, $3)', [
    orderId,
    at.toISOString(),
    text,
  ]);
}
