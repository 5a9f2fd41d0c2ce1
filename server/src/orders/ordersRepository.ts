/** Orders: recorded as pending before the shopper is sent to pay, marked paid once, never twice. */
import type { ShirtColor, ShirtSize, ShirtStyle } from '@tshirt/shared/catalog';
import type { Queryable } from '../storage/database';
import { newId } from '../storage/ids';
import { createInsertBatcher } from '../storage/insertBatcher';

export type OrderStatus = 'pending' | 'paid';

export interface NewOrder {
  productName: string;
  shirtColor: ShirtColor;
  shirtStyle: ShirtStyle;
  shirtSize: ShirtSize;
  quantity: number;
  /** Same-origin path of the artwork (a generated image or a pre-made design). */
  imagePath: string;
  prompt: string;
  unitPriceCents: number;
  currency: string;
  paymentProvider: string;
}

export interface Order extends NewOrder {
  id: string;
  status: OrderStatus;
  totalCents: number;
  paymentReference: string | null;
  createdAt: Date;
  paidAt: Date | null;
}

interface OrderRow {
  id: string;
  status: OrderStatus;
  product_name: string;
  shirt_color: ShirtColor;
  shirt_style: ShirtStyle;
  shirt_size: ShirtSize;
  quantity: number;
  image_path: string;
  prompt: string;
  unit_price_cents: number;
  total_cents: number;
  currency: string;
  payment_provider: string;
  payment_reference: string | null;
  created_at: Date;
  paid_at: Date | null;
}

function fromRow(row: OrderRow): Order {
  return {
    id: row.id,
    status: row.status,
    productName: row.product_name,
    shirtColor: row.shirt_color,
    shirtStyle: row.shirt_style,
    shirtSize: row.shirt_size,
    quantity: row.quantity,
    imagePath: row.image_path,
    prompt: row.prompt,
    unitPriceCents: row.unit_price_cents,
    totalCents: row.total_cents,
    currency: row.currency,
    paymentProvider: row.payment_provider,
    paymentReference: row.payment_reference,
    createdAt: new Date(row.created_at),
    paidAt: row.paid_at === null ? null : new Date(row.paid_at),
  };
}

/** A pending order as it will be stored, before it is written (the payment link needs its id). */
export function draftOrder(order: NewOrder, now: Date): Order {
  return {
    ...order,
    id: newId(),
    status: 'pending',
    totalCents: order.unitPriceCents * order.quantity,
    paymentReference: null,
    createdAt: now,
    paidAt: null,
  };
}

export interface OrdersRepository {
  /** Writes a drafted order, with its payment reference, in one statement. */
  insertPending(order: Order): Promise<Order>;
  find(id: string): Promise<Order | undefined>;
  setPaymentReference(id: string, reference: string): Promise<void>;
  /** Marks a pending order paid; false when it was already paid or does not exist (idempotent). */
  markPaid(id: string, reference?: string): Promise<boolean>;
  remove(id: string): Promise<void>;
  listRecent(limit: number): Promise<Order[]>;
}

export function createOrdersRepository(db: Queryable): OrdersRepository {
  // Checkouts arriving together are written in one statement; each is answered once it committed.
  const pendingOrders = createInsertBatcher<OrderRow & Record<string, unknown>>(db, {
    table: 'orders',
    columns: [
      'id',
      'status',
      'product_name',
      'shirt_color',
      'shirt_style',
      'shirt_size',
      'quantity',
      'image_path',
      'prompt',
      'unit_price_cents',
      'total_cents',
      'currency',
      'payment_provider',
      'payment_reference',
    ],
    key: 'id',
    returning: '*',
  });
  return {
    async insertPending(order) {
      const row = await pendingOrders.insert([
        order.id,
        'pending',
        order.productName,
        order.shirtColor,
        order.shirtStyle,
        order.shirtSize,
        order.quantity,
        order.imagePath,
        order.prompt,
        order.unitPriceCents,
        order.totalCents,
        order.currency,
        order.paymentProvider,
        order.paymentReference,
      ]);
      return fromRow(row);
    },
    async find(id) {
      const rows = await db.query<OrderRow>('SELECT * FROM orders WHERE id = $1', [id]);
      return rows[0] && fromRow(rows[0]);
    },
    async setPaymentReference(id, reference) {
      await db.query('UPDATE orders SET payment_reference = $2 WHERE id = $1', [id, reference]);
    },
    async markPaid(id, reference) {
      const rows = await db.query(
        `UPDATE orders SET status = 'paid', paid_at = now(),
           payment_reference = COALESCE($2, payment_reference)
         WHERE id = $1 AND status = 'pending' RETURNING id`,
        [id, reference ?? null],
      );
      return rows.length === 1;
    },
    async remove(id) {
      await db.query('DELETE FROM orders WHERE id = $1', [id]);
    },
    async listRecent(limit) {
      const rows = await db.query<OrderRow>(
        'SELECT * FROM orders ORDER BY created_at DESC, id LIMIT $1',
        [limit],
      );
      return rows.map(fromRow);
    },
  };
}
