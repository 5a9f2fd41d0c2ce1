/**
 * The order's page answers only to its secret: a guessed, altered or malformed token is the same
 * 404, guessing is rate-limited, and what it shows holds no internal detail.
 */
import { ORDER_LOOKUPS_PER_MINUTE } from '../src/routes/creator/order';
import { withTestServer } from './fixtures';
import { orderIdOfPaymentLink } from './orderLinks';
import { expectErrorShape, newVisitor, payOnTestPage, placeOrder, SHIPPING_FORM } from './helpers';

const server = withTestServer();

async function paidOrderToken(): Promise<{ id: string; token: string }> {
  const paymentLinkURL = await placeOrder(server.request);
  const paid = await payOnTestPage(server.request, paymentLinkURL);
  const token = new URL(paid.headers.get('location')!, server.url).searchParams.get('token')!;
  return { id: await orderIdOfPaymentLink(server.db, paymentLinkURL), token };
}

function lookUp(search: string, visitor = newVisitor()) {
  return server.request(`/creator/order?${search}`, { headers: visitor });
}

describe('GET /creator/order', () => {
  it('shows the paid order by its token: address, masked email, no internal detail', async () => {
    const { id, token } = await paidOrderToken();
    const answer = await lookUp(`token=${token}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const order = (await answer.json()) as Record<string, unknown>;
    expect(order).toMatchObject({
      orderNumber: id,
      state: 'paid',
      orderPagePath: `/order?token=${token}`,
      shipTo: { name: SHIPPING_FORM.name, city: SHIPPING_FORM.city, country: 'US' },
      email: 'j•••@example.com',
      subtotalCents: 3998,
      shippingCents: 699,
      taxCents: 0,
      totalCents: 4697,
    });
    expect(JSON.stringify(order)).not.toContain('jane@example.com');
    for (const internal of ['prompt', 'paymentReference', 'providerOrderId', 'fulfillmentError']) {
      expect(order).not.toHaveProperty(internal);
    }
  });

  it('answers a wrong, altered, malformed or missing token with the same 404', async () => {
    const { token, id } = await paidOrderToken();
    const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const bodies = new Set<string>();
    for (const search of [
      `token=${altered}`,
      `token=${id}`,
      'token=',
      'token=%00%00',
      `token=${'x'.repeat(64)}`,
      '',
      'session_id=cs_test_notoneofourstoreslookups',
    ]) {
      const answer = await lookUp(search);
      expect([search, answer.status]).toEqual([search, 404]);
      const body = await answer.text();
      expectErrorShape(JSON.parse(body));
      bodies.add(body);
    }
    expect(bodies.size).toBe(1);
    expect((await lookUp(`token=${'x'.repeat(65)}`)).status).toBe(400);
  });

  it('rate-limits a visitor who keeps guessing', async () => {
    const guesser = newVisitor();
    const statuses: number[] = [];
    for (let guess = 0; guess < ORDER_LOOKUPS_PER_MINUTE + 5; guess += 1) {
      statuses.push((await lookUp(`token=${'a'.repeat(23)}${guess % 10}`, guesser)).status);
    }
    expect(statuses.filter((status) => status === 404)).toHaveLength(ORDER_LOOKUPS_PER_MINUTE);
    expect(statuses.slice(ORDER_LOOKUPS_PER_MINUTE)).toEqual([429, 429, 429, 429, 429]);
  });
});
