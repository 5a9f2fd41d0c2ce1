/**
 * Orders that have waited on the shop too long (paid but not in production, held, waiting for an
 * address, failed, returned: longer than STUCK_ORDER_HOURS): the desk lists them at its top and the
 * owner is emailed once for each stay in such a state, however many instances look.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { OrderState } from '../../orders/orderLife';
import { statusesWhere } from '../../orders/orderStatus';
import { orderFromRow, type Order, type OrderRow } from '../../orders/ordersRepository';

/** The states in which an order waits for the shop, not for the printer or the carrier. */
export const WAITING_ON_THE_SHOP: readonly OrderState[] = statusesWhere(
  (status) => status.waitsOnShop,
);

export interface StuckOrder {
  order: Order;
  /** When it entered the state it is stuck in. */
  since: Date;
  /** The history entry of that entry (0 for an order paid before there was a history). */
  enteredEventId: number;
}

export interface StuckOrders {
  /** Orders stuck now, longest first. */
  list(): Promise<StuckOrder[]>;
  /** Emails the owner about each stuck order not yet told of; how many alerts were written. */
  alertOwner(): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    stuckOrders: StuckOrders;
  }
}

/** How often each instance looks: often enough for hours, rarely enough to cost nothing. */
const CHECK_EVERY_MS = 10 * 60_000;

async function stuckOrdersPlugin(app: FastifyInstance) {
  const { stuckOrderHours } = app.appConfig.mail;

  async function list(): Promise<StuckOrder[]> {
    const rows = await app.db.query<OrderRow & { entered_event: string | number; since: Date }>(
      `SELECT o.*, COALESCE(e.id, 0) AS entered_event, COALESCE(e.at, o.paid_at) AS since
       FROM orders o
       LEFT JOIN LATERAL (
         SELECT id, at FROM order_events
         WHERE order_id = o.id AND to_state IS NOT NULL ORDER BY id DESC LIMIT 1
       ) e ON true
       WHERE o.status = 'paid' AND o.fulfillment = ANY($1::text[])
         AND COALESCE(e.at, o.paid_at) < $2
       ORDER BY since`,
      [
        WAITING_ON_THE_SHOP,
        new Date(app.clock().getTime() - stuckOrderHours * 3600_000).toISOString(),
      ],
    );
    return rows.map((row) => ({
      order: orderFromRow(row),
      since: new Date(row.since),
      enteredEventId: Number(row.entered_event),
    }));
  }

  async function alertOwner(): Promise<number> {
    let written = 0;
    for (const stuck of await list()) {
      const told = await app.db.transaction((tx) =>
        app.orderMail.enqueueOwnerAlert(
          tx,
          stuck.order,
          'stuck',
          stuck.enteredEventId,
          app.clock(),
        ),
      );
      if (told) written += 1;
    }
    return written;
  }

  const timer = setInterval(() => {
    alertOwner().catch((error: unknown) =>
      app.log.error({ err: error }, 'looking for stuck orders failed'),
    );
  }, CHECK_EVERY_MS);
  timer.unref();
  app.addHook('onClose', () => clearInterval(timer));
  app.addHook('onReady', () => {
    void alertOwner().catch((error: unknown) =>
      app.log.error({ err: error }, 'looking for stuck orders failed'),
    );
  });

  app.decorate('stuckOrders', { list, alertOwner } satisfies StuckOrders);
}

export default fp(stuckOrdersPlugin, {
  name: 'stuck-orders',
  dependencies: ['storage', 'order-mail'],
  decorators: { fastify: ['appConfig'] },
});
