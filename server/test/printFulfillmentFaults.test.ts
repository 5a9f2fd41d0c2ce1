/**
 * Exactly once through real faults: the server killed (-9) between payment and submission, and
 * two instances on one real Postgres; each paid order is counted once at the provider's stand-in.
 */
import { waitUntil } from '@tshirt/tooling/test/waitUntil';
import type { OrderView } from '@tshirt/shared/types';
import { withFakeFrontEnd, withTemporaryFolder } from './fixtures';
import { placePaidOrderAt } from './orderLinks';
import {
  withRealPostgresApps,
  withStandInsForEachTest,
  withStoreProcesses,
} from './processFixtures';

const frontEnd = withFakeFrontEnd();
// The print files are not what these tests count: the stand-in does not fetch them.
const standIns = withStandInsForEachTest({ printProvider: { fetchPrintFiles: false } });

const fastRetries = () => ({
  ...standIns.env(),
  PRINT_PROVIDER_TIMEOUT_MS: '1000',
  PRINT_SUBMIT_RETRY_DELAY_SECONDS: '1',
});

/** Waits until the provider has the order, then until the shopper's order page says so. */
async function expectInProduction(url: string, order: { id: string; token: string }) {
  const provider = standIns.printProvider;
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
  const servers = withStoreProcesses(frontEnd, fastRetries);

  // Two starts, and the killed worker's job expiring (four provider time-outs) before it is retried.
  it('sends every paid order once after it comes back', async () => {
    const provider = standIns.printProvider;
    const env = { DATA_DIR: dataDir.path, LOG_LEVEL: 'warn' };
    provider.mode = 'hang';
    const first = await servers.start(env);
    const inFlight = await placePaidOrderAt(first.url);
    await waitUntil(
      () => provider.submissions.includes(inFlight.id),
      'the submission is in flight',
    );
    const notYetSent = await placePaidOrderAt(first.url);
    first.signal('SIGKILL');
    await first.exited;

    provider.mode = 'accept';
    const { url } = await servers.start(env);
    for (const order of [inFlight, notYetSent]) await expectInProduction(url, order);
    expect([...provider.orders.keys()].sort()).toEqual([inFlight.id, notYetSent.id].sort());
  }, 180_000);
});

describe('two instances on one real Postgres', () => {
  const postgresApps = withRealPostgresApps(frontEnd);

  it('sends each paid order to the provider exactly once, whichever instance took the payment', async () => {
    const provider = standIns.printProvider;
    const instances = await postgresApps.startTogether(2, fastRetries());
    const paid = await Promise.all(
      Array.from({ length: 8 }, (_, index) => placePaidOrderAt(instances[index % 2]!.url)),
    );
    for (const order of paid) await expectInProduction(instances[0]!.url, order);
    expect(provider.orders.size).toBe(paid.length);
    expect([...provider.submissions].sort()).toEqual(paid.map((order) => order.id).sort());
  }, 120_000);
});
