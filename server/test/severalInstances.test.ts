/**
 * Two server instances on one real Postgres, as behind a load balancer: whatever one of them
 * stored, the other serves, and the daily limit is counted once for both.
 */
import type { AppConfig } from '../src/config';
import {
  VALID_ORDER,
  createFakeFrontEnd,
  fetchFrom,
  newVisitor,
  placeOrder,
  sendCheckout,
  startApp,
  testConfig,
  type FakeFrontEnd,
  type RunningApp,
  payOnTestPage,
} from './helpers';
import { startRealPostgres, type RealPostgres } from './realPostgres';

const DAILY_LIMIT = 10;

let postgres: RealPostgres;
let frontEnd: FakeFrontEnd;
let first: RunningApp;
let second: RunningApp;

function configOn(databaseUrl: string): AppConfig {
  return {
    ...testConfig({ ...frontEnd.env, GENERATION_DAILY_LIMIT: String(DAILY_LIMIT) }),
    storage: { kind: 'postgres', databaseUrl },
  };
}

beforeAll(async () => {
  postgres = await startRealPostgres();
  frontEnd = createFakeFrontEnd();
  // Each instance opens its own connection pool, as separate processes would.
  [first, second] = await Promise.all([
    startApp(configOn(postgres.databaseUrl)),
    startApp(configOn(postgres.databaseUrl)),
  ]);
});

afterAll(async () => {
  await first?.close();
  await second?.close();
  postgres?.remove();
  frontEnd?.remove();
});

describe('two instances on one Postgres', () => {
  it('serves from one instance an image generated through the other', async () => {
    const generated = await fetch(`${first.url}/creator/generate_image?interests=lighthouses`, {
      headers: newVisitor(),
    });
    expect(generated.status).toBe(200);
    const { image_url: imageUrl } = (await generated.json()) as { image_url: string };
    const fromFirst = await fetch(`${first.url}${imageUrl}`);
    const fromSecond = await fetch(`${second.url}${imageUrl}`);
    expect(fromSecond.status).toBe(200);
    expect(fromSecond.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(await fromSecond.text()).toBe(await fromFirst.text());

    // The order for that image can be placed through the other instance too.
    const checkout = await sendCheckout(fetchFrom(second.url), {
      order: { ...VALID_ORDER, imageURL: imageUrl },
    });
    expect(checkout.status).toBe(200);
  });

  it('pays through one instance an order placed through the other', async () => {
    const paymentLinkURL = await placeOrder(fetchFrom(first.url));
    expect(paymentLinkURL).toMatch(/^\/pay\/[\w-]{24}$/);

    const page = await fetch(`${second.url}${paymentLinkURL}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Review and pay');
    const paid = await payOnTestPage(second.url, paymentLinkURL);
    expect(paid.status).toBe(303);
    expect(await (await fetch(`${first.url}${paymentLinkURL}`)).text()).toContain(
      'This order is already paid',
    );
  });

  it('lets exactly the daily limit through when 40 requests arrive at once, split across both', async () => {
    // Three visitors at once, so the instances also race each other on different rows.
    const visitors = [newVisitor(), newVisitor(), newVisitor()];
    const results = await Promise.all(
      visitors.map(async (visitor) => {
        const statuses = await Promise.all(
          Array.from({ length: 40 }, async (_, index) => {
            const instance = index % 2 === 0 ? first : second;
            const response = await fetch(
              `${instance.url}/creator/generate_image?interests=race%20${index}`,
              { headers: visitor },
            );
            await response.arrayBuffer();
            return response.status;
          }),
        );
        return statuses;
      }),
    );
    for (const statuses of results) {
      expect(statuses.filter((status) => status === 200)).toHaveLength(DAILY_LIMIT);
      expect(statuses.filter((status) => status === 429)).toHaveLength(40 - DAILY_LIMIT);
    }
    // And the database agrees, for each visitor.
    for (const visitor of visitors) {
      const rows = await first.app.db.query<{ count: number }>(
        'SELECT count FROM generation_quota WHERE client_key = $1',
        [visitor['x-forwarded-for']],
      );
      expect(rows[0]?.count).toBe(DAILY_LIMIT);
    }
  });
});
