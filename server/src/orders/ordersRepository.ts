/**
 * Orders: recorded as pending before the shopper is sent to pay, marked paid once (with where they
 * ship), then followed to the printer and the shopper's door.
 */
import { randomBytes } from 'node:crypto';
import type { ShirtColor, ShirtSize, ShirtStyle } from '@tshirt/shared/catalog';
import type { OrderAmounts } from '@tshirt/shared/money';
import type { ShipTo } from '@tshirt/shared/types';
import type { Database, Queryable } from '../storage/database';
import { createInsertBatcher } from '../storage/insertBatcher';
import type { DailyEarnings } from './orderEarnings';
import {
  decide,
  ORDER_STATES,
  type Decision,
  type OrderEvent,
  type OrderState,
  type PaidState,
  type ProviderCost,
  type Tracking,
} from './orderLife';
import { canonicalOrderNumber, newOrderNumber, ORDER_ID_SOURCE } from './orderNumber';

export type { ShipTo } from '@tshirt/shared/types';
export type { ProviderCost, Tracking } from './orderLife';

export type OrderStatus = 'pending' | 'paid';

/** Where a paid order is in its life (orders/orderLife.ts): every state but `pending`. */
export const FULFILLMENT_STATES = ORDER_STATES.filter(
  (state): state is PaidState => state !== 'pending',
);
export type Fulfillment = PaidState;

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
  /** Shipping quoted at checkout (the first zone's rate); payment settles it for the address. */
  shippingCents: number;
  currency: string;
  paymentProvider: string;
}

export interface Order extends NewOrder, OrderAmounts {
  id: string;
  status: OrderStatus;
  /** Where it is in its life, as the database derives it (the `state` column, migration 014). */
  state: OrderState;
  paymentReference: string | null;
  /** The secret in the order page's link: whoever holds it may see the order, nobody else. */
  accessToken: string | null;
  /**
   * The secret in the built-in payment page's link (`/pay/<token>`); null for orders made before
   * order numbers were readable, whose random id was that link's secret.
   */
  paymentToken: string | null;
  createdAt: Date;
  paidAt: Date | null;
  email: string | null;
  shipTo: ShipTo | null;
  fulfillment: Fulfillment | null;
  /** Why the last submission failed, or what the provider reported. */
  fulfillmentError: string | null;
  submitAttempts: number;
  providerOrderId: string | null;
  /** Which submission to the provider this is: the first is sent as the order id, later ones `<id>-<n>`. */
  providerAttempt: number;
  /**
   * What the provider charges for the order it accepted (the current attempt's); null while it is
   * unknown: not sent, no provider configured, or the provider did not say.
   */
  providerCost: ProviderCost | null;
  tracking: Tracking | null;
  shippedAt: Date | null;
  refundedAt: Date | null;
  /** What went back to the shopper so far, every refund counted once (`order_refunds_made`). */
  refundedCents: number;
  /** What the print orders before the current one cost (reprints: each print order is a cost). */
  earlierPrintCostCents: number;
}

export interface OrderRow {
  id: string;
  status: OrderStatus;
  state: OrderState;
  product_name: string;
  shirt_color: ShirtColor;
  shirt_style: ShirtStyle;
  shirt_size: ShirtSize;
  quantity: number;
  image_path: string;
  prompt: string;
  unit_price_cents: number;
  subtotal_cents: number;
  shipping_cents: number;
  tax_cents: number;
  total_cents: number;
  currency: string;
  payment_provider: string;
  payment_reference: string | null;
  access_token: string | null;
  payment_token: string | null;
  created_at: Date;
  paid_at: Date | null;
  email: string | null;
  ship_to: ShipTo | string | null;
  fulfillment: Fulfillment | null;
  fulfillment_error: string | null;
  submit_attempts: number;
  provider_order_id: string | null;
  provider_attempt: number;
  cost_items_cents: number | null;
  cost_shipping_cents: number | null;
  cost_tax_cents: number | null;
  cost_total_cents: number | null;
  carrier: string | null;
  tracking_number: string | null;
  tracking_url: string | null;
  shipped_at: Date | null;
  refunded_at: Date | null;
  refunded_cents: number;
  earlier_print_cost_cents: number;
}

const dateOrNull = (value: Date | string | null) => (value === null ? null : new Date(value));

export function orderFromRow(row: OrderRow): Order {
  return {
    id: row.id,
    status: row.status,
    state: row.state,
    productName: row.product_name,
    shirtColor: row.shirt_color,
    shirtStyle: row.shirt_style,
    shirtSize: row.shirt_size,
    quantity: row.quantity,
    imagePath: row.image_path,
    prompt: row.prompt,
    unitPriceCents: row.unit_price_cents,
    subtotalCents: row.subtotal_cents ?? row.total_cents,
    shippingCents: row.shipping_cents ?? 0,
    taxCents: row.tax_cents ?? 0,
    totalCents: row.total_cents,
    currency: row.currency,
    paymentProvider: row.payment_provider,
    paymentReference: row.payment_reference,
    accessToken: row.access_token,
    paymentToken: row.payment_token ?? null,
    createdAt: new Date(row.created_at),
    paidAt: dateOrNull(row.paid_at),
    email: row.email,
    shipTo:
      typeof row.ship_to === 'string' ? (JSON.parse(row.ship_to) as ShipTo) : (row.ship_to ?? null),
    fulfillment: row.fulfillment,
    fulfillmentError: row.fulfillment_error,
    submitAttempts: row.submit_attempts,
    providerOrderId: row.provider_order_id,
    providerAttempt: row.provider_attempt ?? 1,
    providerCost:
      row.cost_total_cents === null || row.cost_total_cents === undefined
        ? null
        : {
            itemsCents: row.cost_items_cents ?? 0,
            shippingCents: row.cost_shipping_cents ?? 0,
            taxCents: row.cost_tax_cents ?? 0,
            totalCents: row.cost_total_cents,
          },
    tracking:
      row.tracking_number === null
        ? null
        : {
            carrier: row.carrier ?? '',
            number: row.tracking_number,
            url: row.tracking_url ?? '',
          },
    shippedAt: dateOrNull(row.shipped_at),
    refundedAt: dateOrNull(row.refunded_at ?? null),
    refundedCents: row.refunded_cents ?? 0,
    earlierPrintCostCents: row.earlier_print_cost_cents ?? 0,
  };
}

/** 144 random bits, URL-safe: the secret of the order's page, and of its payment page. */
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
  const subtotalCents = order.unitPriceCents * order.quantity;
  return {
    ...order,
    id: newOrderNumber(),
    status: 'pending',
    state: 'pending',
    subtotalCents,
    taxCents: 0,
    totalCents: subtotalCents + order.shippingCents,
    paymentReference: null,
    accessToken: newAccessToken(),
    paymentToken: newAccessToken(),
    createdAt: now,
    paidAt: null,
    email: null,
    shipTo: null,
    fulfillment: null,
    fulfillmentError: null,
    submitAttempts: 0,
    providerOrderId: null,
    providerAttempt: 1,
    providerCost: null,
    tracking: null,
    shippedAt: null,
    refundedAt: null,
    refundedCents: 0,
    earlierPrintCostCents: 0,
  };
}

/** The order's state in its life, as the database derived it (the `state` column). */
export function orderState(order: Pick<Order, 'state'>): OrderState {
  return order.state;
}

/** The id the print provider knows this attempt by: the order id, then `<id>-2`, `<id>-3`… */
export function providerExternalId(order: Pick<Order, 'id' | 'providerAttempt'>): string {
  return order.providerAttempt <= 1 ? order.id : `${order.id}-${order.providerAttempt}`;
}

const EXTERNAL_ID_REGEX = new RegExp(`^(${ORDER_ID_SOURCE})(?:-([2-9]|[1-9]\\d{1,3}))?$`);

/** The order id and attempt a provider's external id names; undefined for anything else. */
export function parseProviderExternalId(
  externalId: string,
): { orderId: string; attempt: number } | undefined {
  const match = EXTERNAL_ID_REGEX.exec(externalId);
  if (!match) return undefined;
  return { orderId: match[1] as string, attempt: match[2] === undefined ? 1 : Number(match[2]) };
}

/** Who made an event happen, as the order's history says. */
export type EventSource = 'payment' | 'print-queue' | 'provider' | 'shopper' | 'owner';

/** One line of an order's history: what happened, from where, and what it did. */
export interface OrderHistoryEntry {
  id: number;
  at: Date;
  source: EventSource;
  event: string;
  fromState: OrderState | null;
  /** null: the event was recorded but changed nothing (`note` says why). */
  toState: OrderState | null;
  note: string | null;
}

/** What applying an event did: the order as it now is, and the decision (none: no such order). */
export interface Applied {
  order: Order | undefined;
  decision: Decision | undefined;
  /** The history entry written for the event. */
  eventId: number | undefined;
}

/** Work done in the same transaction as a change of state (jobs put on the queues). */
export type InTransaction = (
  tx: Queryable,
  change: { order: Order; decision: Extract<Decision, { moves: true }>; eventId: number },
) => Promise<void>;

/** Which orders the owner lists: one state of the order's life, or every order. */
export type OrderFilter = OrderState | undefined;

export interface OrdersRepository {
  /** Writes a drafted order, with its payment reference, in one statement. */
  insertPending(order: Order): Promise<Order>;
  find(id: string): Promise<Order | undefined>;
  findByAccessToken(token: string): Promise<Order | undefined>;
  findByPaymentToken(token: string): Promise<Order | undefined>;
  findByPaymentReference(reference: string): Promise<Order | undefined>;
  setPaymentReference(id: string, reference: string): Promise<void>;
  /**
   * Applies one event of the order's life, in one transaction with the order locked: moves the
   * order as `orders/orderLife.ts` allows and runs `inTransaction` with it, or records the event
   * as ignored with the reason. Every event, moved or not, is written to the order's history.
   */
  applyEvent(
    id: string,
    event: OrderEvent,
    source: EventSource,
    inTransaction?: InTransaction,
  ): Promise<Applied>;
  /** Writes an event that changes nothing to the order's history, with why. */
  noteEvent(id: string, source: EventSource, event: string, note: string): Promise<void>;
  /** Notes a failed submission that will be tried again; counts the attempt. */
  recordSubmitError(id: string, error: string): Promise<void>;
  /** The order's history, oldest first. */
  history(id: string): Promise<OrderHistoryEntry[]>;
  remove(id: string): Promise<void>;
  listRecent(limit: number, filter?: OrderFilter): Promise<Order[]>;
  /** Orders in any of `states`, newest first. */
  listInStates(states: readonly OrderState[], limit: number): Promise<Order[]>;
  /**
   * Orders the owner looks for by what they have at hand, newest first: the order number (or its
   * start), the print provider's order id, or part of the shopper's email or name.
   */
  search(text: string, limit: number): Promise<Order[]>;
  /** How many orders are in each state (states with none are absent). */
  countByState(): Promise<Partial<Record<OrderState, number>>>;
  /** The sales of the last `days` days that had any, newest first (orderEarnings.ts says what counts). */
  dailyEarnings(days: number): Promise<DailyEarnings[]>;
}

/** `text` matched literally by LIKE (its `%`, `_` and `\\` escaped). */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

const NOW = Symbol('now');
type Changes = Partial<Record<keyof OrderRow, unknown>>;

/** The provider's cost as its columns; all null when it is unknown. */
function costColumns(cost: ProviderCost | undefined): Changes {
  return {
    cost_items_cents: cost?.itemsCents ?? null,
    cost_shipping_cents: cost?.shippingCents ?? null,
    cost_tax_cents: cost?.taxCents ?? null,
    cost_total_cents: cost?.totalCents ?? null,
  };
}

const NOTHING_SPENT: ProviderCost = { itemsCents: 0, shippingCents: 0, taxCents: 0, totalCents: 0 };

/** What an event changes besides the state, from the locked row. */
function changesFor(event: OrderEvent, row: OrderRow): Changes {
  const backOnItsWay: Changes = {
    fulfillment_error: null,
    submit_attempts: 0,
    // The provider's order for the last attempt is dead or done: the next one is a new order there.
    provider_attempt: row.provider_attempt + (row.provider_order_id === null ? 0 : 1),
    provider_order_id: null,
    // The print order it leaves behind was paid for: its cost stays in the order's costs.
    earlier_print_cost_cents: row.earlier_print_cost_cents + (row.cost_total_cents ?? 0),
    ...costColumns(undefined),
    carrier: null,
    tracking_number: null,
    tracking_url: null,
    shipped_at: null,
  };
  switch (event.type) {
    case 'paid': {
      const { shipping, reference, charged } = event;
      return {
        status: 'paid',
        paid_at: NOW,
        ...(reference !== undefined && { payment_reference: reference }),
        ...(charged && {
          shipping_cents: charged.shippingCents,
          tax_cents: charged.taxCents,
          total_cents: charged.totalCents,
        }),
        ...(shipping && {
          email: shipping.email,
          ship_to: {
            name: shipping.name,
            line1: shipping.line1,
            line2: shipping.line2,
            city: shipping.city,
            state: shipping.state,
            postalCode: shipping.postalCode,
            country: shipping.country,
          } satisfies ShipTo,
        }),
      };
    }
    case 'submitted':
      return {
        provider_order_id: event.providerOrderId,
        ...costColumns(event.cost),
        fulfillment_error: null,
        submit_attempts: row.submit_attempts + 1,
      };
    case 'submit_failed':
      return {
        fulfillment_error: event.reason.slice(0, 1000),
        submit_attempts: row.submit_attempts + 1,
      };
    case 'provider_shipped':
    case 'shipped_by_hand':
      return {
        carrier: event.tracking.carrier,
        tracking_number: event.tracking.number,
        tracking_url: event.tracking.url,
        shipped_at: row.shipped_at ?? NOW,
        fulfillment_error: null,
      };
    case 'provider_cancelled':
    case 'cancelled_by_owner':
      return {
        fulfillment_error: event.reason.slice(0, 1000),
        // A print order cancelled before it was made costs nothing: the provider gives it back.
        ...(row.cost_total_cents !== null && costColumns(NOTHING_SPENT)),
      };
    case 'provider_returned':
    case 'provider_failed':
    case 'provider_hold':
      return { fulfillment_error: event.reason.slice(0, 1000) };
    case 'refunded':
      return { refunded_at: NOW };
    case 'partly_refunded':
      return {};
    case 'confirmation_resent':
      return {};
    case 'provider_hold_removed':
      return { fulfillment_error: null };
    case 'provider_delivered':
      return {};
    case 'resubmitted':
      return backOnItsWay;
    case 'address_corrected':
      return { ...backOnItsWay, ship_to: event.shipTo };
    case 'reprint_requested':
      return { ship_to: event.shipTo };
  }
}

/** A short line for the history: what the event brought. */
function eventNote(event: OrderEvent): string | null {
  switch (event.type) {
    case 'submitted':
      return `provider order ${event.providerOrderId}`;
    case 'submit_failed':
    case 'provider_returned':
    case 'provider_failed':
    case 'provider_cancelled':
    case 'provider_hold':
    case 'cancelled_by_owner':
    case 'refunded':
    case 'partly_refunded':
      return event.reason.slice(0, 300);
    case 'provider_shipped':
    case 'shipped_by_hand':
      return `${event.tracking.carrier} ${event.tracking.number}`.trim();
    case 'reprint_requested':
      return 'the shopper corrected the address: resubmit to send it again (a new print order)';
    default:
      return null;
  }
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
      'subtotal_cents',
      'shipping_cents',
      'tax_cents',
      'total_cents',
      'currency',
      'payment_provider',
      'payment_reference',
      'access_token',
      'payment_token',
    ],
    key: 'id',
    returning: '*',
  });

  async function updateOne(sql: string, params: readonly unknown[]): Promise<Order | undefined> {
    const rows = await db.query<OrderRow>(sql, params);
    return rows[0] && orderFromRow(rows[0]);
  }

  async function recordEvent(
    tx: Queryable,
    entry: Omit<OrderHistoryEntry, 'id' | 'at'> & { orderId: string },
  ): Promise<number> {
    const rows = await tx.query<{ id: string | number }>(
      `INSERT INTO order_events (order_id, source, event, from_state, to_state, note)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [entry.orderId, entry.source, entry.event, entry.fromState, entry.toState, entry.note],
    );
    return Number(rows[0]!.id);
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
        order.subtotalCents,
        order.shippingCents,
        order.taxCents,
        order.totalCents,
        order.currency,
        order.paymentProvider,
        order.paymentReference,
        order.accessToken,
        order.paymentToken,
      ]);
      return orderFromRow(row);
    },
    find: (id) => updateOne('SELECT * FROM orders WHERE id = $1', [id]),
    findByAccessToken: (token) =>
      updateOne('SELECT * FROM orders WHERE access_token = $1', [token]),
    findByPaymentToken: (token) =>
      updateOne('SELECT * FROM orders WHERE payment_token = $1', [token]),
    findByPaymentReference: (reference) =>
      updateOne('SELECT * FROM orders WHERE payment_reference = $1', [reference]),
    async setPaymentReference(id, reference) {
      await db.query('UPDATE orders SET payment_reference = $2 WHERE id = $1', [id, reference]);
    },
    applyEvent(id, event, source, inTransaction) {
      return db.transaction(async (tx): Promise<Applied> => {
        const [row] = await tx.query<OrderRow>('SELECT * FROM orders WHERE id = $1 FOR UPDATE', [
          id,
        ]);
        if (!row) return { order: undefined, decision: undefined, eventId: undefined };
        const current = orderFromRow(row);
        const decision = decide(
          { state: orderState(current), trackingNumber: row.tracking_number },
          event,
        );
        if (!decision.moves) {
          const eventId = await recordEvent(tx, {
            orderId: id,
            source,
            event: event.type,
            fromState: decision.from,
            toState: null,
            note: decision.reason,
          });
          return { order: current, decision, eventId };
        }
        const changes: Changes = { ...changesFor(event, row), fulfillment: decision.to };
        const columns = Object.keys(changes) as Array<keyof OrderRow>;
        const params: unknown[] = [id];
        const assignments = columns.map((column) => {
          const value = changes[column];
          if (value === NOW) return `${column} = now()`;
          params.push(column === 'ship_to' && value !== null ? JSON.stringify(value) : value);
          return `${column} = $${params.length}${column === 'ship_to' ? '::jsonb' : ''}`;
        });
        const [updated] = await tx.query<OrderRow>(
          `UPDATE orders SET ${assignments.join(', ')} WHERE id = $1 RETURNING *`,
          params,
        );
        const order = orderFromRow(updated!);
        const eventId = await recordEvent(tx, {
          orderId: id,
          source,
          event: event.type,
          fromState: decision.from,
          toState: decision.to,
          note: eventNote(event),
        });
        if (inTransaction) await inTransaction(tx, { order, decision, eventId });
        return { order, decision, eventId };
      });
    },
    async noteEvent(id, source, event, note) {
      const [row] = await db.query<OrderRow>('SELECT state FROM orders WHERE id = $1', [id]);
      await recordEvent(db, {
        orderId: id,
        source,
        event,
        fromState: row ? row.state : null,
        toState: null,
        note: note.slice(0, 500),
      });
    },
    async recordSubmitError(id, error) {
      await db.query(
        `UPDATE orders SET fulfillment_error = $2, submit_attempts = submit_attempts + 1
         WHERE id = $1`,
        [id, error.slice(0, 1000)],
      );
    },
    async history(id) {
      const rows = await db.query<{
        id: string | number;
        at: Date | string;
        source: EventSource;
        event: string;
        from_state: OrderState | null;
        to_state: OrderState | null;
        note: string | null;
      }>('SELECT * FROM order_events WHERE order_id = $1 ORDER BY id', [id]);
      return rows.map((row) => ({
        id: Number(row.id),
        at: new Date(row.at),
        source: row.source,
        event: row.event,
        fromState: row.from_state,
        toState: row.to_state,
        note: row.note,
      }));
    },
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
      return rows.map(orderFromRow);
    },
    async listInStates(states, limit) {
      const rows = await db.query<OrderRow>(
        `SELECT * FROM orders WHERE state = ANY($1::text[])
         ORDER BY created_at DESC, id LIMIT $2`,
        [[...states], limit],
      );
      return rows.map(orderFromRow);
    },
    async search(text, limit) {
      const typed = text.trim().slice(0, 200);
      if (!typed) return [];
      const words = canonicalOrderNumber(typed) ?? typed;
      const rows = await db.query<OrderRow>(
        `SELECT * FROM orders
         WHERE id = $1 OR provider_order_id = $1 OR id LIKE $2 ESCAPE '\\'
           OR lower(email) LIKE $3 ESCAPE '\\' OR lower(ship_to->>'name') LIKE $3 ESCAPE '\\'
         ORDER BY created_at DESC, id LIMIT $4`,
        [words, `${likeLiteral(words)}%`, `%${likeLiteral(words.toLowerCase())}%`, limit],
      );
      return rows.map(orderFromRow);
    },
    async countByState() {
      const rows = await db.query<{ state: OrderState; count: string | number }>(
        `SELECT state, count(*) AS count FROM orders GROUP BY 1`,
      );
      return Object.fromEntries(rows.map((row) => [row.state, Number(row.count)]));
    },
    async dailyEarnings(days) {
      // Sums of integers are bigint, which the driver answers as text: read back as numbers.
      const rows = await db.query<Record<string, string | number | null>>(
        `WITH sold AS (
           SELECT to_char(paid_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, currency,
                  total_cents - refunded_cents AS revenue_cents,
                  CASE WHEN cost_total_cents IS NULL AND earlier_print_cost_cents = 0 THEN NULL
                       ELSE earlier_print_cost_cents + coalesce(cost_total_cents, 0) END AS cost_cents,
                  CASE WHEN refunded_cents >= total_cents THEN 0 ELSE tax_cents END AS tax_kept
           FROM orders
           WHERE status = 'paid' AND paid_at IS NOT NULL
         ), last_days AS (
           SELECT DISTINCT day FROM sold ORDER BY day DESC LIMIT $1
         )
         -- orderEarnings.ts's marginCents, summed: revenue net of refunds, every print order's cost.
         SELECT day, currency, count(*) AS orders, sum(revenue_cents) AS revenue,
                count(cost_cents) AS costed, coalesce(sum(cost_cents), 0) AS cost,
                sum(revenue_cents - cost_cents - tax_kept) AS margin
         FROM sold WHERE day IN (SELECT day FROM last_days)
         GROUP BY day, currency ORDER BY day DESC, currency`,
        [days],
      );
      return rows.map((row) => ({
        day: String(row.day),
        currency: String(row.currency),
        orders: Number(row.orders),
        revenueCents: Number(row.revenue),
        costedOrders: Number(row.costed),
        costCents: Number(row.cost),
        marginCents: row.margin === null ? null : Number(row.margin),
      }));
    },
  };
}
