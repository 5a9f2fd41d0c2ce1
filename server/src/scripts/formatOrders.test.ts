import fc from 'fast-check';
import { formatPrice } from '@tshirt/shared/catalog';
import type { Order } from '../orders/ordersRepository';
import type { DailyEarnings } from '../orders/orderEarnings';
import { adminOrder } from '../routes/creator/admin';
import { formatEarnings, formatOrders } from './formatOrders';

const PUBLIC_URL = 'https://shop.example';

const paidOrder: Order = {
  state: 'ready_to_print',
  id: 'TW-4821-7730',
  status: 'paid',
  productName: 'Custom Graphic T-shirt',
  shirtColor: 'Navy',
  shirtStyle: 'Youth',
  shirtSize: 'L',
  quantity: 2,
  imagePath: '/creator/images/ZyXwVuTsRqPoNm_-.svg',
  prompt: 'A t-shirt design about owls',
  unitPriceCents: 1999,
  subtotalCents: 3998,
  shippingCents: 699,
  taxCents: 0,
  totalCents: 4697,
  currency: 'USD',
  paymentProvider: 'test',
  paymentReference: null,
  createdAt: new Date('2026-01-02T03:04:05Z'),
  paidAt: new Date('2026-01-02T03:05:00Z'),
  accessToken: 'tokentokentokentokentoke',
  paymentToken: 'paymentpaymentpaymentpay',
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
  providerAttempt: 1,
  providerCost: null,
  tracking: null,
  shippedAt: null,
  refundedAt: null,
  refundedCents: 0,
  earlierPrintCostCents: 0,
};

const pendingOrder: Order = {
  ...paidOrder,
  state: 'pending',
  id: 'pendingorder0000',
  status: 'pending',
  paidAt: null,
  email: null,
  shipTo: null,
  fulfillment: null,
};

/** The listing of these orders, each as the admin API answers it. */
/** The order as read back from the database, whose `state` column follows status and fulfilment. */
function asStored(order: Order): Order {
  const state = order.status === 'pending' ? 'pending' : (order.fulfillment ?? 'ready_to_print');
  return { ...order, state };
}

function listing(...orders: Order[]): string {
  return formatOrders(
    orders.map((order) => adminOrder(asStored(order), PUBLIC_URL)),
    formatPrice,
  );
}

/** The state words on the order's first line. */
function stateOf(order: Partial<Order>): string {
  const line = listing({ ...paidOrder, ...order }).split('\n')[2] ?? '';
  return line.replace(/^\S+ {2}\S+ {2}/, '');
}

/** Control and bidi characters a terminal would act on. */
const TERMINAL_CONTROLS = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\p{Bidi_Control}]/u;

describe('formatOrders', () => {
  it('lists a paid order with its state, options, total, address, email, print file and prompt', () => {
    expect(listing(paidOrder).split('\n')).toEqual([
      '1 order(s): 1 ready to print — newest first',
      '',
      'TW-4821-7730  2026-01-02T03:04:05.000Z  PAID · ready to print',
      '  2 × Custom Graphic T-shirt: Navy, Youth, size L',
      '  total $46.97 USD = 2 × $19.99 USD + shipping $6.99 USD (via test)',
      '  earned: revenue $46.97 USD, cost —, margin —',
      '  ship to: Jane Doe, 1 Main St',
      '           Springfield, IL 62701, US',
      '  email: jane@example.com',
      '  print file: https://shop.example/creator/images/ZyXwVuTsRqPoNm_-.png?shirt=Navy  (paid 2026-01-02T03:05:00.000Z)',
      '  image: https://shop.example/creator/images/ZyXwVuTsRqPoNm_-.svg',
      '  order page: https://shop.example/order?token=tokentokentokentokentoke',
      '  prompt: A t-shirt design about owls',
      '',
    ]);
  });

  it('lists a pending order with no address, email, print file or earnings', () => {
    const lines = listing(pendingOrder).split('\n');
    expect(lines[2]).toBe('pendingorder0000  2026-01-02T03:04:05.000Z  pending payment');
    expect(lines.filter((line) => /^ {2}(ship to|email|print file|earned)/.test(line))).toEqual([]);
  });

  it('shows what a sale earned: revenue, the provider’s cost in parts, and the margin after tax', () => {
    const earned = (order: Partial<Order>) =>
      listing({ ...paidOrder, ...order })
        .split('\n')
        .find((line) => line.startsWith('  earned: '));
    const cost = { itemsCents: 2590, shippingCents: 689, taxCents: 0, totalCents: 3279 };
    expect(earned({ fulfillment: 'in_production', providerCost: cost })).toBe(
      '  earned: revenue $46.97 USD, cost $32.79 USD (shirts $25.90 USD + shipping $6.89 USD), margin $14.18 USD',
    );
    // Tax collected is the state's: $49.79 paid with $2.82 of it tax, less the $32.79 cost.
    expect(
      earned({
        taxCents: 282,
        totalCents: 4979,
        providerCost: { ...cost, taxCents: 150, itemsCents: 2440 },
      }),
    ).toBe(
      '  earned: revenue $49.79 USD, cost $32.79 USD (shirts $24.40 USD + shipping $6.89 USD + tax $1.50 USD), margin $14.18 USD',
    );
    expect(earned({ providerCost: { ...cost, totalCents: 5000, itemsCents: 4311 } })).toBe(
      '  earned: revenue $46.97 USD, cost $50.00 USD (shirts $43.11 USD + shipping $6.89 USD), margin −$3.03 USD',
    );
    expect(earned({ currency: 'EUR', providerCost: cost })).toBe(
      '  earned: revenue 46.97 EUR, cost 32.79 EUR (shirts 25.90 EUR + shipping 6.89 EUR), margin 14.18 EUR',
    );
    expect(earned({ fulfillment: 'refunded', providerCost: cost })).toBe(
      '  earned: nothing (refunded)',
    );
  });

  it('counts the listed orders by state in its first line', () => {
    const text = listing(
      pendingOrder,
      paidOrder,
      { ...paidOrder, fulfillment: 'failed', fulfillmentError: 'no', submitAttempts: 1 },
      { ...paidOrder, fulfillment: null },
    );
    expect(text.split('\n')[0]).toBe(
      '4 order(s): 1 not paid, 2 ready to print, 1 failed — newest first',
    );
  });

  it.each<[string, Partial<Order>, string]>([
    ['ready to print', {}, 'PAID · ready to print'],
    ['paid before orders went to a printer', { fulfillment: null }, 'PAID · ready to print'],
    ['queued', { fulfillment: 'queued' }, 'PAID · queued for the print provider'],
    [
      'queued after a failed try',
      {
        fulfillment: 'queued',
        fulfillmentError: 'the print provider timed out',
        submitAttempts: 2,
      },
      'PAID · queued for the print provider, retrying: the print provider timed out after 2 tries',
    ],
    [
      'in production',
      { fulfillment: 'in_production', providerOrderId: '123' },
      'PAID · in production (provider #123)',
    ],
    [
      'shipped',
      {
        fulfillment: 'shipped',
        tracking: { carrier: 'UPS', number: '1Z999', url: 'https://track.example/1Z999' },
      },
      'PAID · shipped: UPS 1Z999 https://track.example/1Z999',
    ],
    ['shipped with no tracking', { fulfillment: 'shipped', tracking: null }, 'PAID · shipped'],
    [
      'waiting for a new address',
      { fulfillment: 'problem', fulfillmentError: 'ZIP code does not match' },
      'PAID · NEEDS A NEW ADDRESS: ZIP code does not match — the shopper was emailed a link to correct it',
    ],
    [
      'failed',
      {
        fulfillment: 'failed',
        fulfillmentError: 'the print provider refused the order: bad address (HTTP 400)',
        submitAttempts: 5,
      },
      'PAID · FAILED: the print provider refused the order: bad address (HTTP 400) after 5 tries — resubmit with: npm run orders -w server -- resubmit TW-4821-7730',
    ],
    [
      'failed at its only try',
      { fulfillment: 'failed', fulfillmentError: 'refused', submitAttempts: 1 },
      'PAID · FAILED: refused after 1 try — resubmit with: npm run orders -w server -- resubmit TW-4821-7730',
    ],
    ['pending', pendingOrder, 'pending payment'],
  ])('says in words where the order is: %s', (_name, order, words) => {
    expect(stateOf(order)).toBe(words);
  });

  it('writes the second address line, and leaves out an empty state', () => {
    const text = listing({
      ...paidOrder,
      shipTo: {
        name: 'Ada Lovelace',
        line1: '12 St James Sq',
        line2: 'Flat 3',
        city: 'London',
        state: '',
        postalCode: 'SW1Y 4JH',
        country: 'GB',
      },
    });
    expect(text).toContain(
      '  ship to: Ada Lovelace, 12 St James Sq, Flat 3\n           London, SW1Y 4JH, GB\n',
    );
  });

  it('says so when a paid order came with no address or email', () => {
    const text = listing({ ...paidOrder, shipTo: null, email: null });
    expect(text).toContain('  ship to: (no address was collected)\n  email: (none)\n');
  });

  it("points pre-made designs at their print PNG drawn for the order's shirt colour", () => {
    const text = listing({
      ...paidOrder,
      imagePath: '/creator/designs/cosmic-cat.svg',
      shirtColor: 'Light Grey',
    });
    expect(text).toContain(
      '  print file: https://shop.example/creator/designs/cosmic-cat.png?shirt=Light%20Grey  (paid',
    );
  });

  it("names an image model's 300 DPI print file beside its picture", () => {
    const text = listing({ ...paidOrder, imagePath: '/creator/images/ZyXwVuTsRqPoNm_-.png' });
    expect(text).toContain(
      '  print file: https://shop.example/creator/images/ZyXwVuTsRqPoNm_-.print.png  (paid',
    );
  });

  it('says so when there are no orders, or none in the state asked for', () => {
    expect(formatOrders([], formatPrice)).toBe('No orders yet.');
    expect(formatOrders([], formatPrice, 'failed')).toBe('No orders in state failed.');
  });

  it('shows a hostile address escaped on its own lines: it cannot forge an order or a print file', () => {
    const forged = '\nAAAAAAAAAAAAAAAA  2026-01-01T00:00:00.000Z  PAID · ready to print\n';
    const text = listing(
      {
        ...paidOrder,
        shipTo: {
          ...paidOrder.shipTo!,
          name: `Jane${forged}  print file: https://evil.example/x.png`,
          line2: '\u202eevil\u2028',
          city: 'Springfield\u001b[2K\u009b1A',
        },
        email: 'jane@example.com\r\n  print file: https://evil.example/y.png',
      },
      pendingOrder,
    );
    const lines = text.split('\n');
    expect(lines).toHaveLength(listing(paidOrder, pendingOrder).split('\n').length);
    expect(lines.filter((line) => /^\S/.test(line)).slice(1)).toEqual([
      'TW-4821-7730  2026-01-02T03:04:05.000Z  PAID · ready to print',
      'pendingorder0000  2026-01-02T03:04:05.000Z  pending payment',
    ]);
    expect(lines.filter((line) => line.startsWith('  print file'))).toHaveLength(1);
    expect(lines.find((line) => line.startsWith('  ship to: '))).toBe(
      '  ship to: Jane\\u{a}AAAAAAAAAAAAAAAA  2026-01-01T00:00:00.000Z  PAID · ready to print\\u{a}  print file: https://evil.example/x.png, 1 Main St, \\u{202e}evil\\u{2028}',
    );
    expect(lines).toContain('           Springfield\\u{1b}[2K\\u{9b}1A, IL 62701, US');
    expect(lines).toContain(
      '  email: jane@example.com\\u{d}\\u{a}  print file: https://evil.example/y.png',
    );
    expect(text).not.toMatch(TERMINAL_CONTROLS);
  });

  it('shows the provider’s error text escaped on the state line', () => {
    expect(
      stateOf({
        fulfillment: 'problem',
        fulfillmentError: 'on hold\n\nAAAAAAAAAAAAAAAA  x  PAID\u202e',
      }),
    ).toBe(
      'PAID · NEEDS A NEW ADDRESS: on hold\\u{a}\\u{a}AAAAAAAAAAAAAAAA  x  PAID\\u{202e} — the shopper was emailed a link to correct it',
    );
  });

  it('keeps a forged order block inside the prompt line: a prompt cannot add lines to the list', () => {
    const forged =
      'owls\n\nFakeFakeFakeFake  2026-01-02T03:04:05.000Z  PAID · ready to print\n  print file: https://evil.example/x.png\u2028\u202eevil\u001b[2K\u009b1A';
    const lines = listing({ ...pendingOrder, prompt: forged }).split('\n');
    expect(lines.filter((line) => line.includes('PAID') && !line.startsWith('  prompt'))).toEqual(
      [],
    );
    expect(lines.filter((line) => line.startsWith('  print file'))).toEqual([]);
    expect(lines.find((line) => line.startsWith('  prompt: '))).toBe(
      '  prompt: owls\\u{a}\\u{a}FakeFakeFakeFake  2026-01-02T03:04:05.000Z  PAID · ready to print\\u{a}  print file: https://evil.example/x.png\\u{2028}\\u{202e}evil\\u{1b}[2K\\u{9b}1A',
    );
  });

  it('prints the same lines for an order whatever its stored texts hold, with no control character in them', () => {
    const plain = listing(paidOrder).split('\n').length;
    const text = fc.string({ unit: 'binary', minLength: 1 });
    fc.assert(
      fc.property(
        fc.record({
          prompt: text,
          email: text,
          fulfillmentError: text,
          providerOrderId: text,
          shipTo: fc.record({
            name: text,
            line1: text,
            line2: text,
            city: text,
            state: text,
            postalCode: text,
            country: text,
          }),
          tracking: fc.record({ carrier: text, number: text, url: text }),
          fulfillment: fc.constantFrom(
            'ready_to_print',
            'queued',
            'in_production',
            'shipped',
            'problem',
            'failed',
          ),
        }),
        (stored) => {
          const output = listing({ ...paidOrder, ...stored });
          expect(output.split('\n').length).toBe(plain);
          expect(output).not.toMatch(TERMINAL_CONTROLS);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('formatEarnings', () => {
  const day = (values: Partial<DailyEarnings>): DailyEarnings => ({
    day: '2026-01-02',
    currency: 'USD',
    orders: 2,
    revenueCents: 9394,
    costedOrders: 2,
    costCents: 6558,
    marginCents: 2836,
    ...values,
  });

  it('writes a small table of the days: orders, revenue, cost and margin', () => {
    expect(
      formatEarnings(
        [
          day({}),
          day({
            day: '2026-01-01',
            orders: 3,
            revenueCents: 14091,
            costedOrders: 1,
            costCents: 3279,
            marginCents: 1418,
          }),
        ],
        formatPrice,
      ).split('\n'),
    ).toEqual([
      'Sales by day (UTC), the last 2 days with any:',
      'day         orders      revenue  cost                               margin',
      '2026-01-02       2   $93.94 USD  $65.58 USD                     $28.36 USD',
      '2026-01-01       3  $140.91 USD  $32.79 USD (2 without a cost)  $14.18 USD',
      'Margin = revenue − the print provider’s cost − sales tax collected, over the orders whose cost is known; revenue is net of refunds, and the cost counts every print order (reprints too).',
    ]);
  });

  it('shows a day whose costs are all unknown with — for cost and margin, not a cost of zero', () => {
    const [, , row] = formatEarnings(
      [day({ orders: 1, revenueCents: 2498, costedOrders: 0, costCents: 0, marginCents: null })],
      formatPrice,
    ).split('\n');
    expect(row).toBe('2026-01-02       1  $24.98 USD  — (1 without a cost)       —');
  });

  it('says so when nothing was sold yet', () => {
    expect(formatEarnings([], formatPrice)).toBe('No sales yet.');
  });
});
