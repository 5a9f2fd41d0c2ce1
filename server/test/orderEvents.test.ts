/**
 * Every event of the print provider's webhook, from every state an order can be in: it moves the
 * order where the order's life says, or is recorded in the order's history as ignored and changes
 * nothing. The expected moves are written out here, apart from the rules they check.
 */
import {
  printProviderEnv,
  startPrintProviderStandIn,
  type PrintProviderStandIn,
  type ProviderEventType,
} from '@tshirt/tooling/test/printProviderStandIn';
import { waitUntil } from '@tshirt/tooling/test/waitUntil';
import { ORDER_STATES, type OrderState } from '../src/orders/orderLife';
import { withTestServer } from './fixtures';
import { placedOrder } from './orderLinks';
import { SHIPPING_FORM, injectAsFetch } from './helpers';

let provider: PrintProviderStandIn;
beforeAll(async () => {
  provider = await startPrintProviderStandIn({ fetchPrintFiles: false });
});
afterAll(() => provider?.close());
const running = withTestServer({
  env: () => ({
    ...printProviderEnv(provider),
    PRINT_PROVIDER_TIMEOUT_MS: '1000',
    PRINT_SUBMIT_RETRY_DELAY_SECONDS: '1',
  }),
});

/** Where each event moves an order from each state it applies to; any other state stays put. */
const EXPECTED_MOVES: Readonly<Record<ProviderEventType, Partial<Record<OrderState, OrderState>>>> =
  {
    package_shipped: { in_production: 'shipped', on_hold: 'shipped', shipped: 'shipped' },
    shipment_sent: { in_production: 'shipped', on_hold: 'shipped', shipped: 'shipped' },
    shipment_delivered: { shipped: 'delivered' },
    package_returned: { shipped: 'returned', delivered: 'returned' },
    shipment_returned: { shipped: 'returned', delivered: 'returned' },
    order_failed: { queued: 'failed', in_production: 'failed', on_hold: 'failed' },
    order_canceled: { queued: 'cancelled', in_production: 'cancelled', on_hold: 'cancelled' },
    order_put_hold: { in_production: 'on_hold' },
    order_put_hold_approval: { in_production: 'on_hold' },
    order_remove_hold: { on_hold: 'in_production' },
    order_updated: {},
  };

/** The email each move tells the shopper with (none: the shopper is not written to). */
const EXPECTED_EMAIL: Partial<Record<OrderState, string>> = {
  shipped: 'shipped',
  returned: 'returned',
  failed: 'failed',
  cancelled: 'cancelled',
  on_hold: 'on_hold',
};

/** Data each event type brings, as Printful sends it. */
function eventData(type: ProviderEventType): Record<string, unknown> {
  if (type === 'package_shipped' || type === 'shipment_sent') {
    return {
      shipment: {
        carrier: 'UPS',
        tracking_number: `1Z${Math.random().toString().slice(2, 12)}`,
        tracking_url: 'https://www.ups.com/track?tracknum=1Z',
      },
    };
  }
  return { reason: 'The print shop says so' };
}

/** A paid order put straight into `state`, as the provider's order of its first attempt. */
async function orderIn(state: OrderState): Promise<string> {
  const { id } = await placedOrder(injectAsFetch(running.app), running.app.db);
  await running.app.db.query(
    `UPDATE orders SET status = $2, fulfillment = $3, email = $4, ship_to = $5::jsonb,
       provider_order_id = $6, tracking_number = $7
     WHERE id = $1`,
    [
      id,
      state === 'pending' ? 'pending' : 'paid',
      state === 'pending' ? null : state,
      SHIPPING_FORM.email,
      JSON.stringify({ ...SHIPPING_FORM, email: undefined }),
      ['queued', 'ready_to_print'].includes(state) ? null : '4242',
      ['shipped', 'delivered', 'returned'].includes(state) ? 'OLD-TRACKING' : null,
    ],
  );
  return id;
}

async function stateOf(id: string): Promise<OrderState> {
  const order = (await running.app.repositories.orders.find(id))!;
  return order.status === 'pending' ? 'pending' : (order.fulfillment ?? 'ready_to_print');
}

async function emailsOf(id: string): Promise<string[]> {
  const rows = await running.app.db.query<{ kind: string }>(
    `SELECT kind FROM order_emails WHERE order_id = $1 AND audience = 'shopper' ORDER BY queued_at`,
    [id],
  );
  return rows.map((row) => row.kind);
}

const CASES = (Object.keys(EXPECTED_MOVES) as ProviderEventType[]).flatMap((type) =>
  ORDER_STATES.map((state) => [type, state] as const),
);

describe('each print provider event from each state', () => {
  it.each(CASES)('%s arriving for an order that is %s', async (type, state) => {
    const id = await orderIn(state);
    const answer = await provider.sendEvent(running.url, type, id, { data: eventData(type) });
    expect(answer.status).toBe(200);

    const expected = EXPECTED_MOVES[type][state];
    const history = await running.app.repositories.orders.history(id);
    const last = history.at(-1)!;
    expect(last).toMatchObject({ source: 'provider', event: expect.any(String) });
    if (expected === undefined) {
      expect(await stateOf(id)).toBe(state);
      expect(last.toState).toBeNull();
      expect(last.note).toMatch(/does not apply|not an event the store acts on/);
      expect(await emailsOf(id)).toEqual([]);
    } else {
      expect(await stateOf(id)).toBe(expected);
      expect(last.toState).toBe(expected);
      // A hold lifted keeps the on-hold email's promise: word that it moves again.
      const email =
        state === 'on_hold' && expected === 'in_production'
          ? 'back_in_production'
          : EXPECTED_EMAIL[expected];
      expect(await emailsOf(id)).toEqual(email ? [email] : []);
    }
  });
});

describe('odd provider events', () => {
  it('answers an event for an order it does not know, and changes nothing', async () => {
    const answer = await provider.sendEvent(running.url, 'package_shipped', 'ZZZZZZZZZZZZZZZZ', {
      data: eventData('package_shipped'),
    });
    expect(answer.status).toBe(200);
    expect(await running.app.repositories.orders.history('ZZZZZZZZZZZZZZZZ')).toEqual([]);
  });

  it('refuses a signed event with no data or a null one, and changes nothing', async () => {
    const id = await orderIn('in_production');
    for (const body of [
      JSON.stringify({ type: 'package_shipped' }),
      JSON.stringify({ type: 'package_shipped', data: null }),
      JSON.stringify({ data: { order: { external_id: id } } }),
    ]) {
      const answer = await provider.sendEvent(running.url, 'package_shipped', id, { body });
      expect(answer.status).toBe(400);
    }
    expect(await stateOf(id)).toBe('in_production');
  });

  it('sends one shipped email for a shipment notice repeated with the same tracking number', async () => {
    const id = await orderIn('in_production');
    const data = eventData('package_shipped');
    for (let i = 0; i < 3; i += 1) {
      expect((await provider.sendEvent(running.url, 'package_shipped', id, { data })).status).toBe(
        200,
      );
    }
    expect(await stateOf(id)).toBe('shipped');
    expect(await emailsOf(id)).toEqual(['shipped']);
    const history = await running.app.repositories.orders.history(id);
    expect(
      history.filter((entry) => entry.note === 'already shipped with this tracking number'),
    ).toHaveLength(2);
  });

  it('puts no second print job on the queue for an event that leaves a queued order queued', async () => {
    const id = await orderIn('queued');
    const applied = await running.app.ownerActions.resendConfirmation(id);
    expect(applied.decision).toMatchObject({ moves: true, from: 'queued', to: 'queued' });
    const jobs = await running.app.db.query(
      `SELECT id FROM pgboss.job WHERE name = 'print-submission' AND data->>'orderId' = $1`,
      [id],
    );
    expect(jobs).toEqual([]);
    expect(await emailsOf(id)).toEqual(['confirmed']);
  });

  it('keeps a shipment notice that arrives before the order is in production from moving it', async () => {
    const id = await orderIn('queued');
    await provider.sendEvent(running.url, 'package_shipped', id, {
      data: eventData('package_shipped'),
    });
    expect(await stateOf(id)).toBe('queued');
  });

  it('makes a new provider order when a cancelled one is resubmitted, and ignores news of the old one', async () => {
    const { id } = await placedOrder(injectAsFetch(running.app), running.app.db);
    await running.app.orderFulfillment.orderPaid(id, {
      reference: 'test',
      shipping: SHIPPING_FORM,
    });
    await waitUntil(async () => (await stateOf(id)) === 'in_production', 'sent to the provider');

    await provider.sendEvent(running.url, 'order_canceled', id, {
      data: { reason: 'Out of stock' },
    });
    expect(await stateOf(id)).toBe('cancelled');

    const resubmitted = await running.app.orderFulfillment.resubmit(id, 'owner');
    expect(resubmitted.decision?.moves).toBe(true);
    await waitUntil(async () => (await stateOf(id)) === 'in_production', 'sent again');
    // Two orders at the provider: the cancelled one and the new attempt, never the dead one adopted.
    expect(provider.submissions.filter((externalId) => externalId.startsWith(id))).toEqual([
      id,
      `${id}-2`,
    ]);
    const order = (await running.app.repositories.orders.find(id))!;
    expect(order.providerOrderId).toBe(String(provider.orders.get(`${id}-2`)!.id));

    // News of the cancelled first order changes nothing; the second one's shipment moves it.
    await provider.sendEvent(running.url, 'package_shipped', id, {
      data: eventData('package_shipped'),
    });
    expect(await stateOf(id)).toBe('in_production');
    const ignored = (await running.app.repositories.orders.history(id)).at(-1)!;
    expect(ignored.note).toMatch(/earlier provider order \(attempt 1/);
    await provider.sendEvent(running.url, 'package_shipped', `${id}-2`, {
      data: eventData('package_shipped'),
    });
    expect(await stateOf(id)).toBe('shipped');
  });

  it('shows a returned package as returned, never as shipped, and asks for the address', async () => {
    const id = await orderIn('shipped');
    await provider.sendEvent(running.url, 'package_returned', id, {
      data: { reason: 'Undeliverable address' },
    });
    const order = (await running.app.repositories.orders.find(id))!;
    const answer = await injectAsFetch(running.app)(`/creator/order?token=${order.accessToken}`);
    const view = (await answer.json()) as Record<string, unknown>;
    expect(view).toMatchObject({
      state: 'returned',
      // The shop's words, not the provider's reason.
      problem: 'The carrier could not deliver the package to this address.',
      canCorrectAddress: true,
      // As the status table shows it: a warning, every step behind it, none under way.
      tone: 'warning',
      progress: { reached: 3, last: 'done' },
    });
  });

  it('never shows a failed order as paid and on its way', async () => {
    const id = await orderIn('in_production');
    await provider.sendEvent(running.url, 'order_failed', id, {
      data: { reason: 'Print file could not be read' },
    });
    const order = (await running.app.repositories.orders.find(id))!;
    const answer = await injectAsFetch(running.app)(`/creator/order?token=${order.accessToken}`);
    const view = (await answer.json()) as { state: string; nextStep: string };
    expect(view.state).toBe('failed');
    expect(view.nextStep).toMatch(/looking into it/);
  });
});
