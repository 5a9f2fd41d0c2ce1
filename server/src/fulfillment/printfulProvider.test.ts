import {
  standInCosts,
  startPrintProviderStandIn,
  type PrintProviderStandIn,
  type ProviderOrderStatus,
} from '@tshirt/tooling/test/printProviderStandIn';
import type { Order } from '../orders/ordersRepository';
import {
  createPrintfulProvider,
  printfulCost,
  STARTED_MAKING_MESSAGE,
  type PrintProvider,
} from './printfulProvider';

let standIn: PrintProviderStandIn;
let printful: PrintProvider;
beforeAll(async () => {
  standIn = await startPrintProviderStandIn({ fetchPrintFiles: false });
  printful = createPrintfulProvider({
    kind: 'printful',
    apiKey: standIn.apiKey,
    webhookSecret: standIn.webhookSecret,
    apiBase: new URL(standIn.url),
    timeoutMs: 2000,
    printFileUrlTtlSeconds: 3600,
    submitAttempts: 1,
    catalogRefreshMinutes: 360,
    retryDelaySeconds: 1,
  });
});
afterAll(() => standIn.close());

let nextId = 0;
const freshExternalId = () => `Order${String(nextId++).padStart(11, '0')}`;

/** A paid order of one shirt, as the print queue hands it to the provider. */
function paidOrder(externalId: string): Order {
  return {
    id: externalId,
    shirtStyle: "Men's",
    shirtColor: 'Black',
    shirtSize: 'M',
    quantity: 1,
    unitPriceCents: 1999,
    subtotalCents: 1999,
    shippingCents: 499,
    taxCents: 0,
    totalCents: 2498,
    currency: 'USD',
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
  } as Order;
}

/** An order the provider has under a fresh external id, in `status`. */
async function orderAtProvider(status: ProviderOrderStatus): Promise<string> {
  const externalId = freshExternalId();
  await printful.submit(paidOrder(externalId), externalId, 'https://shop.test/print.png');
  standIn.orders.get(externalId)!.status = status;
  return externalId;
}

describe('what Printful charges for an order', () => {
  const costs = {
    currency: 'USD',
    subtotal: '25.90',
    discount: '1.00',
    shipping: '6.89',
    digitization: '0.00',
    additional_fee: '0.50',
    fulfillment_fee: '0.00',
    tax: '1.20',
    vat: '0.30',
    total: '33.79',
  };

  it('reads its costs as exact cents: shipping, tax with VAT, the total, and the items as the rest', () => {
    expect(printfulCost(costs, 'USD')).toEqual({
      itemsCents: 2540,
      shippingCents: 689,
      taxCents: 150,
      totalCents: 3379,
    });
    // Amounts that would drift in floating point add up to the cent.
    expect(
      printfulCost({ ...costs, shipping: '0.10', tax: '0.20', vat: '0', total: '0.30' }, 'usd'),
    ).toEqual({ itemsCents: 0, shippingCents: 10, taxCents: 20, totalCents: 30 });
    expect(printfulCost({ total: 12.5, shipping: 4 }, 'USD')).toEqual({
      itemsCents: 850,
      shippingCents: 400,
      taxCents: 0,
      totalCents: 1250,
    });
  });

  it.each<[string, unknown]>([
    ['no costs at all', undefined],
    ['costs that are not an object', '33.79'],
    ['no total', { ...costs, total: undefined }],
    ['no shipping', { ...costs, shipping: null }],
    ['a third decimal', { ...costs, total: '33.795' }],
    ['a negative amount', { ...costs, tax: '-1.20' }],
    ['parts larger than the total', { ...costs, total: '5.00' }],
    ['another currency than the order’s', { ...costs, currency: 'EUR' }],
  ])('knows no cost from %s', (_case, reported) => {
    expect(printfulCost(reported, 'USD')).toBeUndefined();
  });

  it('answers an accepted order with its id and what it costs', async () => {
    const externalId = freshExternalId();
    const accepted = await printful.submit(
      paidOrder(externalId),
      externalId,
      'https://x.test/p.png',
    );
    expect(accepted).toEqual({
      providerOrderId: String(standIn.orders.get(externalId)!.id),
      cost: { itemsCents: 1295, shippingCents: 469, taxCents: 0, totalCents: 1764 },
    });
    expect(standInCosts(1).total).toBe('17.64');
  });

  it('adopts an order it already had with its cost, and leaves a cost not reported unknown', async () => {
    const externalId = freshExternalId();
    const first = await printful.submit(paidOrder(externalId), externalId, 'https://x.test/p.png');
    const again = await printful.submit(paidOrder(externalId), externalId, 'https://x.test/p.png');
    expect(again).toEqual(first);

    standIn.reportsCosts = false;
    try {
      const silent = freshExternalId();
      expect(
        await printful.submit(paidOrder(silent), silent, 'https://x.test/p.png'),
      ).toMatchObject({ cost: undefined });
    } finally {
      standIn.reportsCosts = true;
    }
  });
});

describe('cancelling an order at Printful', () => {
  it.each<ProviderOrderStatus>(['draft', 'pending', 'failed', 'onhold'])(
    'cancels an order that is %s (not being made)',
    async (status) => {
      const externalId = await orderAtProvider(status);
      expect(await printful.cancel(externalId)).toEqual({ outcome: 'cancelled' });
      expect(standIn.orders.get(externalId)?.status).toBe('canceled');
    },
  );

  it.each<ProviderOrderStatus>(['inprocess', 'partial', 'fulfilled', 'archived'])(
    'refuses, without asking to cancel, an order that is %s (making it has started)',
    async (status) => {
      const externalId = await orderAtProvider(status);
      expect(await printful.cancel(externalId)).toEqual({
        outcome: 'refused',
        status,
        started: true,
        message: STARTED_MAKING_MESSAGE,
      });
      expect(standIn.cancellations).not.toContain(externalId);
      expect(standIn.orders.get(externalId)?.status).toBe(status);
    },
  );

  it('refuses an order under review until the review is over', async () => {
    const externalId = await orderAtProvider('inreview');
    expect(await printful.cancel(externalId)).toMatchObject({
      outcome: 'refused',
      started: false,
      message: expect.stringContaining('reviewing'),
    });
  });

  it('knows an order it already cancelled, and one it never had', async () => {
    expect(await printful.cancel(await orderAtProvider('canceled'))).toEqual({
      outcome: 'already_cancelled',
    });
    expect(await printful.cancel('NeverSentNever00')).toEqual({ outcome: 'absent' });
  });

  it('throws a retryable error when the provider cannot be reached', async () => {
    const unreachable = createPrintfulProvider({
      kind: 'printful',
      apiKey: standIn.apiKey,
      webhookSecret: '',
      apiBase: new URL('http://127.0.0.1:9'),
      timeoutMs: 500,
      printFileUrlTtlSeconds: 3600,
      submitAttempts: 1,
      catalogRefreshMinutes: 360,
      retryDelaySeconds: 1,
    });
    await expect(unreachable.cancel('AnyOrderAnyOrder')).rejects.toMatchObject({
      name: 'PrintProviderError',
      retryable: true,
    });
  });
});
