import { PRODUCT_NAME } from '@tshirt/shared/catalog';
import { withStoreAndStandIns } from './fixtures';
import { SHIP_TO, VALID_ORDER, expectErrorShape, newVisitor, sendCheckout } from './helpers';
import { sendSignedWebhook } from '@tshirt/tooling/test/stripeStandIn';

/** The server's error log lines, as JSON. */
const errorLog: string[] = [];
const server = withStoreAndStandIns({
  standIns: { stripe: true },
  env: {
    PUBLIC_URL: 'https://shop.example',
    STRIPE_TIMEOUT_MS: '300',
    SHIPPING_COUNTRIES: 'US,CA',
  },
  overrides: { logger: { level: 'error', stream: { write: (line) => errorLog.push(line) } } },
});

// Each test that has Stripe answer otherwise says so; the next finds it answering as usual.
afterEach(() => {
  server.stripe.sessionMode = 'create';
  server.stripe.releaseHanging();
});

/** The page of the Checkout Session the store made last, as Stripe gives it. */
const checkoutPageOfLastSession = () =>
  `https://checkout.stripe.com/c/pay/${server.stripe.sessionId}`;

/** A checkout of VALID_ORDER (`params` changed), answered as the store answers it. */
function checkout(params: Record<string, string | number> = {}) {
  return sendCheckout(server.request, { order: { ...VALID_ORDER, ...params } });
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

function sendWebhook(event: unknown, signatureSecret = server.stripe.webhookSecret) {
  return sendSignedWebhook(server.request, event, signatureSecret);
}

/** The session Stripe reports paid: by default the one made for the last checkout() of VALID_ORDER. */
function completedEvent(
  orderId: string,
  paymentStatus = 'paid',
  session: { id?: string; amount_total?: number; currency?: string; [field: string]: unknown } = {},
) {
  return {
    id: `evt_${orderId}`,
    object: 'event',
    type: 'checkout.session.completed',
    data: {
      object: {
        id: server.stripe.sessionId,
        object: 'checkout.session',
        payment_status: paymentStatus,
        // Two shirts, shipped at the default rate ($4.99 + $2.00), no tax.
        amount_subtotal: 3998,
        total_details: { amount_discount: 0, amount_shipping: 699, amount_tax: 0 },
        amount_total: 4697,
        currency: 'usd',
        client_reference_id: orderId,
        metadata: { order_id: orderId, subtotal_cents: '3998' },
        ...session,
      },
    },
  };
}

const US_ADDRESS = {
  line1: '1 Main St',
  line2: null,
  city: 'Springfield',
  state: 'IL',
  postal_code: '62701',
  country: 'US',
};
const CA_ADDRESS = {
  line1: '24 Sussex Dr',
  line2: 'Unit 5',
  city: 'Ottawa',
  state: 'ON',
  postal_code: 'K1M 1M4',
  country: 'ca',
};
const SHIP_TO_US = SHIP_TO;

/** The session's fields where newer API versions report the address and the email. */
function withNewerShipping(address: Record<string, unknown>, email = 'jane@example.com') {
  return {
    collected_information: { shipping_details: { name: 'Jane Doe', address } },
    customer_details: { email },
  };
}

/** A checkout whose own session Stripe then reports paid, with `shipping` on the session. */
async function paidCheckout(shipping: Record<string, unknown>) {
  expect((await checkout()).status).toBe(200);
  const sessionId = server.stripe.sessionId;
  const orderId = await latestOrderId();
  const response = await sendWebhook(
    completedEvent(orderId, 'paid', { id: sessionId, ...shipping }),
  );
  expect(response.status).toBe(200);
  return { orderId, sessionId };
}

async function storedOrder(id: string) {
  const [row] = await server.db.query<{
    status: string;
    email: string | null;
    ship_to: unknown;
    fulfillment: string | null;
  }>('SELECT status, email, ship_to, fulfillment FROM orders WHERE id = $1', [id]);
  if (!row) return undefined;
  return {
    ...row,
    ship_to: typeof row.ship_to === 'string' ? (JSON.parse(row.ship_to) as unknown) : row.ship_to,
  };
}

function errorsAbout(orderId: string): Record<string, unknown>[] {
  return errorLog
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((entry) => entry.orderId === orderId);
}

function lookUpBySession(sessionId: string) {
  return server.request(`/creator/order?session_id=${encodeURIComponent(sessionId)}`, {
    headers: newVisitor(),
  });
}

describe('the Stripe payment provider', () => {
  it('creates a Checkout Session at the server price with the order in its metadata', async () => {
    const response = await checkout({ quantity: 3 });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ paymentLinkURL: checkoutPageOfLastSession() });

    const orderId = await latestOrderId();
    expect(await orderStatus(orderId)).toBe('pending');
    const sent = server.stripe.requests.at(-1)!;
    expect(sent.method).toBe('POST');
    expect(sent.url).toBe('/v1/checkout/sessions');
    expect(sent.headers.authorization).toBe(`Bearer ${server.stripe.env.STRIPE_SECRET_KEY}`);
    const [{ payment_token: paymentToken } = { payment_token: '' }] = await server.db.query<{
      payment_token: string;
    }>('SELECT payment_token FROM orders WHERE id = $1', [orderId]);
    expect(sent.headers['idempotency-key']).toBe(`checkout-${paymentToken}`);
    const form = new URLSearchParams(sent.body);
    expect(form.get('mode')).toBe('payment');
    expect(form.get('line_items[0][price_data][unit_amount]')).toBe('1999');
    expect(form.get('line_items[0][price_data][currency]')).toBe('usd');
    expect(form.get('line_items[0][price_data][product_data][name]')).toBe(PRODUCT_NAME);
    expect(form.get('line_items[0][quantity]')).toBe('3');
    // Shipping is charged at Checkout: one option, the first shirt + two more.
    expect(form.get('shipping_options[0][shipping_rate_data][fixed_amount][amount]')).toBe('899');
    expect(form.get('shipping_options[0][shipping_rate_data][fixed_amount][currency]')).toBe('usd');
    expect(form.get('shipping_options[0][shipping_rate_data][display_name]')).toBe(
      'Standard shipping',
    );
    expect(form.has('shipping_options[1][shipping_rate_data][fixed_amount][amount]')).toBe(false);
    // No sales tax unless the owner turns it on.
    expect(form.has('automatic_tax[enabled]')).toBe(false);
    expect(form.has('line_items[0][price_data][tax_behavior]')).toBe(false);
    expect(form.get('metadata[subtotal_cents]')).toBe('5997');
    expect(form.get('metadata[order_id]')).toBe(orderId);
    expect(form.get('metadata[shirt_color]')).toBe(VALID_ORDER.shirtColor);
    expect(form.get('metadata[shirt_size]')).toBe(VALID_ORDER.shirtSize);
    expect(form.get('client_reference_id')).toBe(orderId);
    expect(form.get('success_url')).toBe(
      'https://shop.example/complete?session_id={CHECKOUT_SESSION_ID}',
    );
    expect(form.get('cancel_url')).toBe('https://shop.example/product');
  });

  it('asks Checkout for an address in one of the shop’s countries', async () => {
    expect((await checkout()).status).toBe(200);
    const form = new URLSearchParams(server.stripe.requests.at(-1)!.body);
    expect(form.getAll('shipping_address_collection[allowed_countries][0]')).toEqual(['US']);
    expect(form.getAll('shipping_address_collection[allowed_countries][1]')).toEqual(['CA']);
    expect(form.has('shipping_address_collection[allowed_countries][2]')).toBe(false);
  });

  it('puts the order’s own page link in the session’s and the payment’s metadata', async () => {
    await checkout();
    const orderId = await latestOrderId();
    const [{ access_token: token }] = (await server.db.query<{ access_token: string }>(
      'SELECT access_token FROM orders WHERE id = $1',
      [orderId],
    )) as [{ access_token: string }];
    const form = new URLSearchParams(server.stripe.requests.at(-1)!.body);
    const link = form.get('metadata[order_page_url]');
    expect(link).toMatch(/^https:\/\/shop\.example\/order\?token=[A-Za-z0-9_-]{24}$/);
    expect(link).toBe(`https://shop.example/order?token=${token}`);
    expect(form.get('payment_intent_data[metadata][order_page_url]')).toBe(link);
    expect(form.get('payment_intent_data[metadata][order_id]')).toBe(orderId);
  });

  it('answers 502 and keeps no order when Stripe refuses', async () => {
    server.stripe.sessionMode = 'refuse';
    server.stripe.refusal = { code: 'resource_missing', message: 'No such price' };
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
    server.stripe.sessionMode = 'offSite';
    expect((await checkout()).status).toBe(502);
  });

  it('answers 504 when Stripe does not answer in time', async () => {
    server.stripe.sessionMode = 'hang';
    const response = await checkout();
    expect(response.status).toBe(504);
    expectErrorShape(await response.json());
  });

  it('does not offer the built-in test payment page', async () => {
    await checkout();
    const [{ payment_token: paymentToken } = { payment_token: '' }] = await server.db.query<{
      payment_token: string;
    }>('SELECT payment_token FROM orders WHERE id = $1', [await latestOrderId()]);
    const response = await server.request(`/pay/${paymentToken}`, { method: 'POST' });
    expect(response.status).toBe(404);
    expect(await orderStatus(await latestOrderId())).toBe('pending');
  });
});

describe('POST /creator/stripe/webhook', () => {
  it('marks the order paid on a signed checkout.session.completed, and a replay changes nothing', async () => {
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
    await checkout();
    const orderId = await latestOrderId();
    expect((await sendWebhook(completedEvent(orderId, 'unpaid'))).status).toBe(200);
    expect(await orderStatus(orderId)).toBe('pending');
  });

  it.each([
    ['another session than the one made for the order', { id: 'cs_test_someone_else' }],
    ['less than the order’s total', { amount_total: 1999 }],
    [
      'shipping other than the rate to its country (the total matching it)',
      {
        total_details: { amount_shipping: 499, amount_tax: 0 },
        amount_total: 4497,
        ...withNewerShipping(US_ADDRESS),
      },
    ],
    ['the shirts and shipping right but a total that is not their sum', { amount_total: 4698 }],
    [
      'tax charged while sales tax is off',
      { total_details: { amount_shipping: 699, amount_tax: 330 }, amount_total: 5027 },
    ],
    ['no amount at all', { amount_total: undefined }],
    ['the total in another currency', { currency: 'jpy' }],
  ])('leaves the order pending when a signed event reports %s paid', async (_label, session) => {
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

  it('keeps the address and email Checkout collected (collected_information) and readies the order to print', async () => {
    const { orderId } = await paidCheckout(withNewerShipping(US_ADDRESS));
    expect(await storedOrder(orderId)).toEqual({
      status: 'paid',
      email: 'jane@example.com',
      ship_to: SHIP_TO_US,
      fulfillment: 'ready_to_print',
    });
    expect(errorsAbout(orderId)).toEqual([]);
  });

  it('reads the older shipping_details shape too', async () => {
    const { orderId } = await paidCheckout({
      shipping_details: { name: 'Jean Tremblay', address: CA_ADDRESS },
      customer_details: { email: 'jean@example.ca' },
    });
    expect(await storedOrder(orderId)).toEqual({
      status: 'paid',
      email: 'jean@example.ca',
      ship_to: {
        name: 'Jean Tremblay',
        line1: '24 Sussex Dr',
        line2: 'Unit 5',
        city: 'Ottawa',
        state: 'ON',
        postalCode: 'K1M 1M4',
        country: 'CA',
      },
      fulfillment: 'ready_to_print',
    });
  });

  it.each([
    [
      'an address in a country the shop does not ship to',
      withNewerShipping({ ...US_ADDRESS, country: 'FR' }),
      'country',
    ],
    [
      'a control character in the email',
      withNewerShipping(US_ADDRESS, 'jane\u0007@example.com'),
      'email',
    ],
    ['a 500-character line', withNewerShipping({ ...US_ADDRESS, line1: 'x'.repeat(500) }), 'line1'],
    ['no shipping details at all', {}, 'no shipping address'],
  ])(
    'still marks the order paid with %s, keeps no address and tells the owner once',
    async (_label, shipping, problem) => {
      const { orderId, sessionId } = await paidCheckout(shipping);
      expect(await storedOrder(orderId)).toMatchObject({
        status: 'paid',
        ship_to: null,
        email: null,
      });
      // A replay neither pays it again nor repeats the error.
      expect(
        (await sendWebhook(completedEvent(orderId, 'paid', { id: sessionId, ...shipping }))).status,
      ).toBe(200);
      const errors = errorsAbout(orderId);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject({ level: 50, orderId, sessionId });
      expect(errors[0]!.problem).toContain(problem);
      // Nothing the shopper typed reaches the log.
      const line = JSON.stringify(errors[0]);
      for (const detail of ['Jane', 'Main St', 'Springfield', '62701', 'example.com', 'xxxxx']) {
        expect(line).not.toContain(detail);
      }
    },
  );

  it('refuses a forged signature with a 400 and changes nothing', async () => {
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
    const response = await server.request(`/creator/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(400);
    expectErrorShape(await response.json());
  });
});

describe('GET /creator/order by Stripe session (the success redirect)', () => {
  it('answers the order awaiting payment before the webhook, and paid with its address after', async () => {
    await checkout();
    const sessionId = server.stripe.sessionId;
    const orderId = await latestOrderId();

    const before = await lookUpBySession(sessionId);
    expect(before.status).toBe(200);
    expect(before.headers.get('cache-control')).toBe('no-store');
    expect(await before.json()).toMatchObject({
      orderNumber: orderId,
      state: 'awaiting_payment',
      shipTo: null,
      email: null,
    });

    const event = completedEvent(orderId, 'paid', {
      id: sessionId,
      ...withNewerShipping(US_ADDRESS),
    });
    expect((await sendWebhook(event)).status).toBe(200);
    const after = await lookUpBySession(sessionId);
    expect(after.status).toBe(200);
    const view = (await after.json()) as Record<string, unknown>;
    expect(view).toMatchObject({
      orderNumber: orderId,
      state: 'paid',
      shipTo: SHIP_TO_US,
      email: 'j•••@example.com',
    });
    expect(view.orderPagePath).toMatch(/^\/order\?token=[A-Za-z0-9_-]{24}$/);
    expect(JSON.stringify(view)).not.toContain('jane@');
  });

  it.each([
    ['a malformed session id', 'cs_test_<script>'],
    ['a session id too short to be Stripe’s', 'cs_test_123'],
    ['something else entirely', 'pi_3Nabcdefghijklmnop'],
    ['an unknown session', 'cs_test_' + 'a'.repeat(48)],
  ])('answers 404 for %s', async (_label, sessionId) => {
    const response = await lookUpBySession(sessionId);
    expect(response.status).toBe(404);
    expectErrorShape(await response.json());
  });
});
