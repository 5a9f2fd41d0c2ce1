/**
 * Refunding the shopper is the store's job, exactly once, against a stand-in of Stripe's API: the
 * owner's cancel-and-refund asks Stripe once under one idempotency key however often it is clicked
 * or retried; a refusal leaves the order as it was, with Stripe's words; a refund made in Stripe's
 * dashboard reaches the order through the signed webhook, and a signed event without its data is a
 * 400, never a 500.
 */
import { chargeRefundedEvent } from '@tshirt/tooling/test/stripeStandIn';
import { waitUntil } from '@tshirt/tooling/test/waitUntil';
import type { AdminOrder, AdminOrderDetail } from '../src/routes/creator/admin';
import { withStoreAndStandIns } from './fixtures';
import { VALID_ORDER } from './helpers';
import { paidThroughStripe, shopperEmailKinds } from './orderLinks';

const ADMIN_TOKEN = 'refunds-admin-token-0123456789';
const OWNER = { authorization: `Bearer ${ADMIN_TOKEN}` };
/** Two shirts and their shipping at the default rate ($4.99 + $2.00). */
const TOTAL_CENTS = 1999 * VALID_ORDER.quantity + 699;

const server = withStoreAndStandIns({
  standIns: { stripe: true },
  env: { ADMIN_TOKEN, PUBLIC_URL: 'https://shop.example', STRIPE_TIMEOUT_MS: '300' },
});
afterEach(() => {
  server.stripe.refundMode = 'succeed';
  server.stripe.releaseHanging();
});

/** An order paid through Stripe Checkout (its session made by the stand-in), ready to print. */
const paidOrder = () => paidThroughStripe(server.app, server.stripe, server.request);

function cancelRefund(id: string, reason = 'The shopper changed their mind') {
  return server.request(`/creator/admin/orders/${id}/cancel-refund`, {
    method: 'POST',
    headers: { ...OWNER, 'content-type': 'application/json' },
    body: JSON.stringify({ reason }),
  });
}

async function stateOf(id: string) {
  return (await server.app.repositories.orders.find(id))?.fulfillment;
}

async function refundRow(id: string) {
  const [row] = await server.db.query<{
    status: string;
    idempotency_key: string;
    amount_cents: number;
    provider_reference: string | null;
    error: string | null;
  }>('SELECT * FROM order_refunds WHERE order_id = $1', [id]);
  return row;
}

const shopperEmails = (id: string) => shopperEmailKinds(server.db, id);

/** Refunds the stand-in made for one PaymentIntent. */
const refundsOf = (paymentIntent: string) =>
  [...server.stripe.refunds.values()].filter((refund) => refund.paymentIntent === paymentIntent);

const sendWebhook = (event: unknown) => server.stripe.sendEvent(server.request, event);

/** Stripe's charge.refunded for the order's charge: all of it refunded unless `charge` says. */
function chargeRefunded(
  paymentIntent: string,
  charge: { amount_refunded?: number; metadata?: Record<string, string> } = {},
) {
  return chargeRefundedEvent({
    paymentIntent,
    amount: TOTAL_CENTS,
    amountRefunded: charge.amount_refunded ?? TOTAL_CENTS,
    metadata: charge.metadata ?? {},
    refunded: true,
    eventId: `evt_${paymentIntent}`,
  });
}

describe('POST /creator/admin/orders/:id/cancel-refund with Stripe', () => {
  it('refunds the whole payment once, cancels the order and emails the shopper', async () => {
    const { id, paymentIntent } = await paidOrder();
    const answer = await cancelRefund(id);
    expect(answer.status).toBe(200);
    const { order } = (await answer.json()) as { order: AdminOrder };
    expect(order).toMatchObject({ id, state: 'refunded', refundedAt: expect.any(String) });

    expect(refundsOf(paymentIntent)).toEqual([
      expect.objectContaining({ amount: TOTAL_CENTS, idempotencyKey: `refund-${id}` }),
    ]);
    expect(await refundRow(id)).toMatchObject({
      status: 'succeeded',
      idempotency_key: `refund-${id}`,
      amount_cents: TOTAL_CENTS,
      provider_reference: refundsOf(paymentIntent)[0]!.id,
      error: null,
    });
    expect(await shopperEmails(id)).toEqual(['confirmed', 'refunded']);
    // The moves of the order. The refund's recovery job (crash insurance, due a second after the
    // longest ask) may also come to settle it on a slow machine; it then finds the order refunded
    // and records only a note that changed nothing (toState null), so the moves are what is read.
    const history = (await server.app.repositories.orders.history(id))
      .filter((entry) => entry.toState !== null)
      .map((entry) => [entry.event, entry.toState]);
    expect(history.slice(-2)).toEqual([
      ['cancelled_by_owner', 'cancelled'],
      ['refunded', 'refunded'],
    ]);
  });

  it('makes one refund for two clicks at once', async () => {
    const { id, paymentIntent } = await paidOrder();
    const answers = await Promise.all([cancelRefund(id), cancelRefund(id)]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses[0]).toBe(200);
    for (const answer of answers.filter((each) => each.status !== 200)) {
      expect(answer.status).toBe(409);
      const { error } = (await answer.json()) as { error: { code: string; message: string } };
      expect(['refund_under_way', 'already_refunded']).toContain(error.code);
    }
    expect(refundsOf(paymentIntent)).toHaveLength(1);
    expect(server.stripe.refundKeys.filter((key) => key.startsWith(`refund-${id}`))).toEqual([
      `refund-${id}`,
    ]);
    expect(await stateOf(id)).toBe('refunded');
    expect(await shopperEmails(id)).toEqual(['confirmed', 'refunded']);
  });

  it('makes the same refund when the owner tries again after Stripe did not answer', async () => {
    const { id, paymentIntent } = await paidOrder();
    server.stripe.refundMode = 'hang';
    const first = await cancelRefund(id);
    expect(first.status).toBe(409);
    const { error } = (await first.json()) as { error: { code: string; message: string } };
    expect(error.code).toBe('refund_unanswered');
    expect(error.message).toMatch(/Try again: it will be the same refund/);
    // Stripe made it, but nobody heard: the order waits, the refund is not settled.
    expect(refundsOf(paymentIntent)).toHaveLength(1);
    expect(await stateOf(id)).toBe('ready_to_print');
    expect(await refundRow(id)).toMatchObject({ status: 'requested', error: expect.any(String) });

    server.stripe.refundMode = 'succeed';
    const again = await cancelRefund(id);
    expect(again.status).toBe(200);
    expect(refundsOf(paymentIntent)).toHaveLength(1);
    const keys = server.stripe.refundKeys.filter((key) => key.startsWith(`refund-${id}`));
    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect(new Set(keys)).toEqual(new Set([`refund-${id}`]));
    expect(await refundRow(id)).toMatchObject({
      status: 'succeeded',
      provider_reference: refundsOf(paymentIntent)[0]!.id,
    });
    expect(await stateOf(id)).toBe('refunded');
  });

  it('leaves the order as it was when Stripe refuses, with Stripe’s reason in the answer and the record', async () => {
    const { id, paymentIntent } = await paidOrder();
    server.stripe.refundMode = 'refuse';
    const refused = await cancelRefund(id);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      error: {
        code: 'refund_refused',
        message: `Stripe refused the refund: ${server.stripe.refusal.message}`,
      },
    });
    expect(await stateOf(id)).toBe('ready_to_print');
    expect(await refundRow(id)).toMatchObject({
      status: 'refused',
      error: server.stripe.refusal.message,
      provider_reference: null,
    });
    expect(await shopperEmails(id)).toEqual(['confirmed']);
    expect(refundsOf(paymentIntent)).toEqual([]);

    // A later try is a new ask (no money moved), and may refund.
    server.stripe.refundMode = 'succeed';
    expect((await cancelRefund(id)).status).toBe(200);
    expect(refundsOf(paymentIntent)).toEqual([
      expect.objectContaining({ idempotencyKey: `refund-${id}-2` }),
    ]);
    expect(await stateOf(id)).toBe('refunded');
  });

  it('refuses to refund an order that has shipped, and changes nothing', async () => {
    const { id } = await paidOrder();
    await server.app.ownerActions.shipByHand(id, { carrier: 'USPS', number: '9400', url: '' });
    const keysBefore = server.stripe.refundKeys.length;
    const answer = await cancelRefund(id);
    expect(answer.status).toBe(409);
    const { error } = (await answer.json()) as { error: { code: string; message: string } };
    expect(error.code).toBe('not_refundable');
    expect(error.message).toContain('it is shipped');
    expect(await stateOf(id)).toBe('shipped');
    expect(await refundRow(id)).toBeUndefined();
    expect(server.stripe.refundKeys).toHaveLength(keysBefore);
  });

  it('shows the refund on the order’s page of the admin API', async () => {
    const { id } = await paidOrder();
    expect((await cancelRefund(id)).status).toBe(200);
    const answer = await server.request(`/creator/admin/orders/${id}`, { headers: OWNER });
    expect(answer.status).toBe(200);
    const detail = (await answer.json()) as AdminOrderDetail;
    expect(detail.refund).toMatchObject({
      status: 'succeeded',
      amountCents: TOTAL_CENTS,
      providerReference: expect.stringMatching(/^re_/),
      error: null,
    });
  });
});

describe('a refund made in Stripe’s dashboard (charge.refunded)', () => {
  it('refunds the order and emails the shopper, once however often Stripe sends it', async () => {
    const { id, paymentIntent } = await paidOrder();
    const event = chargeRefunded(paymentIntent, { metadata: { order_id: id } });
    expect((await sendWebhook(event)).status).toBe(200);
    expect(await stateOf(id)).toBe('refunded');
    expect((await sendWebhook(event)).status).toBe(200);
    expect(await shopperEmails(id)).toEqual(['confirmed', 'refunded']);
    const last = (await server.app.repositories.orders.history(id)).find(
      (entry) => entry.toState === 'refunded',
    );
    expect(last).toMatchObject({ source: 'payment', event: 'refunded' });
    // The email is really written, not only queued.
    await waitUntil(
      async () =>
        (
          await server.db.query<{ sent_at: Date | null }>(
            `SELECT sent_at FROM order_emails WHERE order_id = $1 AND kind = 'refunded'`,
            [id],
          )
        )[0]?.sent_at,
      'the refunded email is sent',
    );
  });

  it('finds the order of a charge without metadata by the Checkout Session of its payment', async () => {
    const { id, paymentIntent } = await paidOrder();
    expect((await sendWebhook(chargeRefunded(paymentIntent))).status).toBe(200);
    expect(await stateOf(id)).toBe('refunded');
    expect(server.stripe.requests.at(-1)?.url).toBe(
      `/v1/checkout/sessions?payment_intent=${paymentIntent}&limit=1`,
    );
  });

  it('records a partial refund, emails the shopper its amount, and leaves the shirt where it is', async () => {
    const { id, paymentIntent } = await paidOrder();
    const partial = chargeRefunded(paymentIntent, {
      amount_refunded: 1000,
      metadata: { order_id: id },
    });
    expect((await sendWebhook(partial)).status).toBe(200);
    // Stripe sends it again: still one refund of $10.
    expect((await sendWebhook(partial)).status).toBe(200);
    expect(await stateOf(id)).toBe('ready_to_print');
    expect(await shopperEmails(id)).toEqual(['confirmed', 'partly_refunded']);
    const [email] = await server.db.query<{ amount_cents: number }>(
      `SELECT amount_cents FROM order_emails WHERE order_id = $1 AND kind = 'partly_refunded'`,
      [id],
    );
    expect(email?.amount_cents).toBe(1000);
    const answer = await server.request(`/creator/admin/orders/${id}`, { headers: OWNER });
    expect(((await answer.json()) as AdminOrderDetail).order).toMatchObject({
      paymentStatus: 'partly_refunded',
      refundedCents: 1000,
    });
  });

  it('asks Stripe only for what remains when the owner then cancels and refunds', async () => {
    const { id, paymentIntent } = await paidOrder();
    const partial = chargeRefunded(paymentIntent, {
      amount_refunded: 1000,
      metadata: { order_id: id },
    });
    expect((await sendWebhook(partial)).status).toBe(200);
    expect((await cancelRefund(id)).status).toBe(200);
    expect(refundsOf(paymentIntent)).toEqual([
      expect.objectContaining({ amount: TOTAL_CENTS - 1000 }),
    ]);
    expect(await stateOf(id)).toBe('refunded');
    const order = await server.app.repositories.orders.find(id);
    expect(order?.refundedCents).toBe(TOTAL_CENTS);
  });

  it('acknowledges a refunded charge of no order of ours without changing any', async () => {
    const answer = await sendWebhook(chargeRefunded('pi_test_unknown'));
    expect(answer.status).toBe(200);
  });
});

describe('a signed Stripe event without its data', () => {
  it.each([
    ['charge.refunded', undefined],
    ['charge.refunded', null],
    ['charge.refunded', { object: null }],
    ['checkout.session.completed', undefined],
    ['checkout.session.completed', { object: null }],
    ['checkout.session.completed', { object: 'cs_test_not_an_object' }],
    ['customer.created', { object: null }],
  ])('answers %s with data %j with a 400', async (type, data) => {
    const answer = await sendWebhook({
      id: 'evt_no_data',
      object: 'event',
      type,
      ...(data !== undefined && { data }),
    });
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { error: { code: string } }).error.code).toBe('invalid_event');
  });
});
