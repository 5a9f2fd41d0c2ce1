/**
 * Each shopper's email arrives once (one Message-ID) and none is lost, through real faults: the
 * server killed (-9) between a payment and its email, two instances on one real Postgres, the
 * SMTP server down and back, and one that takes the connection and never answers while shoppers
 * pay.
 */
import { createServer, type Socket } from 'node:net';
import { waitUntil } from '@tshirt/tooling/test/waitUntil';
import type { OrderView } from '@tshirt/shared/types';
import { ORDER_EMAIL_QUEUE } from '../src/plugins/app/orderMail';
import { pgliteFolder, type Queryable } from '../src/storage/database';
import { withFakeFrontEnd, withTemporaryFolder, withTestApps } from './fixtures';
import { placePaidOrderAt } from './orderLinks';
import { SHIPPING_FORM, newVisitor } from './helpers';
import {
  withRealPostgresApps,
  withStandInsForEachTest,
  withStoreProcesses,
} from './processFixtures';
import { openTestDatabase, prepareDataDir } from './testDatabase';

const MAIL_FROM = 'Shop <orders@shop.example>';

const frontEnd = withFakeFrontEnd();
const standIns = withStandInsForEachTest({ smtp: true });

/** The store's mail settings: the stand-in, retries a second apart, a short SMTP time-out. */
const mailEnv = (overrides: Record<string, string> = {}) => ({
  ...standIns.env(),
  MAIL_FROM,
  MAIL_RETRY_DELAY_SECONDS: '1',
  MAIL_TIMEOUT_MS: '2000',
  ...overrides,
});

interface PaidOrder {
  id: string;
  token: string;
  email: string;
}

/**
 * Checks out and pays on the test page, the shopper telling `email`; the payment must answer as
 * it always does, a 303 to the complete page, whatever the mail server is doing.
 */
async function buyAndPay(url: string, email: string = SHIPPING_FORM.email): Promise<PaidOrder> {
  return { ...(await placePaidOrderAt(url, { ...SHIPPING_FORM, email })), email };
}

/** What the shopper's order page says the order is. */
async function shopperState(url: string, order: PaidOrder): Promise<OrderView['state']> {
  const answer = await fetch(`${url}/creator/order?token=${order.token}`, {
    headers: newVisitor(),
  });
  return ((await answer.json()) as OrderView).state;
}

interface EmailRow {
  message_id: string;
  order_id: string;
  kind: string;
  recipient: string;
  sent_at: Date | null;
  attempts: number;
  last_error: string | null;
  /** The id of the order's `paid` event: the Message-ID is made from it. */
  paid_event_id: string;
}

/** The outbox rows of these orders, with the id of each one's payment event. */
function emailRows(db: Queryable, orders: PaidOrder[]): Promise<EmailRow[]> {
  return db.query<EmailRow>(
    `SELECT e.*, ev.id::text AS paid_event_id FROM order_emails e
     LEFT JOIN order_events ev ON ev.order_id = e.order_id AND ev.event = 'paid'
     WHERE e.order_id = ANY($1::text[]) ORDER BY e.order_id`,
    [orders.map((order) => order.id)],
  );
}

/** Email jobs that a worker may still take: while there are any, another email could come. */
async function pendingEmailJobs(db: Queryable): Promise<number> {
  const [row] = await db.query<{ count: string | number }>(
    `SELECT count(*) AS count FROM pgboss.job
     WHERE name = $1 AND state IN ('created', 'retry', 'active')`,
    [ORDER_EMAIL_QUEUE],
  );
  return Number(row?.count ?? 0);
}

/** Waits until every email of `orders` is marked sent and no email job is left to run. */
async function waitUntilAllSent(db: Queryable, orders: PaidOrder[]): Promise<void> {
  let rows: EmailRow[] = [];
  let pending = 0;
  await waitUntil(
    async () => {
      rows = await emailRows(db, orders);
      pending = await pendingEmailJobs(db);
      return rows.length === orders.length && rows.every((row) => row.sent_at) && pending === 0;
    },
    () => `every email is sent (${JSON.stringify(rows)}; ${pending} jobs pending)`,
    { timeoutMs: 60_000, everyMs: 200 },
  );
}

const byMessageId = (a: { messageId: string }, b: { messageId: string }) =>
  a.messageId < b.messageId ? -1 : a.messageId > b.messageId ? 1 : 0;

/**
 * Each order's confirmation arrived exactly once, under the Message-ID its payment event names,
 * to its shopper; nothing else arrived. `rows` are the outbox rows of `orders`.
 */
function expectEachConfirmationOnce(orders: PaidOrder[], rows: EmailRow[]): void {
  const expected = orders
    .map((order) => {
      const row = rows.find((each) => each.order_id === order.id);
      expect(row).toMatchObject({ kind: 'confirmed', recipient: order.email });
      return {
        messageId: `<order-${order.id}.confirmed-${row!.paid_event_id}@shop.example>`,
        to: [order.email],
      };
    })
    .sort(byMessageId);
  expect(rows.map((row) => row.message_id).sort()).toEqual(expected.map((each) => each.messageId));
  const arrived = standIns.smtp.messages
    .map((message) => ({ messageId: message.messageId ?? '', to: message.envelope.to }))
    .sort(byMessageId);
  expect(arrived).toEqual(expected);
}

describe('a server killed between a payment and its email', () => {
  const dataDir = withTemporaryFolder('tshirt-mail-kill-');
  const servers = withStoreProcesses(frontEnd, mailEnv);

  // Two starts of a real server, and the email retries' backoff after the second.
  it('sends each confirmation once, with the Message-ID of its payment, after it comes back', async () => {
    const { smtp } = standIns;
    await prepareDataDir(dataDir.path);
    const env = { DATA_DIR: dataDir.path, LOG_LEVEL: 'warn' };
    await smtp.down();
    const first = await servers.start(env);

    const triedAlready = await buyAndPay(first.url, 'tried@example.com');
    await waitUntil(
      () => first.output().includes('sending an order email failed; retrying'),
      () => `the first email was tried and failed; the server printed:\n${first.output()}`,
    );
    const justPaid = await buyAndPay(first.url, 'just-paid@example.com');
    first.signal('SIGKILL');
    expect(await first.exited).toBeNull();
    expect(smtp.messages).toHaveLength(0);

    await smtp.up();
    const second = await servers.start(env);
    await smtp.waitForMessages(2, { timeoutMs: 60_000 });
    // Stopped, it sends nothing more: what arrived by then is all that ever will.
    await second.stop();

    const db = await openTestDatabase(pgliteFolder(dataDir.path));
    try {
      const orders = [triedAlready, justPaid];
      const rows = await emailRows(db, orders);
      expect(rows.every((row) => row.sent_at !== null)).toBe(true);
      expect(await pendingEmailJobs(db)).toBe(0);
      expectEachConfirmationOnce(orders, rows);
    } finally {
      await db.close();
    }
  }, 180_000);
});

describe('two instances on one real Postgres', () => {
  const postgresApps = withRealPostgresApps(frontEnd);

  it('sends each confirmation exactly once, whichever instance took the payment', async () => {
    const instances = await postgresApps.startTogether(2, mailEnv());
    const orders = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        buyAndPay(instances[index % 2]!.url, `shopper-${index}@example.com`),
      ),
    );

    const { db } = instances[0]!.app;
    await waitUntilAllSent(db, orders);
    const rows = await emailRows(db, orders);
    for (const instance of instances) await instance.close();

    expectEachConfirmationOnce(orders, rows);
    expect(new Set(standIns.smtp.messages.map((message) => message.envelope.to[0]))).toEqual(
      new Set(orders.map((order) => order.email)),
    );
  }, 120_000);
});

describe('an SMTP server that is down, then back', () => {
  const apps = withTestApps();

  it('takes every payment, then sends each email once when the server is back', async () => {
    const { smtp } = standIns;
    await smtp.down();
    const { url, app } = await apps.start(mailEnv());
    const orders: PaidOrder[] = [];
    for (const index of [0, 1, 2]) orders.push(await buyAndPay(url, `down-${index}@example.com`));
    for (const order of orders) expect(await shopperState(url, order)).toBe('paid');

    // Each email tried, failed, tried again later and failed again while the server is down.
    let rows: EmailRow[] = [];
    await waitUntil(
      async () => {
        rows = await emailRows(app.db, orders);
        return rows.length === orders.length && rows.every((row) => row.attempts >= 2);
      },
      () => `every email was tried twice (${JSON.stringify(rows)})`,
    );
    expect(rows.every((row) => row.sent_at === null && row.last_error)).toBe(true);
    expect(smtp.messages).toHaveLength(0);

    await smtp.up();
    await waitUntilAllSent(app.db, orders);
    rows = await emailRows(app.db, orders);
    for (const row of rows) {
      expect(row.attempts).toBeGreaterThan(1);
      expect(row.sent_at).not.toBeNull();
      expect(row.last_error).toBeNull();
    }
    expectEachConfirmationOnce(orders, rows);
  }, 90_000);
});

/** A mail server that takes connections and never says a word; `close` cuts them. */
async function startSilentMailServer(port: number) {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    /** Connections the server holds open, waiting for a greeting that never comes. */
    openConnections: () => sockets.size,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describe('a payment while the mail server hangs', () => {
  const apps = withTestApps();
  // Longer than the test may run: a payment answered at all did not wait for the email.
  const MAIL_TIMEOUT_MS = 120_000;

  it('answers without waiting for the email, which is sent once when mail works again', async () => {
    const { smtp } = standIns;
    // The stand-in's port, held by a server that never greets until the stand-in takes it back.
    await smtp.down();
    const silent = await startSilentMailServer(smtp.port);
    try {
      const { url, app } = await apps.start(mailEnv({ MAIL_TIMEOUT_MS: String(MAIL_TIMEOUT_MS) }));
      const first = await buyAndPay(url, 'first@example.com');
      await waitUntil(
        () => silent.openConnections() > 0,
        'the worker is waiting on the mail server',
      );

      const second = await buyAndPay(url, 'second@example.com');
      // Answered while the worker still waits for the server's greeting.
      expect(silent.openConnections()).toBeGreaterThan(0);
      expect(await shopperState(url, second)).toBe('paid');
      expect(smtp.messages).toHaveLength(0);

      await silent.close();
      await smtp.up();
      const orders = [first, second];
      await waitUntilAllSent(app.db, orders);
      expectEachConfirmationOnce(orders, await emailRows(app.db, orders));
    } finally {
      await silent.close();
    }
  }, 90_000);
});
