/**
 * The owner's orders over HTTP: the listing by state, with each paid order's address and print
 * file, and resubmitting an order to the print provider, behind the admin token and the
 * cross-site check like every state-changing request.
 */
import { printFileUrl, type AdminOrder } from '../src/routes/creator/admin';
import { withStandIn, withTestServer } from './fixtures';
import { paidOrderId, placedOrder } from './orderLinks';
import {
  SHIP_TO,
  VALID_ORDER,
  expectErrorShape,
  injectAsFetch,
  newVisitor,
  type SendRequest,
} from './helpers';

const ADMIN_TOKEN = 'admin-orders-token-0123456789';
const OWNER = { authorization: `Bearer ${ADMIN_TOKEN}` };
const server = withTestServer({ env: { ADMIN_TOKEN } });

/** A pending order made through the checkout route; its number. */
const checkout = async () => (await placedOrder(server.request, server.db)).id;

/** An order paid on the test payment page with the shopper's address. */
const paidOrder = () => paidOrderId(server.request, server.db);

async function listOrders(search = '', headers: Record<string, string> = OWNER) {
  return server.request(`/creator/admin/orders${search}`, { headers });
}

async function listed(search = ''): Promise<AdminOrder[]> {
  const answer = await listOrders(search);
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { orders: AdminOrder[] }).orders;
}

/** Asks the file's app, or the one `send` reaches, to resubmit order `id`. */
function resubmit(
  id: string,
  send: SendRequest = server.request,
  headers: Record<string, string> = OWNER,
) {
  return send(`/creator/admin/orders/${id}/resubmit`, { method: 'POST', headers });
}

describe('GET /creator/admin/orders', () => {
  let paid: string;
  let pending: string;
  beforeAll(async () => {
    paid = await paidOrder();
    pending = await checkout();
  });

  it('carries a paid order’s state, email, address, print file and order page, and no secret besides', async () => {
    const order = (await listed()).find((each) => each.id === paid);
    expect(order).toMatchObject({
      state: 'ready_to_print',
      email: 'jane@example.com',
      shipTo: SHIP_TO,
      printFileUrl: printFileUrl(VALID_ORDER.imageURL, VALID_ORDER.shirtColor, 'http://shop.test'),
      orderPageUrl: expect.stringMatching(/^http:\/\/shop\.test\/order\?token=[\w-]{24}$/),
      providerOrderId: null,
      fulfillmentError: null,
      submitAttempts: 0,
      tracking: null,
    });
    expect(order?.printFileUrl).toMatch(
      /^http:\/\/shop\.test\/creator\/designs\/.+\.png\?shirt=Navy$/,
    );
    expect(order).not.toHaveProperty('accessToken');
    expect(order).not.toHaveProperty('paymentReference');
  });

  it('lists only the orders in the state asked for', async () => {
    const ready = await listed('?state=ready_to_print');
    expect(ready.map((order) => order.id)).toContain(paid);
    expect(ready.every((order) => order.state === 'ready_to_print')).toBe(true);

    const waiting = await listed('?state=pending&limit=1000');
    expect(waiting.map((order) => order.id)).toContain(pending);
    expect(waiting.every((order) => order.state === 'pending' && order.printFileUrl === null)).toBe(
      true,
    );

    expect(await listed('?state=shipped')).toEqual([]);
    expect(await listed('?limit=1')).toHaveLength(1);
  });

  it('answers an unknown state with a 400', async () => {
    const answer = await listOrders('?state=lost');
    expect(answer.status).toBe(400);
    const body = (await answer.json()) as { error: { code: string; message: string } };
    expectErrorShape(body);
    expect(body.error.code).toBe('invalid_request');
    expect(body.error.message).toMatch(/^state must be one of: pending, ready_to_print/);
  });

  it('answers without the admin token with a 401', async () => {
    const strangers: Array<Record<string, string>> = [
      {},
      { authorization: 'Bearer not-the-owner-token-0000' },
    ];
    for (const headers of strangers) {
      const answer = await listOrders('?state=pending', headers);
      expect(answer.status).toBe(401);
      expectErrorShape(await answer.json());
    }
  });

  it('locks out an address after a few wrong tokens, the right one included, and no other address', async () => {
    const guesser = newVisitor();
    const statuses: number[] = [];
    for (let guess = 0; guess < 20; guess += 1) {
      const answer = await listOrders('', { ...guesser, authorization: `Bearer guess-${guess}` });
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, 4)).toEqual([401, 401, 401, 401]);
    expect(statuses.slice(4).every((status) => status === 429)).toBe(true);
    const locked = await listOrders('', { ...guesser, ...OWNER });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await listOrders('', { ...newVisitor(), ...OWNER })).status).toBe(200);
  });
});

describe('POST /creator/admin/orders/:id/resubmit', () => {
  it('answers with a 409 when no print provider is configured', async () => {
    const id = await paidOrder();
    const answer = await resubmit(id);
    expect(answer.status).toBe(409);
    expect(await answer.json()).toEqual({
      error: { code: 'no_print_provider', message: expect.stringContaining('PRINT_PROVIDER') },
    });
    expect((await listed('?state=ready_to_print')).map((order) => order.id)).toContain(id);
  });

  it('answers an unknown or malformed order id with a 404', async () => {
    for (const id of ['AAAAAAAAAAAAAAAA', 'not-an-id', '..%2F..%2Fetc']) {
      const answer = await resubmit(id);
      expect([id, answer.status]).toEqual([id, 404]);
      expectErrorShape(await answer.json());
    }
  });

  it('is refused when a browser sends it from another site’s page, token or not', async () => {
    const id = await paidOrder();
    const answer = await resubmit(id, server.request, { ...OWNER, 'sec-fetch-site': 'cross-site' });
    expect(answer.status).toBe(403);
    expect(((await answer.json()) as { error: { code: string } }).error.code).toBe(
      'cross_site_request',
    );
  });

  describe('with a print provider configured', () => {
    // The provider refuses every call: a resubmitted order is queued, then fails again later.
    const provider = withStandIn();
    beforeAll(() => provider.answerWith((_request, response) => response.writeHead(401).end()));
    const withProvider = async () =>
      injectAsFetch(
        (
          await server.start({
            ADMIN_TOKEN,
            PRINT_PROVIDER_API_KEY: 'pf_test_key_0123456789',
            PRINT_PROVIDER_WEBHOOK_SECRET: 'pf_webhook_secret_0123456789',
            PRINT_PROVIDER_API_BASE: provider.url,
          })
        ).app,
      );

    it('puts a ready-to-print order back on the queue and answers with it', async () => {
      const id = await paidOrder();
      const running = await withProvider();
      const answer = await resubmit(id, running);
      expect(answer.status).toBe(200);
      expect(((await answer.json()) as { order: AdminOrder }).order).toMatchObject({
        id,
        state: 'queued',
        fulfillmentError: null,
        submitAttempts: 0,
        shipTo: { name: 'Jane Doe' },
      });
    });

    it('answers without the admin token with a 401, and leaves the order as it was', async () => {
      const id = await paidOrder();
      const running = await withProvider();
      const answer = await resubmit(id, running, {});
      expect(answer.status).toBe(401);
      expectErrorShape(await answer.json());
      expect((await server.app.repositories.orders.find(id))?.fulfillment).toBe('ready_to_print');
    });

    it('answers with a 409 for an order that is not paid, or already shipped', async () => {
      const pending = await checkout();
      const shipped = await paidOrder();
      await server.app.db.query(`UPDATE orders SET fulfillment = 'shipped' WHERE id = $1`, [
        shipped,
      ]);
      const running = await withProvider();
      for (const [id, state] of [
        [pending, 'pending'],
        [shipped, 'shipped'],
      ]) {
        const answer = await resubmit(id as string, running);
        expect([state, answer.status]).toEqual([state, 409]);
        const body = (await answer.json()) as { error: { code: string; message: string } };
        expect(body.error.code).toBe('not_resubmittable');
        expect(body.error.message).toContain(`that is ${state}.`);
      }
    });
  });
});
