/**
 * A paid order reaches the print provider exactly once, through the durable print queue, against a
 * local stand-in of the provider's HTTP API: an outage, a time-out after the provider accepted,
 * two instances and a kill -9 between payment and submission all end with one order there.
 */
import type { PrintProviderStandIn } from '@tshirt/tooling/test/printProviderStandIn';
import { waitUntil } from '@tshirt/tooling/test/waitUntil';
import type { ShippingDetails } from '@tshirt/shared/types';
import type { FastifyInstance } from 'fastify';
import { withBlockApp } from './blockApp';
import { withAppsAndStandIns } from './fixtures';
import { placedOrder } from './orderLinks';
import { SHIPPING_FORM, VALID_ORDER, injectAsFetch, type RunningApp } from './helpers';

const SHIPPING: ShippingDetails = { ...SHIPPING_FORM, line2: 'Apt 2' };

// The provider fetches each order's print file, as the real one does.
const apps = withAppsAndStandIns({ standIns: { printProvider: { fetchPrintFiles: true } } });
let provider: PrintProviderStandIn;
beforeAll(() => {
  provider = apps.printProvider;
});
// One provider for the file, as it was when each test started its own: orders and ids are new in
// every test, so only what the provider was told and holds is put back.
beforeEach(() => {
  Object.assign(provider, { mode: 'accept', reportsCosts: true, storeOrigin: undefined });
  provider.orders.clear();
  provider.submissions.length = 0;
});

const providerEnv = (env: Record<string, string> = {}) => ({
  ...apps.standInEnv(),
  PRINT_PROVIDER_TIMEOUT_MS: '1000',
  PRINT_SUBMIT_RETRY_DELAY_SECONDS: '1',
  ...env,
});

/** An app of the test's own, for settings of its own or a second instance. */
function startWithProvider(env: Record<string, string> = {}): Promise<RunningApp> {
  return apps.start(providerEnv(env));
}

/** A pending order made through the checkout route; its id. */
const checkout = async (running: RunningApp) =>
  (await placedOrder(injectAsFetch(running.app), running.app.db)).id;

async function paidOrder(running: RunningApp): Promise<string> {
  const id = await checkout(running);
  await running.app.orderFulfillment.orderPaid(id, { reference: 'test', shipping: SHIPPING });
  return id;
}

async function fulfillmentOf(app: FastifyInstance, id: string) {
  return (await app.repositories.orders.find(id))!;
}

describe('sending paid orders to the print provider', () => {
  describe('on one store with the usual settings', () => {
    const store = withBlockApp(apps, () => providerEnv());

    it('sends a paid order once, with its address, variant and a print file the provider can fetch', async () => {
      const running = store.running;
      provider.storeOrigin = running.url;
      const id = await paidOrder(running);

      const order = await waitUntil(async () => {
        const current = await fulfillmentOf(running.app, id);
        return current.fulfillment === 'in_production' && current;
      }, 'the order is in production');
      const sent = provider.orders.get(id)!;
      expect(order.providerOrderId).toBe(String(sent.id));
      expect(provider.submissions).toEqual([id]);
      expect(sent.body.recipient).toMatchObject({
        name: 'Jane Doe',
        address1: '1 Main St',
        address2: 'Apt 2',
        city: 'Springfield',
        state_code: 'IL',
        zip: '62701',
        country_code: 'US',
        email: 'jane@example.com',
      });
      // Women's (catalog product 360), Navy, XL in the stand-in's catalog.
      expect(sent.body.items[0]).toMatchObject({
        quantity: VALID_ORDER.quantity,
        retail_price: '19.99',
      });
      // What the shopper paid: two shirts and their shipping at the default rate, no tax.
      expect(sent.body.retail_costs).toEqual({
        currency: 'USD',
        subtotal: '39.98',
        discount: '0.00',
        shipping: '6.99',
        tax: '0.00',
      });
      expect(sent.body.items[0]!.variant_id).toBe(360_000 + 4 * 9 + 3);
      // What the provider charges for the two shirts, recorded in cents as it reported them.
      expect(sent.costs).toMatchObject({ subtotal: '25.90', shipping: '6.89', total: '32.79' });
      expect(order.providerCost).toEqual({
        itemsCents: 2590,
        shippingCents: 689,
        taxCents: 0,
        totalCents: 3279,
      });
      const printFile = await waitUntil(
        () => sent.printFile,
        'the provider fetched the print file',
      );
      expect(printFile).toMatchObject({ status: 200, contentType: 'image/png' });
      expect(printFile.bytes).toBeGreaterThan(10_000);
    });

    it('keeps the order waiting while the provider is down and sends it once it is back', async () => {
      provider.mode = 'down';
      const running = store.running;
      const id = await paidOrder(running);

      await waitUntil(async () => {
        const order = await fulfillmentOf(running.app, id);
        return order.submitAttempts >= 1 && order.fulfillment === 'queued' && order;
      }, 'a failed try is noted');
      expect((await fulfillmentOf(running.app, id)).fulfillmentError).toMatch(/HTTP 503/);
      provider.mode = 'accept';
      await waitUntil(
        async () => (await fulfillmentOf(running.app, id)).fulfillment === 'in_production',
        'the order is in production',
      );
      expect(provider.orders.size).toBe(1);
    });

    it('adopts an order the provider accepted before its answer timed out, instead of sending it twice', async () => {
      provider.mode = 'acceptThenHang';
      const running = store.running;
      const id = await paidOrder(running);

      await waitUntil(() => provider.orders.has(id), 'the provider has the order');
      provider.mode = 'accept';
      await waitUntil(
        async () => (await fulfillmentOf(running.app, id)).fulfillment === 'in_production',
        'the order is in production',
        { timeoutMs: 60_000 },
      );
      expect(provider.orders.size).toBe(1);
      expect(provider.submissions).toEqual([id]);
      // The adopted order's cost is read from the provider's own record of it.
      expect((await fulfillmentOf(running.app, id)).providerCost?.totalCents).toBe(3279);
    });

    it('leaves the cost unknown, never zero, when the provider accepts an order without saying it', async () => {
      provider.reportsCosts = false;
      const running = store.running;
      const id = await paidOrder(running);
      const order = await waitUntil(async () => {
        const current = await fulfillmentOf(running.app, id);
        return current.fulfillment === 'in_production' && current;
      }, 'the order is in production');
      expect(order.providerCost).toBeNull();
      const [row] = await running.app.db.query<{ cost_total_cents: number | null }>(
        'SELECT cost_total_cents FROM orders WHERE id = $1',
        [id],
      );
      expect(row?.cost_total_cents).toBeNull();
    });

    it('fails at once, without retrying, an order the provider cannot make', async () => {
      provider.mode = 'refuse';
      const running = store.running;
      const id = await paidOrder(running);
      const failed = await waitUntil(async () => {
        const order = await fulfillmentOf(running.app, id);
        return order.fulfillment === 'failed' && order;
      }, 'sending gave up');
      expect(failed.fulfillmentError).toMatch(/discontinued \(HTTP 400\)/);
      expect(provider.submissions).toEqual([id]);
    });

    it('asks the shopper, without retrying, for an order paid without an address', async () => {
      const running = store.running;
      const id = await checkout(running);
      await running.app.orderFulfillment.orderPaid(id, { reference: 'test' });
      const waiting = await waitUntil(async () => {
        const order = await fulfillmentOf(running.app, id);
        return order.fulfillment === 'problem' && order;
      }, 'the order waits for an address');
      expect(waiting.fulfillmentError).toMatch(/no shipping address/);
      expect(provider.submissions).toEqual([]);
    });
  });

  it('gives up after the last try and leaves the order for the owner, who can resubmit it', async () => {
    provider.mode = 'down';
    const running = await startWithProvider({ PRINT_SUBMIT_ATTEMPTS: '2' });
    const id = await paidOrder(running);

    const failed = await waitUntil(async () => {
      const order = await fulfillmentOf(running.app, id);
      return order.fulfillment === 'failed' && order;
    }, 'sending gave up');
    expect(failed.fulfillmentError).toMatch(/HTTP 503/);
    expect(provider.submissions).toHaveLength(2);

    expect(failed.providerCost).toBeNull();

    provider.mode = 'accept';
    expect((await running.app.orderFulfillment.resubmit(id, 'owner')).order?.fulfillment).toBe(
      'queued',
    );
    const made = await waitUntil(async () => {
      const order = await fulfillmentOf(running.app, id);
      return order.fulfillment === 'in_production' && order;
    }, 'the resubmitted order is in production');
    expect(provider.orders.size).toBe(1);
    expect(made.providerCost?.totalCents).toBe(3279);
  });

  it('sends each paid order once when two instances share the queue', async () => {
    const [first, second] = await Promise.all([startWithProvider(), startWithProvider()]);
    const ids = await Promise.all(
      Array.from({ length: 6 }, (_, index) => paidOrder(index % 2 ? first! : second!)),
    );
    await waitUntil(
      () => ids.every((id) => provider.orders.has(id)),
      'every order is at the provider',
      {
        timeoutMs: 60_000,
      },
    );
    await waitUntil(
      async () =>
        (await Promise.all(ids.map((id) => fulfillmentOf(first!.app, id)))).every(
          (order) => order.fulfillment === 'in_production',
        ),
      'every order is in production',
    );
    expect(provider.orders.size).toBe(ids.length);
    expect([...provider.submissions].sort()).toEqual([...ids].sort());
  });
});

describe('the print provider webhook and print file links', () => {
  const store = withBlockApp(apps, () => providerEnv());

  it('moves a shipped order to shipped with its tracking, and refuses a wrong signature', async () => {
    const running = store.running;
    const id = await paidOrder(running);
    await waitUntil(() => provider.orders.has(id), 'the provider has the order');

    await waitUntil(
      async () => (await fulfillmentOf(running.app, id)).fulfillment === 'in_production',
      'the order is in production',
    );
    const forged = await provider.ship(running.url, id, undefined, { secret: 'not-the-secret' });
    expect(forged.status).toBe(400);
    expect((await fulfillmentOf(running.app, id)).fulfillment).not.toBe('shipped');

    const answer = await provider.ship(running.url, id, {
      carrier: 'UPS',
      number: '1Z999AA10123456784',
      url: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    });
    expect(answer.status).toBe(200);
    const shipped = await fulfillmentOf(running.app, id);
    expect(shipped.fulfillment).toBe('shipped');
    expect(shipped.tracking).toEqual({
      carrier: 'UPS',
      number: '1Z999AA10123456784',
      url: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    });
  });

  it('keeps only an http(s) tracking link from the provider', async () => {
    const running = store.running;
    const id = await paidOrder(running);
    await waitUntil(
      async () => (await fulfillmentOf(running.app, id)).fulfillment === 'in_production',
      'the order is in production',
    );
    await provider.ship(running.url, id, {
      carrier: 'Evil\u0007Post',
      number: '1',
      url: 'javascript:alert(1)',
    });
    const shipped = await fulfillmentOf(running.app, id);
    expect(shipped.tracking).toEqual({ carrier: 'EvilPost', number: '1', url: '' });
  });

  it('serves a print file only for an unaltered, unexpired signed link', async () => {
    const running = store.running;
    const id = await paidOrder(running);
    const other = await paidOrder(running);
    const send = injectAsFetch(running.app);
    const link = new URL(running.app.printFileLinks!.linkFor(id, new Date()));
    const local = `${link.pathname}${link.search}`;

    const good = await send(local);
    expect(good.status).toBe(200);
    const png = Buffer.from(await good.arrayBuffer());
    expect(png.readUInt32BE(16)).toBe(3600);
    expect(png.readUInt32BE(20)).toBe(4800);

    const elsewhere = local.replace(id, other);
    expect((await send(elsewhere)).status).toBe(403);
    const later = local.replace(
      /expires=(\d+)/,
      (_m, value: string) => `expires=${Number(value) + 1}`,
    );
    expect((await send(later)).status).toBe(403);
    const expired = new URL(
      running.app.printFileLinks!.linkFor(id, new Date(Date.now() - 8 * 24 * 3600_000)),
    );
    expect((await send(`${expired.pathname}${expired.search}`)).status).toBe(403);
    expect((await send(link.pathname)).status).toBe(400);
  });
});
