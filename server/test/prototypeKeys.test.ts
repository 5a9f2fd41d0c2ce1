/**
 * Words from a request that name a member of Object.prototype (`__proto__`, `constructor`,
 * `toString`…) find nothing where the server looks a word up: a signed webhook event of such a type
 * is ignored, a signed body that is not an object is refused, an address correction with a
 * `__proto__` key is refused as any body that is not JSON, and such theme words are read as any
 * word the engine does not know. Never a 500.
 */
import {
  printProviderEnv,
  startPrintProviderStandIn,
  type PrintProviderStandIn,
} from '@tshirt/tooling/test/printProviderStandIn';
import { sendSignedWebhook } from '@tshirt/tooling/test/stripeStandIn';
import { withBlockApp } from './blockApp';
import { withTestApps } from './fixtures';
import { placedOrder } from './orderLinks';
import { fetchFrom, newVisitor, query, type RunningApp } from './helpers';

const PROTOTYPE_WORDS = [
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'valueOf',
  '__defineGetter__',
];
const NOT_OBJECTS = ['null', '42', '"package_shipped"', '[]'];
const STRIPE_WEBHOOK_SECRET = 'whsec_prototype_keys';
const ADMIN_TOKEN = 'prototype-keys-token-0123456789';

const apps = withTestApps();

describe('the print provider’s signed webhook', () => {
  let provider: PrintProviderStandIn;
  let running: RunningApp;
  let orderId: string;
  beforeAll(async () => {
    provider = await startPrintProviderStandIn({ fetchPrintFiles: false });
  });
  const block = withBlockApp(apps, () => printProviderEnv(provider));
  afterAll(() => provider.close());
  beforeEach(async () => {
    running = block.running;
    orderId = (await placedOrder(fetchFrom(running.url), running.app.db)).id;
  });

  it('ignores an event whose type names a member of Object.prototype, and records it', async () => {
    for (const type of PROTOTYPE_WORDS) {
      const answer = await provider.sendEvent(running.url, type, orderId, {
        data: { reason: 'odd' },
      });
      expect([type, answer.status]).toEqual([type, 200]);
    }
    const order = await running.app.repositories.orders.find(orderId);
    expect(order?.status).toBe('pending');
    const history = await running.app.repositories.orders.history(orderId);
    expect(history.map((line) => line.note)).toEqual(
      expect.arrayContaining(
        PROTOTYPE_WORDS.map((type) => `${type} is not an event the store acts on`),
      ),
    );
  });

  it('refuses a signed body that is not an object (null, a number, a text, a list) with a 400', async () => {
    for (const body of NOT_OBJECTS) {
      const answer = await provider.sendEvent(running.url, 'package_shipped', orderId, { body });
      expect([body, answer.status]).toEqual([body, 400]);
      expect(((await answer.json()) as { error: { code: string } }).error.code).toBe(
        'invalid_request',
      );
    }
  });
});

describe('Stripe’s signed webhook', () => {
  const block = withBlockApp(apps, () => ({
    STRIPE_SECRET_KEY: 'sk_test_prototype_keys',
    STRIPE_WEBHOOK_SECRET,
    // Never called: no event here reaches Stripe's API.
    STRIPE_API_BASE: 'http://127.0.0.1:9',
  }));
  let running: RunningApp;
  beforeEach(() => {
    running = block.running;
  });

  it('acknowledges an event whose type names a member of Object.prototype, doing nothing', async () => {
    for (const type of PROTOTYPE_WORDS) {
      const answer = await sendSignedWebhook(
        fetchFrom(running.url),
        { id: 'evt_prototype', object: 'event', type, data: { object: { id: 'cs_test_1' } } },
        STRIPE_WEBHOOK_SECRET,
      );
      expect([type, answer.status]).toEqual([type, 200]);
    }
  });

  it('refuses a signed body that is not an object (null, a number, a text, a list) with a 400', async () => {
    for (const body of NOT_OBJECTS) {
      const answer = await sendSignedWebhook(
        fetchFrom(running.url),
        JSON.parse(body),
        STRIPE_WEBHOOK_SECRET,
      );
      expect([body, answer.status]).toEqual([body, 400]);
    }
  });
});

describe('theme words', () => {
  let running: RunningApp;
  beforeEach(async () => {
    running = await apps.start({ GENERATION_DAILY_LIMIT: '100' });
  });

  it('reads interests and objects that name members of Object.prototype as words it does not know', async () => {
    for (const field of ['interests', 'objects'])
      for (const word of PROTOTYPE_WORDS) {
        const answer = await fetchFrom(running.url)(
          `/creator/generate_image?${query({ [field]: word })}`,
          { headers: newVisitor() },
        );
        // 200, or 422 for words nothing draws: a clear answer either way.
        expect(`${field}=${word}: ${answer.status}`).toMatch(/: (200|422)$/);
      }
  });
});

describe('an address correction', () => {
  let running: RunningApp;
  beforeEach(async () => {
    running = await apps.start({ ADMIN_TOKEN });
  });

  it('with a __proto__ or constructor.prototype key, or not JSON, is a 400, from the shopper and the owner alike', async () => {
    const { id: orderId } = await placedOrder(fetchFrom(running.url), running.app.db);
    const [order] = await running.app.db.query<{ access_token: string }>(
      'SELECT access_token FROM orders WHERE id = $1',
      [orderId],
    );
    for (const body of [
      '{"__proto__": {"country": "US"}}',
      '{"constructor": {"prototype": {}}}',
      '{',
    ]) {
      for (const path of [
        `/creator/order/address?token=${order!.access_token}`,
        `/creator/admin/orders/${orderId}/address`,
      ]) {
        const refused = await fetchFrom(running.url)(path, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${ADMIN_TOKEN}`,
          },
          body,
        });
        expect([path, body, refused.status]).toEqual([path, body, 400]);
        expect(await refused.json()).toEqual({
          error: { code: 'invalid_request', message: expect.any(String) },
        });
      }
    }
  });
});
