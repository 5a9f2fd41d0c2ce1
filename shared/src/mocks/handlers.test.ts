import { setupServer } from 'msw/node';
import {
  createCheckout,
  fetchOrder,
  fetchStoreOffer,
  generateImage,
  readArtworkAdvice,
} from '../api/client';
import { PREMADE_DESIGNS, PRODUCT_NAME } from '../catalog';
import type { ArtFields, CheckoutOrder } from '../types';
import { createApiHandlers, generationLimitReached } from './handlers';
import { MOCK_STORE_OFFER, readMockOrderToken, mockCompletePath } from './mockOrders';

const server = setupServer(...createApiHandlers());
// Per test: the Jest set-up puts back the fetch it found after each one.
beforeEach(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.close());

const FIELDS: ArtFields = {
  target: 'Dad',
  interests: 'fishing & boats',
  occasion: 'Birthday',
  colors: 'navy, orange',
  objects: '',
  style: 'Cartoon',
};

const ORDER: CheckoutOrder = {
  productName: PRODUCT_NAME,
  quantity: 2,
  shirtStyle: "Women's",
  shirtColor: 'Navy',
  shirtSize: 'L',
  imageURL: PREMADE_DESIGNS[0]!.imagePath,
  prompt: '',
};

describe('the mocked store API', () => {
  it('answers a generation with an SVG artwork the store can serve again, drawn for the shirt asked for', async () => {
    const result = await generateImage(FIELDS, { shirt: 'White' });
    if (result.kind !== 'ok') throw new Error(`expected an image, got ${JSON.stringify(result)}`);
    expect(result.imageUrl).toMatch(/^\/creator\/images\/[A-Za-z0-9_-]+\.svg$/);
    expect(result.prompt).toContain('fishing & boats');
    expect(result.artwork).toMatchObject({ shirt: 'White', svg: expect.stringMatching(/^<svg/) });

    const image = await fetch(`${result.imageUrl}?shirt=Red`);
    expect(image.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(await image.text()).toMatch(/^<svg/);
    const advice = await fetch(result.imageUrl.replace(/\.svg$/, '.json'));
    expect(readArtworkAdvice(await advice.json())).toBeDefined();
  });

  it('refuses an over-long field and an unknown style as the store does', async () => {
    const long = await generateImage({ ...FIELDS, interests: 'x'.repeat(501) });
    expect(long).toMatchObject({ kind: 'error', error: { status: 400 } });
    const style = await generateImage({ ...FIELDS, style: 'Cubist' as ArtFields['style'] });
    expect(style).toMatchObject({ kind: 'error', error: { status: 400 } });
  });

  it('serves each of the eight pre-made designs', async () => {
    for (const design of PREMADE_DESIGNS) {
      const answer = await fetch(`${design.imagePath}?shirt=Pink`);
      expect({ design: design.id, status: answer.status }).toEqual({
        design: design.id,
        status: 200,
      });
      expect(await answer.text()).toMatch(/^<svg/);
    }
  });

  it('says what the store sells and what shipping costs', async () => {
    expect(await fetchStoreOffer()).toEqual(MOCK_STORE_OFFER);
  });

  it('answers Buy with a payment link whose order, once paid, is confirmed by GET /creator/order', async () => {
    const checkout = await createCheckout(ORDER);
    if (checkout.kind !== 'ok')
      throw new Error(`expected a payment link, got ${JSON.stringify(checkout)}`);
    expect(checkout.paymentLinkURL).toMatch(/^\/mock-payment\?order=/);
    const unpaidToken = new URLSearchParams(checkout.paymentLinkURL.split('?')[1]).get('order')!;
    const mock = readMockOrderToken(unpaidToken)!;
    expect(mock.order).toEqual(ORDER);

    const unpaid = await fetchOrder({ token: unpaidToken });
    expect(unpaid).toMatchObject({ kind: 'ok', order: { state: 'awaiting_payment' } });

    const shipping = {
      name: 'Sam Tester',
      email: 'sam@example.com',
      line1: '1 Main Street',
      line2: '',
      city: 'Springfield',
      state: 'IL',
      postalCode: '62701',
      country: 'US',
    };
    const complete = mockCompletePath({
      ...mock,
      paid: { shipping, at: '2026-05-01T10:00:00.000Z' },
    });
    const token = new URLSearchParams(complete.split('?')[1]).get('token')!;
    const paid = await fetchOrder({ token });
    expect(paid).toMatchObject({
      kind: 'ok',
      order: {
        orderNumber: mock.orderNumber,
        state: 'paid',
        quantity: 2,
        subtotalCents: 3998,
        shippingCents: 699,
        totalCents: 4697,
        email: 's•••@example.com',
        shipTo: { name: 'Sam Tester', country: 'US' },
      },
    });
  });

  it('refuses an order for a shirt the store does not sell, or artwork from elsewhere', async () => {
    expect(await createCheckout({ ...ORDER, quantity: 10 })).toMatchObject({
      kind: 'error',
      error: { status: 400 },
    });
    expect(
      await createCheckout({ ...ORDER, imageURL: 'https://elsewhere.example/a.png' }),
    ).toMatchObject({
      kind: 'error',
      error: { status: 400 },
    });
  });

  it('says the daily limit is reached when a test asks for it', async () => {
    server.use(generationLimitReached());
    expect(await generateImage(FIELDS)).toEqual({ kind: 'limit', retryAfterSeconds: 3600 });
  });
});
