/**
 * Every print order is a cost (issue 49, point 3): a package that came back is sent again only
 * when the owner approves (the shopper's correction puts the order before them, sending nothing),
 * and the reprint's cost joins the first one's in the order's cost and margin; a correction never
 * moves a paid order to a dearer shipping zone for free.
 */
import { waitUntil } from '@tshirt/tooling/test/waitUntil';
import type { AdminOrder } from '../src/routes/creator/admin';
import { withStoreAndStandIns } from './fixtures';
import { paidOrderId } from './orderLinks';
import { SHIP_TO } from './helpers';

const ADMIN_TOKEN = 'reprints-admin-token-0123456789';
const OWNER = { authorization: `Bearer ${ADMIN_TOKEN}` };

const server = withStoreAndStandIns({
  standIns: { printProvider: true },
  env: {
    ADMIN_TOKEN,
    SHIPPING_COUNTRIES: 'US',
    SHIPPING_ZONES: 'CA,MX=9.99+4.00',
    PRINT_PROVIDER_TIMEOUT_MS: '1000',
    PRINT_SUBMIT_RETRY_DELAY_SECONDS: '1',
  },
});
beforeEach(() => {
  server.printProvider.mode = 'accept';
});

const ADDRESS = SHIP_TO;
const stateOf = async (id: string) => (await server.app.repositories.orders.find(id))?.fulfillment;

/** An order of two shirts paid on the test page to the US; its id once `state` is reached. */
async function paidOrder(state: string): Promise<string> {
  const id = await paidOrderId(server.request, server.db);
  await waitUntil(async () => (await stateOf(id)) === state, `the order is ${state}`);
  return id;
}

async function correctAsShopper(id: string, address: Record<string, string>) {
  const order = await server.app.repositories.orders.find(id);
  return server.request(`/creator/order/address?token=${order!.accessToken}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(address),
  });
}

async function adminOrder(id: string): Promise<AdminOrder> {
  const answer = await server.request(`/creator/admin/orders/${id}`, { headers: OWNER });
  return ((await answer.json()) as { order: AdminOrder }).order;
}

describe('a package that came back', () => {
  it('waits for the owner when the shopper corrects the address, then its reprint is a cost too', async () => {
    const id = await paidOrder('in_production');
    const firstCost = (await adminOrder(id)).printCostCents!;
    expect(firstCost).toBeGreaterThan(0);
    await server.printProvider.sendEvent(server.url, 'package_shipped', id, {
      data: { shipment: { carrier: 'UPS', tracking_number: '1Z1', tracking_url: '' } },
    });
    await server.printProvider.sendEvent(server.url, 'package_returned', id, {
      data: { reason: 'Undeliverable' },
    });
    expect(await stateOf(id)).toBe('returned');
    const submissions = server.printProvider.submissions.length;

    // Pressed without any change: nothing is sent, the owner is asked.
    const corrected = await correctAsShopper(id, ADDRESS);
    expect(corrected.status).toBe(200);
    expect(await stateOf(id)).toBe('returned');
    expect(server.printProvider.submissions).toHaveLength(submissions);
    expect(server.printProvider.orders.has(`${id}-2`)).toBe(false);
    const alerts = await server.db.query<{ kind: string }>(
      `SELECT kind FROM order_emails WHERE order_id = $1 AND audience = 'owner'`,
      [id],
    );
    expect(alerts.map((alert) => alert.kind)).toContain('reprint_asked');

    // The owner approves: a second print order, and both are counted.
    await server.app.ownerActions.resubmit(id);
    await waitUntil(async () => (await stateOf(id)) === 'in_production', 'sent again');
    expect(server.printProvider.orders.has(`${id}-2`)).toBe(true);
    const order = await adminOrder(id);
    expect(order.printCostCents).toBe(firstCost + order.providerCost!.totalCents);
    expect(order.marginCents).toBe(order.totalCents - order.printCostCents! - order.taxCents);
  });
});

describe('a correction to a dearer shipping zone', () => {
  it('is refused with a message saying why, and the address stays', async () => {
    server.printProvider.mode = 'refuseAddress';
    const id = await paidOrder('problem');
    const before = (await server.app.repositories.orders.find(id))!.shipTo;
    const toCanada = { ...ADDRESS, country: 'CA', state: 'ON', postalCode: 'K1A 0B1' };
    const answer = await correctAsShopper(id, toCanada);
    expect(answer.status).toBe(400);
    const { error } = (await answer.json()) as {
      error: { code: string; message: string; fields: Record<string, string> };
    };
    expect(error.code).toBe('invalid_address');
    expect(error.fields.country).toMatch(
      /^Shipping to Canada costs \$13\.99 USD, more than the \$6\.99 USD paid/,
    );
    expect((await server.app.repositories.orders.find(id))!.shipTo).toEqual(before);
    expect(await stateOf(id)).toBe('problem');

    const byOwner = await server.request(`/creator/admin/orders/${id}/address`, {
      method: 'POST',
      headers: { ...OWNER, 'content-type': 'application/json' },
      body: JSON.stringify(toCanada),
    });
    expect(byOwner.status).toBe(409);
    expect(((await byOwner.json()) as { error: { code: string } }).error.code).toBe(
      'dearer_shipping',
    );
  });
});
