/**
 * Every refund path does the same thing wherever it starts (issue 49, point 2): a refund made in
 * Stripe's dashboard takes the order back from the print shop when it has not shipped (or tells
 * the owner why it could not), records the amount and emails the shopper; the owner refunds part
 * of an order, after shipping too, never more than remains.
 */
import { chargeRefundedEvent } from '@tshirt/tooling/test/stripeStandIn';
import { waitUntil } from '@tshirt/tooling/test/waitUntil';
import type { AdminOrder } from '../src/routes/creator/admin';
import { withStoreAndStandIns } from './fixtures';
import { VALID_ORDER } from './helpers';
import { paidThroughStripe } from './orderLinks';

const ADMIN_TOKEN = 'refund-paths-admin-token-0123456789';
const OWNER = { authorization: `Bearer ${ADMIN_TOKEN}` };
const TOTAL_CENTS = 1999 * VALID_ORDER.quantity + 699;

const server = withStoreAndStandIns({
  standIns: { stripe: true, printProvider: true },
  env: {
    ADMIN_TOKEN,
    PUBLIC_URL: 'https://shop.example',
    STRIPE_TIMEOUT_MS: '1000',
    PRINT_PROVIDER_TIMEOUT_MS: '1000',
    PRINT_SUBMIT_RETRY_DELAY_SECONDS: '1',
  },
});

const stateOf = async (id: string) => (await server.app.repositories.orders.find(id))?.fulfillment;

/** A Stripe-paid order the print shop accepted (in production). */
async function orderAtThePrintShop(): Promise<{ id: string; paymentIntent: string }> {
  const paid = await paidThroughStripe(server.app, server.stripe, server.request);
  await waitUntil(
    async () => (await stateOf(paid.id)) === 'in_production',
    'the print shop accepted the order',
  );
  return paid;
}

function dashboardRefund(id: string, paymentIntent: string, amountRefunded: number) {
  return server.stripe.sendEvent(
    server.request,
    chargeRefundedEvent({
      paymentIntent,
      amount: TOTAL_CENTS,
      amountRefunded,
      metadata: { order_id: id },
    }),
  );
}

/** The emails written for the order, oldest first: `audience:kind (amount)`. */
async function emailsOf(id: string): Promise<string[]> {
  const rows = await server.db.query<{
    audience: string;
    kind: string;
    amount_cents: number | null;
  }>(
    `SELECT audience, kind, amount_cents FROM order_emails WHERE order_id = $1
     ORDER BY queued_at, message_id`,
    [id],
  );
  return rows.map(
    (row) =>
      `${row.audience}:${row.kind}${row.amount_cents === null ? '' : ` ${row.amount_cents}`}`,
  );
}

async function adminOrder(id: string): Promise<AdminOrder> {
  const answer = await server.request(`/creator/admin/orders/${id}`, { headers: OWNER });
  return ((await answer.json()) as { order: AdminOrder }).order;
}

function refundPart(id: string, body: unknown) {
  return server.request(`/creator/admin/orders/${id}/refund`, {
    method: 'POST',
    headers: { ...OWNER, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

describe('a full refund made in Stripe’s dashboard', () => {
  it('cancels the order at the print shop, so a later shipment notice ships nothing free', async () => {
    const { id, paymentIntent } = await orderAtThePrintShop();
    expect((await dashboardRefund(id, paymentIntent, TOTAL_CENTS)).status).toBe(200);

    expect(server.printProvider.orders.get(id)?.status).toBe('canceled');
    expect(await stateOf(id)).toBe('refunded');
    expect(await emailsOf(id)).toEqual(['shopper:confirmed', `shopper:refunded ${TOTAL_CENTS}`]);
    expect(await adminOrder(id)).toMatchObject({
      paymentStatus: 'refunded',
      refundedCents: TOTAL_CENTS,
      marginCents: 0,
    });

    await server.printProvider.sendEvent(server.url, 'package_shipped', id, {
      data: { shipment: { carrier: 'UPS', tracking_number: '1Z999', tracking_url: '' } },
    });
    expect(await stateOf(id)).toBe('refunded');
  });

  it('tells the owner when the print shop had started it and would not cancel', async () => {
    const { id, paymentIntent } = await orderAtThePrintShop();
    server.printProvider.orders.get(id)!.status = 'inprocess';
    expect((await dashboardRefund(id, paymentIntent, TOTAL_CENTS)).status).toBe(200);

    expect(server.printProvider.orders.get(id)?.status).toBe('inprocess');
    expect(await stateOf(id)).toBe('refunded');
    expect(await emailsOf(id)).toEqual(
      expect.arrayContaining(['owner:not_stopped', `shopper:refunded ${TOTAL_CENTS}`]),
    );
    const history = await server.app.repositories.orders.history(id);
    expect(history.find((entry) => entry.event === 'refund_not_stopped')?.note).toMatch(
      /print shop was not stopped/,
    );
  });
});

describe('the owner’s partial refund', () => {
  it('refunds a damaged shirt’s part after shipping, never more than remains', async () => {
    const { id, paymentIntent } = await orderAtThePrintShop();
    await server.printProvider.sendEvent(server.url, 'package_shipped', id, {
      data: { shipment: { carrier: 'UPS', tracking_number: '1Z123', tracking_url: '' } },
    });
    expect(await stateOf(id)).toBe('shipped');

    const part = await refundPart(id, { amountCents: 500, reason: 'A damaged shirt' });
    expect(part.status).toBe(200);
    expect(((await part.json()) as { order: AdminOrder }).order).toMatchObject({
      state: 'shipped',
      paymentStatus: 'partly_refunded',
      refundedCents: 500,
    });
    const asked = [...server.stripe.refunds.values()].filter(
      (refund) => refund.paymentIntent === paymentIntent,
    );
    expect(asked.map((refund) => refund.amount)).toEqual([500]);

    const tooMuch = await refundPart(id, { amountCents: TOTAL_CENTS, reason: 'All of it' });
    expect(tooMuch.status).toBe(400);
    expect(((await tooMuch.json()) as { error: { code: string } }).error.code).toBe(
      'invalid_amount',
    );

    const rest = await refundPart(id, { amountCents: TOTAL_CENTS - 500, reason: 'All the rest' });
    expect(rest.status).toBe(200);
    expect(await stateOf(id)).toBe('refunded');
    expect(
      [...server.stripe.refunds.values()]
        .filter((refund) => refund.paymentIntent === paymentIntent)
        .map((refund) => refund.amount),
    ).toEqual([500, TOTAL_CENTS - 500]);
    expect(await emailsOf(id)).toEqual([
      'shopper:confirmed',
      'shopper:shipped',
      'shopper:partly_refunded 500',
      `shopper:refunded ${TOTAL_CENTS - 500}`,
    ]);
  });

  it('sends an order not yet shipped to cancel-and-refund for all that remains', async () => {
    const { id } = await orderAtThePrintShop();
    const all = await refundPart(id, { amountCents: TOTAL_CENTS });
    expect(all.status).toBe(409);
    expect(((await all.json()) as { error: { code: string } }).error.code).toBe(
      'use_cancel_and_refund',
    );
    expect(await stateOf(id)).toBe('in_production');
  });
});
