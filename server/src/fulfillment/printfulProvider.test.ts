import {
  startPrintProviderStandIn,
  type PrintProviderStandIn,
  type ProviderOrderStatus,
} from '@tshirt/tooling/test/printProviderStandIn';
import type { Order } from '../orders/ordersRepository';
import {
  createPrintfulProvider,
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
/** An order the provider has under a fresh external id, in `status`. */
async function orderAtProvider(status: ProviderOrderStatus): Promise<string> {
  const externalId = `Order${String(nextId++).padStart(11, '0')}`;
  const order = {
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
  await printful.submit(order, externalId, 'https://shop.test/print.png');
  standIn.orders.get(externalId)!.status = status;
  return externalId;
}

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
