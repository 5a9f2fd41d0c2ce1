/**
 * A refund a crash interrupted finishes by itself: the instance that asked Stripe dies while Stripe
 * is still answering (the refund made there, the order's refund left `requested`), and another
 * instance on the same database finishes it through the refund recovery job, under the same
 * idempotency key, emailing the shopper once.
 */
import { waitUntil } from '@tshirt/tooling/test/waitUntil';
import type { Database } from '../src/storage/database';
import { withAppsAndStandIns } from './fixtures';
import { injectAsFetch } from './helpers';
import type { RunningApp } from './helpers';
import { paidThroughStripe, shopperEmailKinds } from './orderLinks';

const ADMIN_TOKEN = 'recovery-admin-token-0123456789';

const apps = withAppsAndStandIns({ standIns: { stripe: true } });

const env = () => ({
  ADMIN_TOKEN,
  PUBLIC_URL: 'https://shop.example',
  STRIPE_TIMEOUT_MS: '1000',
});

/**
 * The shared database as one instance sees it, until `crash()`: from then on nothing that instance
 * does reaches the database, as when its process is killed.
 */
function crashableDatabase(db: Database): Database & { crash(): void; revive(): void } {
  let crashed = false;
  const gone = () => Promise.reject(new Error('this instance crashed'));
  return {
    kind: db.kind,
    query: (sql, params) => (crashed ? gone() : db.query(sql, params)),
    exec: (sql) => (crashed ? gone() : db.exec(sql)),
    transaction: (work) => (crashed ? gone() : db.transaction(work)),
    // The database outlives the instance: the file's fixture closes it.
    close: async () => undefined,
    crash: () => (crashed = true),
    revive: () => (crashed = false),
  };
}

/** An order placed on `instance` and paid through Stripe's Checkout. */
const paidOrder = (instance: RunningApp) =>
  paidThroughStripe(instance.app, apps.stripe, injectAsFetch(instance.app));

const shopperEmails = (id: string) => shopperEmailKinds(apps.db, id);

async function refundRow(id: string) {
  const [row] = await apps.db.query<{
    status: string;
    idempotency_key: string;
    error: string | null;
  }>('SELECT status, idempotency_key, error FROM order_refunds WHERE order_id = $1', [id]);
  return row;
}

describe('a refund interrupted by a crash', () => {
  it('is finished by another instance under the same key, and the shopper is emailed once', async () => {
    const database = crashableDatabase(apps.db);
    const first = await apps.start(env(), { database });
    const { id, paymentIntent } = await paidOrder(first);

    // Stripe makes the refund but has not answered when the instance dies.
    apps.stripe.refundMode = 'hang';
    const asked = injectAsFetch(first.app)(`/creator/admin/orders/${id}/cancel-refund`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ reason: 'The shopper changed their mind' }),
    });
    await waitUntil(
      () => apps.stripe.refunds.has(`refund-${id}`),
      () => 'Stripe received the refund',
    );
    database.crash();
    expect(await refundRow(id)).toMatchObject({ status: 'requested', error: null });
    const stateBefore = await apps.db.query<{ fulfillment: string }>(
      'SELECT fulfillment FROM orders WHERE id = $1',
      [id],
    );
    expect(stateBefore[0]?.fulfillment).not.toBe('refunded');

    apps.stripe.refundMode = 'succeed';
    apps.stripe.releaseHanging();
    await asked.catch(() => undefined);
    const second = await apps.start(env());
    await waitUntil(
      async () => (await refundRow(id))?.status === 'succeeded',
      'the refund is finished',
      { timeoutMs: 30_000 },
    );

    await waitUntil(
      async () => (await second.app.repositories.orders.find(id))?.fulfillment === 'refunded',
      () => 'the order is refunded',
    );

    expect(
      [...apps.stripe.refunds.values()].filter((r) => r.paymentIntent === paymentIntent),
    ).toHaveLength(1);
    const keys = apps.stripe.refundKeys.filter((key) => key.startsWith(`refund-${id}`));
    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect(new Set(keys)).toEqual(new Set([`refund-${id}`]));
    expect(await shopperEmails(id)).toEqual(['confirmed', 'refunded']);
    database.revive();
  }, 60_000);
});
