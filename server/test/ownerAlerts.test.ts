/**
 * The owner is emailed when an order fails, is held or is stuck: one email per order and reason,
 * however many retries and instances there are, through the same outbox as the shopper's emails.
 */
import { waitUntil } from '@tshirt/tooling/test/waitUntil';
import { withAppsAndStandIns } from './fixtures';
import { everyEmailSent, paidOrderId } from './orderLinks';
import { injectAsFetch, type RunningApp } from './helpers';

const OWNER = 'owner@shop.test';

const apps = withAppsAndStandIns({ standIns: { printProvider: true, smtp: true } });

/** Two instances on one database, with the provider's and the mail server's stand-ins. */
async function twoInstances(env: Record<string, string> = {}): Promise<RunningApp[]> {
  const settings = {
    OWNER_EMAIL: OWNER,
    MAIL_RETRY_DELAY_SECONDS: '1',
    // The stand-in answers at once (503 when down): a short time-out would only let a loaded
    // machine abandon an attempt before the stand-in counts it.
    PRINT_PROVIDER_TIMEOUT_MS: '30000',
    PRINT_SUBMIT_RETRY_DELAY_SECONDS: '1',
    ...env,
  };
  return [await apps.start(settings), await apps.start(settings)];
}

const paidOrder = (running: RunningApp) => paidOrderId(injectAsFetch(running.app), running.app.db);

const alertsAbout = (id: string) =>
  apps.smtp.messages.filter(
    (message) =>
      message.envelope.to.includes(OWNER) && message.messageId?.includes(`order-${id}.owner-`),
  );

/** Every email of the order is sent (none waits in the queue): a count now is the final count. */
async function settled(running: RunningApp, id: string): Promise<void> {
  await waitUntil(() => everyEmailSent(running.app.db, id), 'every email of the order is sent', {
    timeoutMs: 30_000,
  });
}

beforeEach(() => {
  apps.printProvider.mode = 'accept';
});

describe('the owner is told', () => {
  it('once when a provider outage outlasts every retry, on two instances', async () => {
    apps.printProvider.mode = 'down';
    const [first, second] = await twoInstances({ PRINT_SUBMIT_ATTEMPTS: '3' });
    const id = await paidOrder(first!);
    await waitUntil(
      async () => (await first!.app.repositories.orders.find(id))?.fulfillment === 'failed',
      'sending gave up',
      { timeoutMs: 60_000 },
    );
    await waitUntil(() => alertsAbout(id).length > 0, 'the owner is emailed');
    await settled(second!, id);
    const [alert, ...more] = alertsAbout(id);
    expect(more).toEqual([]);
    expect(apps.printProvider.submissions.filter((externalId) => externalId === id)).toHaveLength(
      3,
    );
    expect(alert!.subject).toContain('an order failed');
    expect(alert!.text).toContain(`/admin/orders/${id}`);
    expect(alert!.text).toMatch(/HTTP 503/);
  });

  it('once when the print shop holds an order, even when it says so twice', async () => {
    const [first] = await twoInstances();
    const id = await paidOrder(first!);
    await waitUntil(
      async () => (await first!.app.repositories.orders.find(id))?.fulfillment === 'in_production',
      'sent to the provider',
    );
    for (let i = 0; i < 2; i += 1) {
      await apps.printProvider.sendEvent(first!.url, 'order_put_hold', id, {
        data: { reason: 'Artwork needs review' },
      });
    }
    await waitUntil(() => alertsAbout(id).length > 0, 'the owner is emailed');
    await settled(first!, id);
    expect(alertsAbout(id)).toHaveLength(1);
    expect(alertsAbout(id)[0]!.text).toContain('Artwork needs review');
  });

  it('once for an order stuck longer than STUCK_ORDER_HOURS, however many instances look', async () => {
    apps.printProvider.mode = 'down';
    const [first, second] = await twoInstances({ STUCK_ORDER_HOURS: '24' });
    const id = await paidOrder(first!);
    expect(await first!.app.stuckOrders.list()).toEqual([]);
    // The order has waited 25 hours in the queue.
    await first!.app.db.query(
      `UPDATE order_events SET at = now() - interval '25 hours' WHERE order_id = $1`,
      [id],
    );
    const listed = await first!.app.stuckOrders.list();
    expect(listed.map((stuck) => stuck.order.id)).toContain(id);
    const written = await Promise.all([
      first!.app.stuckOrders.alertOwner(),
      second!.app.stuckOrders.alertOwner(),
      first!.app.stuckOrders.alertOwner(),
    ]);
    expect(written.reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(1);
    await waitUntil(() => alertsAbout(id).length > 0, 'the owner is emailed');
    await settled(first!, id);
    expect(alertsAbout(id)).toHaveLength(1);
    expect(alertsAbout(id)[0]!.subject).toContain('has not moved');
  });
});
