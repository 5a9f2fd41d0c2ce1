import { PREMADE_DESIGNS, formatPrice } from '@tshirt/shared/catalog';
import type * as orderNumbers from '../src/orders/orderNumber';
import { newOrderNumber } from '../src/orders/orderNumber';
import { readPage } from './htmlPage';
import { withTestServer } from './fixtures';
import { VALID_ORDER, expectErrorShape, newVisitor, query, payOnTestPage } from './helpers';

jest.mock('../src/orders/orderNumber', () => {
  const actual = jest.requireActual<typeof orderNumbers>('../src/orders/orderNumber');
  return { ...actual, newOrderNumber: jest.fn(actual.newOrderNumber) };
});

const server = withTestServer({ env: { CHECKOUT_RATE_LIMIT_PER_MINUTE: '5' } });

function checkout(params: Record<string, string | number>, visitor = newVisitor()) {
  return server.request(`/creator/checkout?${query(params)}`, {
    method: 'POST',
    headers: visitor,
  });
}

async function countOrders(): Promise<number> {
  return (
    (await server.db.query<{ count: number }>('SELECT count(*)::integer AS count FROM orders'))[0]
      ?.count ?? 0
  );
}

async function generatedImageUrl(): Promise<string> {
  const response = await server.request(`/creator/generate_image?interests=sailing`, {
    headers: newVisitor(),
  });
  return ((await response.json()) as { image_url: string }).image_url;
}

async function placeOrder(params: Record<string, string | number> = {}): Promise<string> {
  const response = await checkout({ ...VALID_ORDER, ...params });
  expect(response.status).toBe(200);
  const { paymentLinkURL } = (await response.json()) as { paymentLinkURL: string };
  return paymentLinkURL;
}

describe('POST /creator/checkout', () => {
  it('records a pending order at the server price and answers our own test payment page', async () => {
    const link = await placeOrder({ quantity: 3, prompt: 'A cat & a hat #1?' });
    expect(link).toMatch(/^\/pay\/[A-Za-z0-9_-]{24}$/);
    const rows = await server.db.query<Record<string, unknown>>(
      'SELECT * FROM orders WHERE payment_token = $1',
      [link.slice(5)],
    );
    expect(rows[0]).toMatchObject({
      id: expect.stringMatching(/^TW-\d{4}-\d{4}$/),
      status: 'pending',
      quantity: 3,
      unit_price_cents: 1999,
      subtotal_cents: 5997,
      // The default rate: $4.99 for the first shirt, $2.00 for each of the other two.
      shipping_cents: 899,
      tax_cents: 0,
      total_cents: 6896,
      currency: 'USD',
      shirt_color: VALID_ORDER.shirtColor,
      shirt_style: VALID_ORDER.shirtStyle,
      shirt_size: VALID_ORDER.shirtSize,
      image_path: VALID_ORDER.imageURL,
      prompt: 'A cat & a hat #1?',
      payment_provider: 'test',
    });
  });

  it('draws another order number when the one drawn is already an order’s', async () => {
    const orderNumberOf = async (link: string) =>
      (
        await server.db.query<{ id: string }>('SELECT id FROM orders WHERE payment_token = $1', [
          link.slice('/pay/'.length),
        ])
      )[0]?.id;
    const taken = await orderNumberOf(await placeOrder());
    const draws = jest.mocked(newOrderNumber);
    draws.mockClear().mockReturnValueOnce(taken!);
    const link = await placeOrder();
    expect(draws).toHaveBeenCalledTimes(2);
    const drawnAgain = await orderNumberOf(link);
    expect(drawnAgain).toMatch(/^TW-\d{4}-\d{4}$/);
    expect(drawnAgain).not.toBe(taken);
    expect((await server.request(link)).status).toBe(200);
  });

  it('accepts an image this store generated, by path or by absolute URL on PUBLIC_URL', async () => {
    const imageUrl = await generatedImageUrl();
    await placeOrder({ imageURL: imageUrl });
    await placeOrder({ imageURL: `http://shop.test${imageUrl}` });
  });

  it.each<[string, Record<string, string | number>]>([
    ['a quantity of 0', { quantity: 0 }],
    ['a quantity of 10', { quantity: 10 }],
    ['a fractional quantity', { quantity: '2.5' }],
    ['a non-numeric quantity', { quantity: 'two' }],
    ['an unknown shirt color', { shirtColor: 'Purple' }],
    ['an unknown shirt style', { shirtStyle: 'Kids' }],
    ['an unknown size', { shirtSize: 'XS' }],
    ['another product name', { productName: 'Mug' }],
    ['a prompt over 2,000 characters', { prompt: 'p'.repeat(2001) }],
    ['a foreign image host', { imageURL: `https://evil.example${PREMADE_DESIGNS[0]!.imagePath}` }],
    ['a javascript: URL', { imageURL: 'javascript:alert(1)' }],
    ['an unknown pre-made design', { imageURL: '/creator/designs/nope.svg' }],
    ['an image id that was never generated', { imageURL: '/creator/images/AAAAAAAAAAAAAAAA.svg' }],
    ['an empty image URL', { imageURL: '' }],
  ])('answers 400 with the JSON error shape and writes nothing for %s', async (_label, change) => {
    const before = await countOrders();
    const response = await checkout({ ...VALID_ORDER, ...change });
    expect(response.status).toBe(400);
    expectErrorShape(await response.json());
    expect(await countOrders()).toBe(before);
  });

  it('drops control characters from the prompt instead of failing on them', async () => {
    const link = await placeOrder({ prompt: 'owls\u0000 at night\u0007' });
    const rows = await server.db.query<{ prompt: string }>(
      'SELECT prompt FROM orders WHERE payment_token = $1',
      [link.slice(5)],
    );
    expect(rows[0]?.prompt).toBe('owls at night');
  });

  it('names the missing field when one is left out', async () => {
    const { shirtSize: _omitted, ...withoutSize } = VALID_ORDER;
    const response = await checkout(withoutSize);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: { code: 'invalid_request', message: 'shirtSize is required' },
    });
  });

  it('rate-limits each visitor with a 429 in the JSON error shape', async () => {
    const visitor = newVisitor();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const response = await checkout(VALID_ORDER, visitor);
      statuses.push(response.status);
      if (response.status === 429) {
        expectErrorShape(await response.json());
        expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      }
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await checkout(VALID_ORDER)).status).toBe(200);
  });
});

describe('the test payment page', () => {
  it('shows the order clearly marked as a test, with options, quantity and total', async () => {
    const link = await placeOrder({ quantity: 2 });
    const response = await server.request(link);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain('TEST PAYMENT — no card is charged');
    const { text: words } = readPage(html);
    for (const text of [
      VALID_ORDER.productName,
      VALID_ORDER.shirtColor,
      VALID_ORDER.shirtStyle,
      VALID_ORDER.shirtSize,
    ]) {
      expect(words).toContain(text);
    }
    expect(html).toContain(formatPrice(1999));
    expect(html).toContain(formatPrice(3998));
    // The artwork as drawn for the shirt's colour, as the product page and the order page show it.
    expect(html).toContain(
      `<image href="${VALID_ORDER.imageURL}?shirt=${encodeURIComponent(VALID_ORDER.shirtColor)}"`,
    );
    const form = readPage(html).document.querySelector('form');
    expect([form?.getAttribute('method'), form?.getAttribute('action')]).toEqual(['post', link]);
    expect(html).toContain('href="/product"');
    expect(html).toContain('Threadwise');
  });

  it('marks the order paid and sends the shopper to /complete, once', async () => {
    const link = await placeOrder();
    const pay = () => payOnTestPage(server.request, link);
    const first = await pay();
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toMatch(/^\/complete\?token=[\w-]{24}$/);
    const [row] = await server.db.query<{ status: string; paid_at: Date }>(
      'SELECT status, paid_at FROM orders WHERE payment_token = $1',
      [link.slice(5)],
    );
    expect(row?.status).toBe('paid');

    const again = await pay();
    expect(again.status).toBe(303);
    const [unchanged] = await server.db.query<{ paid_at: Date }>(
      'SELECT paid_at FROM orders WHERE payment_token = $1',
      [link.slice(5)],
    );
    expect(unchanged?.paid_at).toEqual(row?.paid_at);

    const page = await (await server.request(link)).text();
    expect(page).toContain('This order is already paid');
    expect(page).toContain('href="/complete"');
    expect(page).not.toContain('<form');
  });

  it.each([
    '/pay/AAAAAAAAAAAAAAAA',
    '/pay/AAAAAAAAAAAAAAAAAAAAAAAA',
    '/pay/TW-0000-0000',
    '/pay/not-an-order',
    '/pay/a/b',
  ])('answers an HTML 404 for %s', async (path) => {
    const response = await server.request(path);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toContain('Order not found');
    const post = await server.request(path, { method: 'POST' });
    expect(post.status).toBe(404);
  });
});
