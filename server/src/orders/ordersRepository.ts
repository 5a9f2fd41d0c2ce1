/**
 * Orders: recorded as pending before the shopper is sent to pay, marked paid once (with where they
 * ship), then followed to the printer and the shopper's door.
 */
import { randomBytes } from 'node:crypto';
import type { ShirtColor, ShirtSize, ShirtStyle } from '@tshirt/shared/catalog';
import type { ShippingDetails } from '@tshirt/shared/types';
import type { Database, Queryable } from '../storage/database';
import { newId } from '../storage/ids';
import { createInsertBatcher } from '../storage/insertBatcher';

export type OrderStatus = 'pending' | 'paid';

/**
 * Where a paid order is on its way to the printer: `ready_to_print` (no print provider: the owner
 * prints it), `queued` (waiting to be sent), `in_production` (the provider has it), `shipped`,
 * `problem` (the provider reported one), `failed` (sending gave up; the owner may resubmit).
 */
export const FULFILLMENT_STATES = [
  'ready_to_print',
  'queued',
  'in_production',
  'shipped',
  'problem',
  'failed',
] as const;
export type Fulfillment = (typeof FULFILLMENT_STATES)[number];

/** The address part of the shipping details (the email is kept beside it). */
export type ShipTo = Omit<ShippingDetails, 'email'>;

export interface Tracking {
  carrier: string;
  number: string;
  url: string;
}

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
  /** The secret in the order page's link: whoever holds it may see the order, nobody else. */
  accessToken: string | null;
  createdAt: Date;
  paidAt: Date | null;
  email: string | null;
  shipTo: ShipTo | null;
  fulfillment: Fulfillment | null;
  /** Why the last submission failed, or what the provider reported. */
  fulfillmentError: string | null;
  submitAttempts: number;
  providerOrderId: string | null;
  tracking: Tracking | null;
  shippedAt: Date | null;
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
  access_token: string | null;
  created_at: Date;
  paid_at: Date | null;
  email: string | null;
  ship_to: ShipTo | string | null;
  fulfillment: Fulfillment | null;
  fulfillment_error: string | null;
  submit_attempts: number;
  provider_order_id: string | null;
  carrier: string | null;
  tracking_number: string | null;
  tracking_url: string | null;
  shipped_at: Date | null;
}

const dateOrNull = (value: Date | string | null) => (value === null ? null : new Date(value));

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
    accessToken: row.access_token,
    createdAt: new Date(row.created_at),
    paidAt: dateOrNull(row.paid_at),
    email: row.email,
    shipTo:
      typeof row.ship_to === 'string' ? (JSON.parse(row.ship_to) as ShipTo) : (row.ship_to ?? null),
    fulfillment: row.fulfillment,
    fulfillmentError: row.fulfillment_error,
    submitAttempts: row.submit_attempts,
    providerOrderId: row.provider_order_id,
    tracking:
      row.tracking_number === null
        ? null
        : {
            carrier: row.carrier ?? '',
            number: row.tracking_number,
            url: row.tracking_url ?? '',
          },
    shippedAt: dateOrNull(row.shipped_at),
  };
}

/** 144 random bits, URL-safe: the order page's secret. */
export function newAccessToken(): string {
  return randomBytes(18).toString('base64url');
}

export const ACCESS_TOKEN_PATTERN = '^[A-Za-z0-9_-]{24}$';
const ACCESS_TOKEN_REGEX = new RegExp(ACCESS_TOKEN_PATTERN);

export function isAccessToken(value: string): boolean {
  return ACCESS_TOKEN_REGEX.test(value);
}

/** A pending order as it will be stored, before it is written (the payment link needs its id). */
export function draftOrder(order: NewOrder, now: Date): Order {
  return {
    ...order,
    id: newId(),
    status: 'pending',
    totalCents: order.unitPriceCents * order.quantity,
    paymentReference: null,
    accessToken: newAccessToken(),
    createdAt: now,
    paidAt: null,
    email: null,
    shipTo: null,
    fulfillment: null,
    fulfillmentError: null,
    submitAttempts: 0,
    providerOrderId: null,
    tracking: null,
    shippedAt: null,
  };
}

export interface Payment {
  /** The provider's id for the payment (Stripe's session id); kept when absent. */
  reference?: string;
  /** Where it ships and whom to tell; absent when the provider did not collect them. */
  shipping?: ShippingDetails;
  /** Where the paid order goes next. */
  fulfillment: Extract<Fulfillment, 'ready_to_print' | 'queued'>;
}

/** Work done in the same transaction as a change of state (a job put on the queue). */
export type InTransaction = (tx: Queryable, order: Order) => Promise<void>;

/** Which orders the owner lists: one state of the order's life, or every order. */
export type OrderFilter = 'pending' | Fulfillment | undefined;

export interface OrdersRepository {
  /** Writes a drafted order, with its payment reference, in one statement. */
  insertPending(order: Order): Promise<Order>;
  find(id: string): Promise<Order | undefined>;
  findByAccessToken(token: string): Promise<Order | undefined>;
  findByPaymentReference(reference: string): Promise<Order | undefined>;
  setPaymentReference(id: string, reference: string): Promise<void>;
  /**
   * Marks a pending order paid, with its shipping details, and runs `inTransaction` in the same
   * transaction; undefined when it was already paid or does not exist (idempotent).
   */
  markPaid(id: string, payment: Payment, inTransaction?: InTransaction): Promise<Order | undefined>;
  /** Notes a failed submission (it will be tried again); counts the attempt. */
  recordSubmitError(id: string, error: string): Promise<void>;
  /** The provider has the order; false when it was no longer waiting to be sent. */
  markInProduction(id: string, providerOrderId: string): Promise<boolean>;
  /** Sending gave up: the owner sees it and may resubmit. */
  markSubmitFailed(id: string, error: string): Promise<void>;
  /** The provider shipped it (a repeated notice updates the tracking). */
  markShipped(id: string, tracking: Tracking): Promise<Order | undefined>;
  /** The provider reported a problem (failed, cancelled, on hold). */
  markProblem(id: string, reason: string): Promise<Order | undefined>;
  /** Puts a failed, troubled or ready-to-print paid order back on its way to the provider. */
  requeue(id: string, inTransaction: InTransaction): Promise<Order | undefined>;
  remove(id: string): Promise<void>;
  listRecent(limit: number, filter?: OrderFilter): Promise<Order[]>;
}

export function createOrdersRepository(db: Database): OrdersRepository {
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
      'access_token',
    ],
    key: 'id',
    returning: '*',
  });

  async function updateOne(sql: string, params: readonly unknown[]): Promise<Order | undefined> {
    const rows = await db.query<OrderRow>(sql, params);
    return rows[0] && fromRow(rows[0]);
  }

  /** One change of state and the work that must happen with it, or neither. */
  function updateWith(
    sql: string,
    params: readonly unknown[],
    inTransaction?: InTransaction,
  ): Promise<Order | undefined> {
    return db.transaction(async (tx) => {
      const rows = await tx.query<OrderRow>(sql, params);
      const order = rows[0] && fromRow(rows[0]);
      if (order && inTransaction) await inTransaction(tx, order);
      return order;
    });
  }

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
        order.accessToken,
      ]);
      return fromRow(row);
    },
    find: (id) => updateOne('SELECT * FROM orders WHERE id = $1', [id]),
    findByAccessToken: (token) =>
      updateOne('SELECT * FROM orders WHERE access_token = $1', [token]),
    findByPaymentReference: (reference) =>
      updateOne('SELECT * FROM orders WHERE payment_reference = $1', [reference]),
    async setPaymentReference(id, reference) {
      await db.query('UPDATE orders SET payment_reference = $2 WHERE id = $1', [id, reference]);
    },
    markPaid(id, { reference, shipping, fulfillment }, inTransaction) {
      const shipTo = shipping && {
        name: shipping.name,
        line1: shipping.line1,
        line2: shipping.line2,
        city: shipping.city,
        state: shipping.state,
        postalCode: shipping.postalCode,
        country: shipping.country,
      };
      return updateWith(
        `UPDATE orders SET status = 'paid', paid_at = now(),
           payment_reference = COALESCE($2, payment_reference),
           email = COALESCE($3, email), ship_to = COALESCE($4::jsonb, ship_to), fulfillment = $5
         WHERE id = $1 AND status = 'pending' RETURNING *`,
        [
          id,
          reference ?? null,
          shipping?.email ?? null,
          shipTo ? JSON.stringify(shipTo) : null,
          fulfillment,
        ],
        inTransaction,
      );
    },
    async recordSubmitError(id, error) {
      await db.query(
        `UPDATE orders SET fulfillment_error = $2, submit_attempts = submit_attempts + 1
         WHERE id = $1`,
        [id, error.slice(0, 1000)],
      );
    },
    async markInProduction(id, providerOrderId) {
      const order = await updateOne(
        `UPDATE orders SET fulfillment = 'in_production', provider_order_id = $2,
           fulfillment_error = NULL, submit_attempts = submit_attempts + 1
         WHERE id = $1 AND fulfillment = 'queued' RETURNING *`,
        [id, providerOrderId],
      );
      return order !== undefined;
    },
    async markSubmitFailed(id, error) {
      await db.query(
        `UPDATE orders SET fulfillment = 'failed', fulfillment_error = $2,
           submit_attempts = submit_attempts + 1
         WHERE id = $1 AND fulfillment = 'queued'`,
        [id, error.slice(0, 1000)],
      );
    },
    markShipped: (id, tracking) =>
      updateOne(
        `UPDATE orders SET fulfillment = 'shipped', carrier = $2, tracking_number = $3,
           tracking_url = $4, shipped_at = COALESCE(shipped_at, now()), fulfillment_error = NULL
         WHERE id = $1 AND status = 'paid' RETURNING *`,
        [id, tracking.carrier, tracking.number, tracking.url],
      ),
    markProblem: (id, reason) =>
      updateOne(
        `UPDATE orders SET fulfillment = 'problem', fulfillment_error = $2
         WHERE id = $1 AND status = 'paid' AND fulfillment <> 'shipped' RETURNING *`,
        [id, reason.slice(0, 1000)],
      ),
    requeue: (id, inTransaction) =>
      updateWith(
        `UPDATE orders SET fulfillment = 'queued', fulfillment_error = NULL, submit_attempts = 0
         WHERE id = $1 AND status = 'paid'
           AND fulfillment IN ('failed', 'problem', 'ready_to_print') RETURNING *`,
        [id],
        inTransaction,
      ),
    async remove(id) {
      await db.query('DELETE FROM orders WHERE id = $1', [id]);
    },
    async listRecent(limit, filter) {
      const where =
        filter === undefined
          ? ''
          : filter === 'pending'
            ? "WHERE status = 'pending'"
            : 'WHERE fulfillment = $2';
      const rows = await db.query<OrderRow>(
        `SELECT * FROM orders ${where} ORDER BY created_at DESC, id LIMIT $1`,
        filter === undefined || filter === 'pending' ? [limit] : [limit, filter],
      );
      return rows.map(fromRow);
    },
  };
}
