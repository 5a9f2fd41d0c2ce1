/**
 * Exactly once through real faults: the server killed (-9) between payment and submission, and
 * two instances on one real Postgres; each paid order is counted once at the provider's stand-in.
 */
import {
  printProviderEnv,
  startPrintProviderStandIn,
  type PrintProviderStandIn,
} from '@tshirt/tooling/test/printProviderStandIn';
import { startStoreServer, type StoreServer } from '@tshirt/tooling/test/storeServer';
import { waitUntil } from '@tshirt/tooling/test/waitUntil';
import type { OrderView } from '@tshirt/shared/types';
import type { AppConfig } from '../src/config';
import { withFakeFrontEnd, withTemporaryFolder } from './fixtures';
import { orderNumberOnPaymentPage } from './orderLinks';
import {
  VALID_ORDER,
  newVisitor,
  payOnTestPage,
  query,
  startApp,
  testConfig,
  type RunningApp,
} from './helpers';
import { startRealPostgres, type RealPostgres } from './realPostgres';

const frontEnd = withFakeFrontEnd();
let provider: PrintProviderStandIn;
beforeEach(async () => {
  provider = await startPrintProviderStandIn();
});
afterEach(() => provider.close());

const fastRetries = () => ({
  ...printProviderEnv(provider),
  PRINT_PROVIDER_TIMEOUT_MS: '1000',
  PRINT_SUBMIT_RETRY_DELAY_SECONDS: '1',
});

/** Checks out and pays on the test page with an address; the order's id and page token. */
async function buyAndPay(url: string): Promise<{ id: string; token: string }> {
  const checkout = await fetch(`${url}/creator/checkout?${query(VALID_ORDER)}`, {
    method: 'POST',
    headers: newVisitor(),
  });
  const { paymentLinkURL } = (await checkout.json()) as { paymentLinkURL: string };
  const id = await orderNumberOnPaymentPage(url, paymentLinkURL);
  const paid = await payOnTestPage(url, paymentLinkURL);
  expect(paid.status).toBe(303);
  const token = new URL(paid.headers.get('location')!, url).searchParams.get('token')!;
  return { id, token };
}

/** Waits until the provider has the order, then until the shopper's order page says so. */
async function expectInProduction(url: string, order: { id: string; token: string }) {
  await waitUntil(() => provider.orders.has(order.id), `the provider has order ${order.id}`, {
    timeoutMs: 60_000,
  });
  // Polled gently: the order look-up is rate-limited per visitor.
  await waitUntil(
    async () => {
      const answer = await fetch(`${url}/creator/order?token=${order.token}`);
      return ((await answer.json()) as OrderView).state === 'in_production';
    },
    `order ${order.id} is in production`,
    { everyMs: 250 },
  );
}

describe('a server killed between payment and submission', () => {
  const dataDir = withTemporaryFolder('tshirt-print-kill-');
  let server: StoreServer | undefined;
  afterEach(() => server?.stop());

  // Two starts, and the killed worker's job expiring (four provider time-outs) before it is retried.
  it('sends every paid order once after it comes back', async () => {
    const env = { ...frontEnd.env, ...fastRetries(), DATA_DIR: dataDir.path, LOG_LEVEL: 'warn' };
    provider.mode = 'hang';
    server = await startStoreServer(env);
    const inFlight = await buyAndPay(server.url);
    await waitUntil(
      () => provider.submissions.includes(inFlight.id),
      'the submission is in flight',
    );
    const notYetSent = await buyAndPay(server.url);
    server.signal('SIGKILL');
    await server.exited;

    provider.mode = 'accept';
    server = await startStoreServer(env);
    const { url } = server;
    for (const order of [inFlight, notYetSent]) await expectInProduction(url, order);
    expect([...provider.orders.keys()].sort()).toEqual([inFlight.id, notYetSent.id].sort());
  }, 180_000);
});

describe('two instances on one real Postgres', () => {
  let postgres: RealPostgres;
  let instances: RunningApp[] = [];
  beforeAll(async () => {
    postgres = await startRealPostgres();
  });
  afterAll(() => postgres?.remove());
  afterEach(async () => {
    for (const instance of instances) await instance.close();
    instances = [];
  });

  function configOn(databaseUrl: string): AppConfig {
    return {
      ...testConfig({ ...frontEnd.env, ...fastRetries() }),
      storage: { kind: 'postgres', databaseUrl },
    };
  }

  it('sends each paid order to the provider exactly once, whichever instance took the payment', async () => {
    // Started together, as two processes behind a load balancer would; each is closed after the test.
    await Promise.all(
      [0, 1].map(async () => instances.push(await startApp(configOn(postgres.databaseUrl)))),
    );
    const paid = await Promise.all(
      Array.from({ length: 8 }, (_, index) => buyAndPay(instances[index % 2]!.url)),
    );
    for (const order of paid) await expectInProduction(instances[0]!.url, order);
    expect(provider.orders.size).toBe(paid.length);
    expect([...provider.submissions].sort()).toEqual(paid.map((order) => order.id).sort());
  }, 120_000);
});
