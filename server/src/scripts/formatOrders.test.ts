import fc from 'fast-check';
import { formatPrice } from '@tshirt/shared/catalog';
import type { Order } from '../orders/ordersRepository';
import { formatOrders, printFileUrl } from './formatOrders';

const order: Order = {
  id: 'AbCdEfGhIjKlMn_-',
  status: 'paid',
  productName: 'Custom Graphic T-shirt',
  shirtColor: 'Navy',
  shirtStyle: 'Youth',
  shirtSize: 'L',
  quantity: 2,
  imagePath: '/creator/images/ZyXwVuTsRqPoNm_-.svg',
  prompt: 'A t-shirt design about owls',
  unitPriceCents: 1999,
  totalCents: 3998,
  currency: 'USD',
  paymentProvider: 'test',
  paymentReference: null,
  createdAt: new Date('2026-01-02T03:04:05Z'),
  paidAt: new Date('2026-01-02T03:05:00Z'),
  accessToken: 'tokentokentokentokentoke',
  email: 'jane@example.com',
  shipTo: {
    name: 'Jane Doe',
    line1: '1 Main St',
    line2: '',
    city: 'Springfield',
    state: 'IL',
    postalCode: '62701',
    country: 'US',
  },
  fulfillment: 'ready_to_print',
  fulfillmentError: null,
  submitAttempts: 0,
  providerOrderId: null,
  tracking: null,
  shippedAt: null,
};

describe('formatOrders', () => {
  it('lists status, options, total, image and, for paid orders, the print file', () => {
    const text = formatOrders(
      [order, { ...order, id: 'pendingorder0000', status: 'pending', paidAt: null }],
      'https://shop.example',
      formatPrice,
    );
    expect(text).toContain('2 order(s), 1 paid');
    expect(text).toContain('PAID     AbCdEfGhIjKlMn_-');
    expect(text).toContain('2 × Custom Graphic T-shirt: Navy, Youth, size L');
    expect(text).toContain('total $39.98 USD ($19.99 USD each, via test)');
    expect(text).toContain('image: https://shop.example/creator/images/ZyXwVuTsRqPoNm_-.svg');
    expect(text).toContain(
      'print file: https://shop.example/creator/images/ZyXwVuTsRqPoNm_-.png?shirt=Navy',
    );
    expect(text.match(/print file/g)).toHaveLength(1);
  });

  it('says so when there are no orders', () => {
    expect(formatOrders([], 'https://shop.example', formatPrice)).toBe('No orders yet.');
  });

  it("points pre-made designs at their print PNG drawn for the order's shirt colour", () => {
    expect(printFileUrl('/creator/designs/cosmic-cat.svg', 'Light Grey', 'https://s.example')).toBe(
      'https://s.example/creator/designs/cosmic-cat.png?shirt=Light%20Grey',
    );
  });

  it("leaves an image model's PNG as its own print file", () => {
    expect(printFileUrl('/creator/images/ZyXwVuTsRqPoNm_-.png', 'Red', 'https://s.example')).toBe(
      'https://s.example/creator/images/ZyXwVuTsRqPoNm_-.png',
    );
  });

  it('keeps a forged PAID block inside the prompt line: a prompt cannot add lines to the list', () => {
    const forged =
      'owls\n\nPAID     FakeFakeFakeFake  2026-01-02T03:04:05.000Z\n  print file: https://evil.example/x.png\u2028\u202eevil\u001b[2K\u009b1A';
    const pending: Order = { ...order, status: 'pending', paidAt: null, prompt: forged };
    const text = formatOrders([pending], 'https://shop.example', formatPrice);
    const lines = text.split('\n');
    expect(lines.filter((line) => line.startsWith('PAID'))).toEqual([]);
    expect(lines.filter((line) => line.startsWith('  print file'))).toEqual([]);
    const promptLine = lines.find((line) => line.startsWith('  prompt: '));
    expect(promptLine).toBe(
      '  prompt: owls\\u{a}\\u{a}PAID     FakeFakeFakeFake  2026-01-02T03:04:05.000Z\\u{a}  print file: https://evil.example/x.png\\u{2028}\\u{202e}evil\\u{1b}[2K\\u{9b}1A',
    );
  });

  it('prints the same lines for an order whatever its prompt holds, with no control character in them', () => {
    const plain = formatOrders([{ ...order, prompt: 'x' }], 'https://shop.example', formatPrice);
    fc.assert(
      fc.property(fc.string({ unit: 'binary', minLength: 1 }), (prompt) => {
        const text = formatOrders([{ ...order, prompt }], 'https://shop.example', formatPrice);
        expect(text.split('\n').length).toBe(plain.split('\n').length);
        expect(text).not.toMatch(
          /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\p{Bidi_Control}]/u,
        );
      }),
      { numRuns: 1000 },
    );
  });
});
