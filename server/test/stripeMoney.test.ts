/**
 * Stripe Checkout charges what the server decided: shipping options per zone, sales tax by Stripe
 * Tax when the owner turns it on, and every figure Stripe reports checked before an order is paid.
 */
import { newVisitor, placeStripeOrder } from '@tshirt/tooling/test/storeRequests';
import { withStoreAndStandIns } from './fixtures';

const server = withStoreAndStandIns({
  standIns: { stripe: true },
  env: {
    PUBLIC_URL: 'https://shop.example',
    SHIPPING_COUNTRIES: 'US',
    SHIPPING_ZONES: 'CA=9.99+4.00',
    SALES_TAX: 'exclusive',
  },
});

/** A checkout of two shirts; the session the stand-in made for it, as Stripe would answer it. */
async function checkoutSession() {
  const session = await placeStripeOrder(server.request, server.stripe);
  const retrieved = await fetch(`${server.stripe.url}/v1/checkout/sessions/${session.id}`);
  return { session, body: (await retrieved.json()) as Record<string, unknown> };
}

function completed(
  sessionBody: Record<string, unknown>,
  paid: { country: string; shipping: number; tax: number; total: number },
) {
  return server.stripe.sendEvent(server.request, {
    id: `evt_${String(sessionBody.id)}`,
    object: 'event',
    type: 'checkout.session.completed',
    data: {
      object: {
        ...sessionBody,
        payment_status: 'paid',
        total_details: {
          amount_discount: 0,
          amount_shipping: paid.shipping,
          amount_tax: paid.tax,
        },
        amount_total: paid.total,
        customer_details: { email: 'jean@example.ca' },
        collected_information: {
          shipping_details: {
            name: 'Jean Tremblay',
            address: {
              line1: '24 Sussex Dr',
              line2: null,
              city: 'Ottawa',
              state: 'ON',
              postal_code: 'K1M 1M4',
              country: paid.country,
            },
          },
        },
      },
    },
  });
}

async function figures(orderId: string) {
  const [row] = await server.db.query<Record<string, unknown>>(
    'SELECT status, subtotal_cents, shipping_cents, tax_cents, total_cents FROM orders WHERE id = $1',
    [orderId],
  );
  return row;
}

it('offers one shipping option per zone, taxed as shipping, and has Stripe Tax add tax on top of the prices', async () => {
  const { session, body } = await checkoutSession();
  const form = session.request!;
  expect(form.get('automatic_tax[enabled]')).toBe('true');
  expect(form.get('line_items[0][price_data][tax_behavior]')).toBe('exclusive');
  expect(form.get('line_items[0][price_data][product_data][tax_code]')).toBe('txcd_30011000');
  expect(form.get('shipping_options[0][shipping_rate_data][tax_code]')).toBe('txcd_92010001');
  expect(body).toMatchObject({
    amount_subtotal: 3998,
    automatic_tax: { enabled: true },
    shipping_options: [
      {
        display_name: 'Standard shipping to United States',
        amount: 699,
        tax_behavior: 'exclusive',
        countries: 'US',
      },
      {
        display_name: 'Standard shipping to Canada',
        amount: 1399,
        tax_behavior: 'exclusive',
        countries: 'CA',
      },
    ],
  });
  expect(form.getAll('shipping_address_collection[allowed_countries][1]')).toEqual(['CA']);
});

it('records the shipping to the zone paid for and the tax Stripe collected, and /complete shows them', async () => {
  const { session, body } = await checkoutSession();
  const answer = await completed(body, { country: 'CA', shipping: 1399, tax: 702, total: 6099 });
  expect(answer.status).toBe(200);
  expect(await figures(session.orderId)).toEqual({
    status: 'paid',
    subtotal_cents: 3998,
    shipping_cents: 1399,
    tax_cents: 702,
    total_cents: 6099,
  });
  const view = await server.request(`/creator/order?session_id=${session.id}`, {
    headers: newVisitor(),
  });
  expect(await view.json()).toMatchObject({
    subtotalCents: 3998,
    shippingCents: 1399,
    taxCents: 702,
    totalCents: 6099,
  });
});

it.each([
  [
    'the United States address paid at the Canadian rate',
    { country: 'US', shipping: 1399, tax: 0, total: 5397 },
  ],
  [
    'a total that is not subtotal + shipping + tax',
    { country: 'CA', shipping: 1399, tax: 702, total: 5397 },
  ],
  ['shipping that is no zone’s rate', { country: 'CA', shipping: 100, tax: 0, total: 4098 }],
])('does not mark paid a session with %s', async (_case, paid) => {
  const { session, body } = await checkoutSession();
  expect((await completed(body, paid)).status).toBe(200);
  expect(await figures(session.orderId)).toMatchObject({ status: 'pending', total_cents: 4697 });
});
