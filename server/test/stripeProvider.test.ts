import Stripe from 'stripe';
import { PRODUCT_NAME } from '@tshirt/shared/catalog';
import { withStandIn, withTestServer } from './fixtures';
import { VALID_ORDER, expectErrorShape, newVisitor, query } from './helpers';
import { sendJson } from './standIn';

const WEBHOOK_SECRET = 'whsec_test_secret';
const CHECKOUT_URL = 'https://checkout.stripe.com/c/pay/cs_test_123';

const stripeApi = withStandIn();
const server = withTestServer({
  env: () => ({
    PUBLIC_URL: 'https://shop.example',
    STRIPE_SECRET_KEY: 'sk_test_123',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: stripeApi.url,
    STRIPE_TIMEOUT_MS: '300',
  }),
});
const stripe = new Stripe('sk_test_unused');

function answerWithSession(sessionUrl = CHECKOUT_URL) {
  stripeApi.answerWith((_request, response) =>
    sendJson(response, 200, { id: 'cs_test_123', object: 'checkout.session', url: sessionUrl }),
  );
}

function checkout(params: Record<string, string | number> = {}) {
  return fetch(`${server.url}/creator/checkout?${query({ ...VALID_ORDER, ...params })}`, {
    method: 'POST',
    headers: newVisitor(),
  });
}

async function orderStatus(id: string): Promise<string | undefined> {
  return (
    await server.db.query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [id])
  )[0]?.status;
}

async function latestOrderId(): Promise<string> {
  const rows = await server.db.query<{ id: string }>(
    'SELECT id FROM orders ORDER BY created_at DESC LIMIT 1',
  );
  return rows[0]!.id;
}

function sendWebhook(event: unknown, signatureSecret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: signatureSecret });
  return fetch(`${server.url}/creator/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });
}

/** The session Stripe reports paid: by default the one made for a checkout() of VALID_ORDER. */
function completedEvent(
  orderId: string,
  paymentStatus = 'paid',
  session: { id?: string; amount_total?: number; currency?: string } = {},
) {
  return {
    id: `evt_${orderId}`,
    object: 'event',
    type: 'checkout.session.completed',
    data: {
      object: {
        id: 'cs_test_123',
        object: 'checkout.session',
        payment_status: paymentStatus,
        amount_total: 1999 * VALID_ORDER.quantity,
        currency: 'usd',
        client_reference_id: orderId,
        metadata: { order_id: orderId },
        ...session,
      },
    },
  };
}

describe('the Stripe payment provider', () => {
  it('creates a Checkout Session at the server price with the order in its metadata', async () => {
    answerWithSession();
    const response = await checkout({ quantity: 3 });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ paymentLinkURL: CHECKOUT_URL });

    const orderId = await latestOrderId();
    expect(await orderStatus(orderId)).toBe('pending');
    const sent = stripeApi.requests.at(-1)!;
    expect(sent.method).toBe('POST');
    expect(sent.url).toBe('/v1/checkout/sessions');
    expect(sent.headers.authorization).toBe('Bearer sk_test_123');
    expect(sent.headers['idempotency-key']).toBe(`checkout-${orderId}`);
    const form = new URLSearchParams(sent.body);
    expect(form.get('mode')).toBe('payment');
    expect(form.get('line_items[0][price_data][unit_amount]')).toBe('1999');
    expect(form.get('line_items[0][price_data][currency]')).toBe('usd');
    expect(form.get('line_items[0][price_data][product_data][name]')).toBe(PRODUCT_NAME);
    expect(form.get('line_items[0][quantity]')).toBe('3');
    expect(form.get('metadata[order_id]')).toBe(orderId);
    expect(form.get('metadata[shirt_color]')).toBe(VALID_ORDER.shirtColor);
    expect(form.get('metadata[shirt_size]')).toBe(VALID_ORDER.shirtSize);
    expect(form.get('client_reference_id')).toBe(orderId);
    expect(form.get('success_url')).toBe('https://shop.example/complete');
    expect(form.get('cancel_url')).toBe('https://shop.example/product');
  });

  it('answers 502 and keeps no order when Stripe refuses', async () => {
    stripeApi.answerWith((_request, response) =>
      sendJson(response, 400, {
        error: { type: 'invalid_request_error', message: 'No such price' },
      }),
    );
    const before = (await server.db.query('SELECT id FROM orders')).length;
    const response = await checkout();
    expect(response.status).toBe(502);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expectErrorShape(body);
    expect(body.error.code).toBe('payment_provider_error');
    expect(body.error.message).not.toContain('No such price');
    expect((await server.db.query('SELECT id FROM orders')).length).toBe(before);
  });

  it('never hands the shopper a payment link that is not a Stripe page', async () => {
    answerWithSession('https://evil.example/pay');
    expect((await checkout()).status).toBe(502);
  });

  it('answers 504 when Stripe does not answer in time', async () => {
    stripeApi.answerWith(() => {
      // never answers
    });
    const response = await checkout();
    expect(response.status).toBe(504);
    expectErrorShape(await response.json());
  });

  it('does not offer the built-in test payment page', async () => {
    answerWithSession();
    await checkout();
    const response = await fetch(`${server.url}/pay/${await latestOrderId()}`, { method: 'POST' });
    expect(response.status).toBe(404);
    expect(await orderStatus(await latestOrderId())).toBe('pending');
  });
});

describe('POST /creator/stripe/webhook', () => {
  it('marks the order paid on a signed checkout.session.completed, and a replay changes nothing', async () => {
    answerWithSession();
    await checkout();
    const orderId = await latestOrderId();
    const first = await sendWebhook(completedEvent(orderId));
    expect(first.status).toBe(200);
    expect(await orderStatus(orderId)).toBe('paid');
    const [{ paid_at: paidAt }] = (await server.db.query<{ paid_at: Date }>(
      'SELECT paid_at FROM orders WHERE id = $1',
      [orderId],
    )) as [{ paid_at: Date }];

    const replay = await sendWebhook(completedEvent(orderId));
    expect(replay.status).toBe(200);
    const [again] = await server.db.query<{ paid_at: Date }>(
      'SELECT paid_at FROM orders WHERE id = $1',
      [orderId],
    );
    expect(again?.paid_at).toEqual(paidAt);
  });

  it('leaves the order pending while the payment is not settled', async () => {
    answerWithSession();
    await checkout();
    const orderId = await latestOrderId();
    expect((await sendWebhook(completedEvent(orderId, 'unpaid'))).status).toBe(200);
    expect(await orderStatus(orderId)).toBe('pending');
  });

  it.each([
    ['another session than the one made for the order', { id: 'cs_test_someone_else' }],
    ['less than the order’s total', { amount_total: 1999 }],
    ['no amount at all', { amount_total: undefined }],
    ['the total in another currency', { currency: 'jpy' }],
  ])('leaves the order pending when a signed event reports %s paid', async (_label, session) => {
    answerWithSession();
    await checkout();
    const orderId = await latestOrderId();
    const response = await sendWebhook(completedEvent(orderId, 'paid', session));
    // Acknowledged, so Stripe does not retry what a retry cannot change.
    expect(response.status).toBe(200);
    expect(await orderStatus(orderId)).toBe('pending');
    // The right session and amount still pay it.
    expect((await sendWebhook(completedEvent(orderId))).status).toBe(200);
    expect(await orderStatus(orderId)).toBe('paid');
  });

  it('refuses a forged signature with a 400 and changes nothing', async () => {
    answerWithSession();
    await checkout();
    const orderId = await latestOrderId();
    const response = await sendWebhook(completedEvent(orderId), 'whsec_attacker');
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
      'invalid_signature',
    );
    expect(await orderStatus(orderId)).toBe('pending');
  });

  it('refuses a request without a signature', async () => {
    const response = await fetch(`${server.url}/creator/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(400);
    expectErrorShape(await response.json());
  });
});
