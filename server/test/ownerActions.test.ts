/**
 * What the owner can do to an order, through the admin JSON API and the `orders` script, with the
 * desk's own rules: ship by hand with tracking, send the confirmation again, cancel and refund
 * (the built-in payment provider's refund recorded; an order at the print provider cancelled there
 * first, and never taken back once the provider has started making it), each refusal a clear 409
 * that changes nothing, and one order's whole story (history, emails, refund) on its page.
 */
import { spawn } from 'node:child_process';
import {
  printProviderEnv,
  startPrintProviderStandIn,
  type PrintProviderStandIn,
} from '@tshirt/tooling/test/printProviderStandIn';
import { waitUntil } from '@tshirt/tooling/test/waitUntil';
import type { FastifyInstance } from 'fastify';
import { REPO_ROOT } from '../src/config';
import type { AdminOrder, AdminOrderDetail } from '../src/routes/creator/admin';
import { writeServerInstance } from '../src/storage/serverInstance';
import { withTemporaryFolder, withTestServer } from './fixtures';
import { paidOrderId, placedOrder, shopperEmailKinds } from './orderLinks';
import {
  SHIPPING_FORM,
  VALID_ORDER,
  expectErrorShape,
  injectAsFetch,
  type SendRequest,
} from './helpers';

const ADMIN_TOKEN = 'owner-actions-token-0123456789';
const OWNER = { authorization: `Bearer ${ADMIN_TOKEN}` };
const TRACKING = {
  carrier: 'USPS',
  number: '9400100000000000000001',
  url: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000001',
};

const server = withTestServer({ env: { ADMIN_TOKEN } });
let provider: PrintProviderStandIn;
beforeAll(async () => {
  provider = await startPrintProviderStandIn({ fetchPrintFiles: false });
});
afterAll(() => provider?.close());

/** A pending order made through the checkout route, and its payment link. */
async function checkout(send: SendRequest = server.request): Promise<{ id: string; link: string }> {
  const { id, paymentLinkURL } = await placedOrder(send, server.db);
  return { id, link: paymentLinkURL };
}

/** An order paid on the test payment page: ready to print when no print provider is configured. */
const paidOrder = (send: SendRequest = server.request) => paidOrderId(send, server.db);

function post(path: string, body?: unknown, send: SendRequest = server.request) {
  return send(path, {
    method: 'POST',
    headers: { ...OWNER, ...(body !== undefined && { 'content-type': 'application/json' }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
}

const ship = (id: string, tracking: unknown = TRACKING, send?: SendRequest) =>
  post(`/creator/admin/orders/${id}/ship`, tracking, send);
const resendConfirmation = (id: string, send?: SendRequest) =>
  post(`/creator/admin/orders/${id}/resend-confirmation`, undefined, send);
const cancelRefund = (id: string, reason = 'The shopper asked to cancel', send?: SendRequest) =>
  post(`/creator/admin/orders/${id}/cancel-refund`, { reason }, send);
const resubmit = (id: string, send?: SendRequest) =>
  post(`/creator/admin/orders/${id}/resubmit`, undefined, send);

async function refusal(answer: Response, status = 409) {
  expect(answer.status).toBe(status);
  const body = (await answer.json()) as { error: { code: string; message: string } };
  expectErrorShape(body);
  return body.error;
}

async function stateOf(id: string) {
  return (await server.app.repositories.orders.find(id))?.fulfillment ?? 'pending';
}

const shopperEmails = (id: string) => shopperEmailKinds(server.db, id);

async function refundRow(id: string) {
  const [row] = await server.db.query<{
    status: string;
    provider_reference: string | null;
    amount_cents: number;
  }>('SELECT status, provider_reference, amount_cents FROM order_refunds WHERE order_id = $1', [
    id,
  ]);
  return row;
}

describe('shipping by hand', () => {
  it('marks a ready-to-print order shipped with its tracking, and the shopper is emailed it', async () => {
    const id = await paidOrder();
    const answer = await ship(id);
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { order: AdminOrder }).order).toMatchObject({
      id,
      state: 'shipped',
      tracking: TRACKING,
      shippedAt: expect.any(String),
    });
    expect(await shopperEmails(id)).toEqual(['confirmed', 'shipped']);
  });

  it.each([
    ['no carrier', { ...TRACKING, carrier: ' \u0007 ' }, 'carrier'],
    ['a 61-character carrier', { ...TRACKING, carrier: 'x'.repeat(61) }, 'carrier'],
    ['no tracking number', { ...TRACKING, number: '' }, 'tracking number'],
    ['a 101-character number', { ...TRACKING, number: '1'.repeat(101) }, 'tracking number'],
    ['a link that is not http(s)', { ...TRACKING, url: 'javascript:alert(1)' }, 'tracking link'],
  ])('refuses %s with a 400 naming it, and changes nothing', async (_label, tracking, field) => {
    const id = await paidOrder();
    const error = await refusal(await ship(id, tracking), 400);
    expect(error.code).toBe('invalid_tracking');
    expect(error.message).toContain(field);
    expect(await stateOf(id)).toBe('ready_to_print');
  });

  it('keeps the tracking on one line, and takes no link at all', async () => {
    const id = await paidOrder();
    const answer = await ship(id, { carrier: ' Royal\nMail ', number: 'AB\u202e123', url: '' });
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { order: AdminOrder }).order.tracking).toEqual({
      carrier: 'Royal Mail',
      number: 'AB123',
      url: '',
    });
  });

  it('refuses an order that is not ready to print, and one that already shipped', async () => {
    const { id: pending } = await checkout();
    expect((await refusal(await ship(pending))).code).toBe('not_shippable_by_hand');
    const shipped = await paidOrder();
    expect((await ship(shipped)).status).toBe(200);
    const error = await refusal(await ship(shipped, { ...TRACKING, number: '2' }));
    expect(error).toEqual({
      code: 'not_shippable_by_hand',
      message: expect.stringContaining('that is shipped.'),
    });
    expect(await shopperEmails(shipped)).toEqual(['confirmed', 'shipped']);
  });
});

describe('sending the confirmation again', () => {
  it('writes a new confirmation email and leaves the order where it is', async () => {
    const id = await paidOrder();
    const answer = await resendConfirmation(id);
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { order: AdminOrder }).order.state).toBe('ready_to_print');
    expect(await shopperEmails(id)).toEqual(['confirmed', 'confirmed']);
    const ids = await server.db.query<{ message_id: string }>(
      'SELECT message_id FROM order_emails WHERE order_id = $1',
      [id],
    );
    expect(new Set(ids.map((row) => row.message_id)).size).toBe(2);
  });

  it('refuses an order that is not paid', async () => {
    const { id } = await checkout();
    expect((await refusal(await resendConfirmation(id))).code).toBe('confirmation_not_resendable');
    expect(await shopperEmails(id)).toEqual([]);
  });
});

describe('cancelling and refunding with the built-in payment provider', () => {
  it('records the refund with the provider’s reference, cancels and refunds the order, and emails the shopper', async () => {
    const id = await paidOrder();
    const answer = await cancelRefund(id);
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { order: AdminOrder }).order).toMatchObject({
      state: 'refunded',
      refundedAt: expect.any(String),
    });
    expect(await refundRow(id)).toEqual({
      status: 'succeeded',
      provider_reference: expect.stringMatching(new RegExp(`^test-refund-${id}-`)),
      amount_cents: 1999 * VALID_ORDER.quantity + 699,
    });
    expect(await shopperEmails(id)).toEqual(['confirmed', 'refunded']);

    const again = await refusal(await cancelRefund(id));
    expect(again).toEqual({
      code: 'already_refunded',
      message: `Order ${id} is already refunded.`,
    });
  });

  it('refuses an order that shipped, changes nothing, and writes the refusal to its history', async () => {
    const id = await paidOrder();
    expect((await ship(id)).status).toBe(200);
    const error = await refusal(await cancelRefund(id));
    expect(error.code).toBe('not_refundable');
    expect(await stateOf(id)).toBe('shipped');
    expect(await refundRow(id)).toBeUndefined();
    expect((await server.app.repositories.orders.history(id)).at(-1)).toMatchObject({
      source: 'owner',
      event: 'cancel_and_refund_refused',
      toState: null,
      note: error.message,
    });
  });

  it('takes a request without a body, saying the owner cancelled it', async () => {
    const id = await paidOrder();
    expect((await post(`/creator/admin/orders/${id}/cancel-refund`)).status).toBe(200);
    expect((await server.app.repositories.orders.history(id)).at(-1)).toMatchObject({
      event: 'refunded',
      note: 'Cancelled by the owner',
    });
  });

  it('refuses a reason longer than 300 characters with a 400', async () => {
    const id = await paidOrder();
    expect((await refusal(await cancelRefund(id, 'x'.repeat(301)), 400)).code).toBe(
      'invalid_reason',
    );
    expect(await stateOf(id)).toBe('ready_to_print');
  });
});

describe('GET /creator/admin/orders/:id', () => {
  it('answers the order with its history, its emails and its refund', async () => {
    const id = await paidOrder();
    expect((await ship(id)).status).toBe(200);
    const answer = await server.request(`/creator/admin/orders/${id}`, { headers: OWNER });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const detail = (await answer.json()) as AdminOrderDetail;
    expect(detail.order).toMatchObject({ id, state: 'shipped', tracking: TRACKING });
    expect(detail.history.map(({ event, toState }) => [event, toState])).toEqual([
      ['paid', 'ready_to_print'],
      ['shipped_by_hand', 'shipped'],
    ]);
    expect(detail.history[1]).toMatchObject({
      source: 'owner',
      fromState: 'ready_to_print',
      note: `USPS ${TRACKING.number}`,
    });
    expect(detail.emails.filter((email) => email.audience === 'shopper')).toEqual([
      expect.objectContaining({ kind: 'confirmed', recipient: SHIPPING_FORM.email }),
      expect.objectContaining({ kind: 'shipped', recipient: SHIPPING_FORM.email }),
    ]);
    expect(Object.keys(detail.emails[0]!).sort()).toEqual(
      ['attempts', 'audience', 'kind', 'lastError', 'queuedAt', 'recipient', 'sentAt'].sort(),
    );
    expect(detail.refund).toBeNull();
  });
});

describe('the owner’s actions over HTTP', () => {
  const paths = (id: string) => [
    `/creator/admin/orders/${id}/ship`,
    `/creator/admin/orders/${id}/resend-confirmation`,
    `/creator/admin/orders/${id}/cancel-refund`,
  ];

  it('answer an unknown or malformed order with a 404', async () => {
    for (const id of ['AAAAAAAAAAAAAAAA', 'not-an-id']) {
      for (const path of paths(id)) {
        const answer = await post(path, path.endsWith('/ship') ? TRACKING : { reason: 'x' });
        expect([path, answer.status]).toEqual([path, 404]);
      }
      const detail = await server.request(`/creator/admin/orders/${id}`, { headers: OWNER });
      expect(detail.status).toBe(404);
    }
  });

  it('answer without the admin token with a 401, and change nothing', async () => {
    const id = await paidOrder();
    for (const path of [...paths(id), `/creator/admin/orders/${id}`]) {
      const answer = await server.request(path, {
        method: path.endsWith(id) ? 'GET' : 'POST',
        headers: { 'content-type': 'application/json' },
        ...(!path.endsWith(id) && { body: JSON.stringify(TRACKING) }),
      });
      expect([path, answer.status]).toEqual([path, 401]);
    }
    expect(await stateOf(id)).toBe('ready_to_print');
    expect(await shopperEmails(id)).toEqual(['confirmed']);
  });
});

describe('with a print provider', () => {
  let app: FastifyInstance;
  let send: SendRequest;
  beforeEach(async () => {
    provider.mode = 'accept';
    app = (
      await server.start({
        ADMIN_TOKEN,
        ...printProviderEnv(provider),
        PRINT_PROVIDER_TIMEOUT_MS: '1000',
        PRINT_SUBMIT_RETRY_DELAY_SECONDS: '1',
      })
    ).app;
    send = injectAsFetch(app);
  });

  /** A paid order the provider has taken (in production). */
  async function inProduction(): Promise<string> {
    const id = await paidOrder(send);
    await waitUntil(async () => (await stateOf(id)) === 'in_production', 'it is in production');
    return id;
  }

  it('cancels an order in production at the provider, then refunds the shopper', async () => {
    const id = await inProduction();
    const answer = await cancelRefund(id, 'Wrong size', send);
    expect(answer.status).toBe(200);
    expect(provider.orders.get(id)?.status).toBe('canceled');
    expect(provider.cancellations).toContain(id);
    expect(await stateOf(id)).toBe('refunded');
    expect(await refundRow(id)).toMatchObject({ status: 'succeeded' });
    const history = await app.repositories.orders.history(id);
    expect(
      history
        .slice(-2)
        .map(({ event, fromState, toState, note }) => [event, fromState, toState, note]),
    ).toEqual([
      ['cancelled_by_owner', 'in_production', 'cancelled', 'Wrong size'],
      ['refunded', 'cancelled', 'refunded', 'Wrong size'],
    ]);
    expect(await shopperEmails(id)).toEqual(['confirmed', 'refunded']);
  });

  it('refuses to cancel an order the provider has started making, and changes nothing', async () => {
    const id = await inProduction();
    provider.orders.get(id)!.status = 'inprocess';
    const error = await refusal(await cancelRefund(id, 'Too late?', send));
    expect(error).toEqual({
      code: 'provider_started',
      message: 'The print provider has started making this order and can no longer cancel it.',
    });
    expect(provider.cancellations).not.toContain(id);
    expect(provider.orders.get(id)?.status).toBe('inprocess');
    expect(await stateOf(id)).toBe('in_production');
    expect(await refundRow(id)).toBeUndefined();
    expect(await shopperEmails(id)).toEqual(['confirmed']);
  });

  it('takes a queued order off the print queue before the provider has it', async () => {
    provider.mode = 'down';
    const id = await paidOrder(send);
    await waitUntil(
      async () =>
        (await stateOf(id)) === 'queued' &&
        (await app.repositories.orders.find(id))!.submitAttempts >= 1,
      'a try failed',
    );
    expect((await cancelRefund(id, 'Changed my mind', send)).status).toBe(200);
    expect(await stateOf(id)).toBe('refunded');
    expect(provider.orders.has(id)).toBe(false);
  });

  it('refuses to resubmit a refunded order', async () => {
    const id = await paidOrder(send);
    expect((await cancelRefund(id, 'Refund first', send)).status).toBe(200);
    const error = await refusal(await resubmit(id, send));
    expect(error.code).toBe('not_resubmittable');
    expect(error.message).toContain('that is refunded.');
    expect(await stateOf(id)).toBe('refunded');
  });
});

describe('npm run orders, through the running server', () => {
  const dataDir = withTemporaryFolder('tshirt-owner-actions-');
  beforeAll(() => {
    writeServerInstance(dataDir.path, {
      pid: process.pid,
      port: Number(new URL(server.url).port),
      publicUrl: 'http://shop.test',
      adminToken: ADMIN_TOKEN,
    });
  });

  function orders(
    ...args: string[]
  ): Promise<{ code: number | null; stdout: string; stderr: string }> {
    return new Promise((resolve, reject) => {
      const child = spawn('npm', ['run', '--silent', 'orders', '-w', 'server', '--', ...args], {
        cwd: REPO_ROOT,
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: dataDir.path },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('error', reject);
      child.on('exit', (code) => resolve({ code, stdout, stderr }));
    });
  }

  it('ships an order by hand and sends its confirmation again', async () => {
    const id = await paidOrder();
    const shipped = await orders('ship', id, 'USPS', TRACKING.number, TRACKING.url);
    expect([shipped.code, shipped.stdout.trim()]).toEqual([
      0,
      `Order ${id} shipped by hand: PAID · shipped: USPS ${TRACKING.number} ${TRACKING.url}`,
    ]);
    const resent = await orders('resend-confirmation', id);
    expect([resent.code, resent.stdout.trim()]).toEqual([
      0,
      `Order ${id}: the confirmation is sent again to ${SHIPPING_FORM.email}`,
    ]);
    expect(await shopperEmails(id)).toEqual(['confirmed', 'shipped', 'confirmed']);
  });

  it('cancels and refunds an order once, and says why it will not twice', async () => {
    const id = await paidOrder();
    const refunded = await orders('cancel-refund', id, 'the', 'shopper', 'asked');
    expect([refunded.code, refunded.stdout.trim()]).toEqual([
      0,
      `Order ${id} cancelled and refunded: refunded`,
    ]);
    expect((await server.app.repositories.orders.history(id)).at(-1)?.note).toBe(
      'the shopper asked',
    );
    const again = await orders('cancel-refund', id, 'again');
    expect([again.code, again.stderr.trim()]).toEqual([1, `Order ${id} is already refunded.`]);
  });

  it.each([
    [['ship', 'AAAAAAAAAAAAAAAA', 'USPS'], 'ship needs the carrier and the tracking number'],
    [['cancel-refund', 'AAAAAAAAAAAAAAAA'], 'cancel-refund needs a reason'],
    [['resend-confirmation'], 'resend-confirmation needs the order id'],
  ])('refuses %j with the usage and exit code 2', async (args, problem) => {
    const { code, stderr } = await orders(...args);
    expect(code).toBe(2);
    expect(stderr.split('\n')[0]).toBe(`orders: ${problem}`);
    expect(stderr).toContain('cancel-refund <orderId> <reason…>');
  });
});
