/**
 * A week of the shop, scripted through the real routes and the stand-ins (issue 49's Done-when):
 * ten orders paid through Stripe's Checkout; the owner refunds one whole and part of another from
 * the desk; one is refunded in Stripe's dashboard; one comes back and is sent again once the owner
 * approves; one is held by the print shop and let go; one confirmation email gives up. At the end
 * the desk's figures, per order and per day, are the money that moved at the Stripe stand-in
 * (charges less refunds) and the costs at the print provider stand-in (every print order it did
 * not cancel), in the owner's API, the desk's CSV export and the sales by day.
 */
import { chargeRefundedEvent } from '@tshirt/tooling/test/stripeStandIn';
import { waitUntil } from '@tshirt/tooling/test/waitUntil';
import type { DailyEarnings } from '../src/orders/orderEarnings';
import type { AdminOrder, AdminOrderDetail } from '../src/routes/creator/admin';
import { withStoreAndStandIns } from './fixtures';
import { SHIP_TO, VALID_ORDER, signInToDesk } from './helpers';
import { placeStripeOrder } from '@tshirt/tooling/test/storeRequests';

const ADMIN_TOKEN = 'order-week-admin-token-0123456789';
const OWNER = { authorization: `Bearer ${ADMIN_TOKEN}` };
/** The week's days, Monday first: each order is paid on one of them. */
const WEEK = ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28'];

const server = withStoreAndStandIns({
  standIns: { stripe: true, printProvider: true, smtp: true },
  env: {
    ADMIN_TOKEN,
    // Nothing here hangs: time limits generous enough for a loaded machine, retries a second apart.
    STRIPE_TIMEOUT_MS: '5000',
    PRINT_PROVIDER_TIMEOUT_MS: '5000',
    PRINT_SUBMIT_RETRY_DELAY_SECONDS: '1',
    // One try: an email the mail server refuses gives up at once, with no wait for a retry.
    MAIL_SEND_ATTEMPTS: '1',
    MAIL_TIMEOUT_MS: '2000',
  },
});

/** What moved at Stripe: each order's charge, and the refunds made in its dashboard. */
const charged = new Map<string, { cents: number; paymentIntent: string }>();
const refundedInDashboard = new Map<string, number>();

/** Charges less every refund Stripe made for the order (through its API or its dashboard). */
function netAtStripe(id: string): number {
  const { cents, paymentIntent } = charged.get(id)!;
  const byApi = [...server.stripe.refunds.values()]
    .filter((refund) => refund.paymentIntent === paymentIntent)
    .reduce((sum, refund) => sum + refund.amount, 0);
  return cents - byApi - (refundedInDashboard.get(id) ?? 0);
}

const cents = (decimal: string) => Math.round(Number(decimal) * 100);

/** What the print provider charges for the order: each of its print orders it did not cancel. */
function costAtProvider(id: string): number {
  return [...server.printProvider.orders.values()]
    .filter((order) => order.externalId === id || order.externalId.startsWith(`${id}-`))
    .filter((order) => order.status !== 'canceled')
    .reduce((sum, order) => sum + cents(order.costs!.total), 0);
}

const stateOf = async (id: string) => (await server.app.repositories.orders.find(id))?.fulfillment;
const reaches = (id: string, state: string) =>
  waitUntil(async () => (await stateOf(id)) === state, `order ${id} is ${state}`);

async function emailsOf(id: string): Promise<AdminOrderDetail['emails']> {
  const answer = await server.request(`/creator/admin/orders/${id}`, { headers: OWNER });
  return ((await answer.json()) as AdminOrderDetail).emails;
}

/** Waits until the order's email of `kind` is sent, or has given up (`sentAt` null, an error kept). */
async function emailSettled(id: string, kind: string) {
  await waitUntil(async () => {
    const email = (await emailsOf(id)).find((each) => each.kind === kind);
    return email !== undefined && (email.sentAt !== null || email.lastError !== null);
  }, `order ${id}'s ${kind} email is sent or has given up`);
}

/**
 * Places `quantity` shirts through the checkout route and pays them at Checkout (Stripe's signed
 * `checkout.session.completed`), on `day` of the week; its number once the print shop has it.
 */
async function orderPaidOn(day: string, quantity: number): Promise<string> {
  const session = await placeStripeOrder(server.request, server.stripe, {
    order: { ...VALID_ORDER, quantity },
  });
  const completed = server.stripe.completedEvent(session) as {
    data: { object: { amount_total: number } };
  };
  const paid = await server.stripe.sendEvent(server.request, completed);
  expect(paid.status).toBe(200);
  const id = session.orderId;
  charged.set(id, {
    cents: completed.data.object.amount_total,
    paymentIntent: session.paymentIntent,
  });
  await reaches(id, 'in_production');
  await emailSettled(id, 'confirmed');
  // The week, compressed: the payment is moved to its day (the database stamps it with its own clock).
  await server.db.query(
    `UPDATE orders SET paid_at = ($2::date + time '12:00') AT TIME ZONE 'UTC' WHERE id = $1`,
    [id, day],
  );
  return id;
}

function owner(path: string, body?: unknown) {
  return server.request(`/creator/admin/orders/${path}`, {
    method: 'POST',
    headers: { ...OWNER, 'content-type': 'application/json' },
    body: JSON.stringify(body ?? {}),
  });
}

function ship(id: string, externalId = id) {
  return server.printProvider.sendEvent(server.url, 'package_shipped', externalId, {
    data: { shipment: { carrier: 'UPS', tracking_number: `1Z${externalId}`, tracking_url: '' } },
  });
}

function dashboardRefund(id: string, amountRefunded: number) {
  const { cents: amount, paymentIntent } = charged.get(id)!;
  refundedInDashboard.set(id, amountRefunded);
  return server.stripe.sendEvent(
    server.request,
    chargeRefundedEvent({ paymentIntent, amount, amountRefunded, metadata: { order_id: id } }),
  );
}

it('ends a week of refunds, a reprint, a hold and a lost email with the desk’s figures equal to the money that moved', async () => {
  // Monday: three orders; the owner cancels and refunds the first while it is being made.
  const [fullFromDesk, partFromDesk, fromDashboard] = [
    await orderPaidOn(WEEK[0]!, 1),
    await orderPaidOn(WEEK[0]!, 2),
    await orderPaidOn(WEEK[0]!, 3),
  ];
  expect((await owner(`${fullFromDesk}/cancel-refund`, { reason: 'Ordered twice' })).status).toBe(
    200,
  );
  expect(server.printProvider.orders.get(fullFromDesk)!.status).toBe('canceled');

  // Tuesday: the second ships and arrives damaged; the owner refunds $10 of it.
  const returned = await orderPaidOn(WEEK[1]!, 2);
  expect((await ship(partFromDesk)).status).toBe(200);
  await reaches(partFromDesk, 'shipped');
  expect(
    (await owner(`${partFromDesk}/refund`, { amountCents: 1000, reason: 'A damaged shirt' }))
      .status,
  ).toBe(200);

  // Wednesday: the third is refunded whole in Stripe's dashboard before it is made.
  const held = await orderPaidOn(WEEK[2]!, 1);
  expect((await dashboardRefund(fromDashboard, charged.get(fromDashboard)!.cents)).status).toBe(
    200,
  );
  expect(server.printProvider.orders.get(fromDashboard)!.status).toBe('canceled');
  await reaches(fromDashboard, 'refunded');

  // Thursday: a package comes back; the shopper corrects the address, the owner sends it again.
  expect((await ship(returned)).status).toBe(200);
  await server.printProvider.sendEvent(server.url, 'package_returned', returned, {
    data: { reason: 'Undeliverable' },
  });
  await reaches(returned, 'returned');
  const address = SHIP_TO;
  const { accessToken } = (await server.app.repositories.orders.find(returned))!;
  const corrected = await server.request(`/creator/order/address?token=${accessToken}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...address, line2: 'Back door' }),
  });
  expect(corrected.status).toBe(200);
  expect(server.printProvider.orders.has(`${returned}-2`)).toBe(false);
  expect((await owner(`${returned}/resubmit`)).status).toBe(200);
  await reaches(returned, 'in_production');
  expect(server.printProvider.orders.has(`${returned}-2`)).toBe(true);
  expect((await ship(returned, `${returned}-2`)).status).toBe(200);

  // Friday: the print shop holds an order, then lets it go.
  await server.printProvider.sendEvent(server.url, 'order_put_hold', held, {
    data: { reason: 'Billing: your wallet balance is too low' },
  });
  await reaches(held, 'on_hold');
  await server.printProvider.sendEvent(server.url, 'order_remove_hold', held);
  await reaches(held, 'in_production');

  // Saturday: the mail server is down while an order is paid; its confirmation gives up.
  await server.smtp.down();
  const emailLost = await orderPaidOn(WEEK[5]!, 2);
  await server.smtp.up();
  const lost = (await emailsOf(emailLost)).find((email) => email.kind === 'confirmed')!;
  expect(lost).toMatchObject({ sentAt: null, attempts: 1 });

  // And four orders that simply go through, one delivered.
  const quiet = [
    await orderPaidOn(WEEK[3]!, 1),
    await orderPaidOn(WEEK[4]!, 3),
    await orderPaidOn(WEEK[4]!, 1),
    await orderPaidOn(WEEK[5]!, 2),
  ];
  expect((await ship(quiet[0]!)).status).toBe(200);
  await server.printProvider.sendEvent(server.url, 'shipment_delivered', quiet[0]!);
  await reaches(quiet[0]!, 'delivered');

  const week = [fullFromDesk, partFromDesk, fromDashboard, returned, held, emailLost, ...quiet];
  expect(new Set(week).size).toBe(10);

  // Per order: the desk's revenue net of refunds, and its print cost.
  const listed = await server.request('/creator/admin/orders', { headers: OWNER });
  const { orders } = (await listed.json()) as { orders: AdminOrder[] };
  const onTheDesk = (id: string) => {
    const order = orders.find((each) => each.id === id)!;
    return {
      net: order.totalCents - order.refundedCents,
      cost: order.printCostCents,
      margin: order.marginCents,
    };
  };
  // No sales tax this week: the margin is all that stayed at Stripe less all the print shop charged.
  const moved = (id: string) => ({
    net: netAtStripe(id),
    cost: costAtProvider(id),
    margin: netAtStripe(id) - costAtProvider(id),
  });
  expect(Object.fromEntries(week.map((id) => [id, onTheDesk(id)]))).toEqual(
    Object.fromEntries(week.map((id) => [id, moved(id)])),
  );

  // The desk's CSV export says the same. No cell of this week's rows holds a comma or a quote:
  // a row split otherwise would not have a cell per column, and would fail here.
  const cookie = await signInToDesk(server.request, ADMIN_TOKEN);
  const exported = await server.request('/admin/orders.csv?show=all', { headers: { cookie } });
  expect(exported.status).toBe(200);
  const [header, ...rows] = (await exported.text())
    .trim()
    .split('\r\n')
    .map((line) => line.split(','));
  const weekRows = rows.filter((row) => week.includes(row[0]!));
  expect(weekRows.map((row) => row.length)).toEqual(week.map(() => header!.length));
  const cell = (row: string[], column: string) => cents(row[header!.indexOf(column)]!);
  expect(
    Object.fromEntries(
      weekRows.map((row) => [
        row[0],
        {
          net: cell(row, 'Revenue') - cell(row, 'Refunds'),
          cost: cell(row, 'Print cost'),
          margin: cell(row, 'Margin'),
        },
      ]),
    ),
  ).toEqual(Object.fromEntries(week.map((id) => [id, moved(id)])));

  // Per day: sales by day.
  const earned = await server.request('/creator/admin/earnings', { headers: OWNER });
  const { days } = (await earned.json()) as { days: DailyEarnings[] };
  const paidOn = Object.fromEntries(
    (
      await server.db.query<{ id: string; day: string }>(
        `SELECT id, to_char(paid_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day FROM orders
         WHERE id = ANY($1)`,
        [week],
      )
    ).map((row) => [row.id, row.day]),
  );
  const expectedDays = WEEK.map((day) => {
    const ofDay = week.filter((id) => paidOn[id] === day);
    const revenueCents = ofDay.reduce((sum, id) => sum + netAtStripe(id), 0);
    const costCents = ofDay.reduce((sum, id) => sum + costAtProvider(id), 0);
    return {
      day,
      currency: 'USD',
      orders: ofDay.length,
      revenueCents,
      costedOrders: ofDay.length,
      costCents,
      marginCents: revenueCents - costCents,
    };
  });
  expect([...days].sort((a, b) => a.day.localeCompare(b.day))).toEqual(expectedDays);

  // The week's sums: what moved at Stripe and the provider is what the desk shows.
  const totals = {
    charged: [...charged.values()].reduce((sum, charge) => sum + charge.cents, 0),
    refunded: week.reduce((sum, id) => sum + charged.get(id)!.cents - netAtStripe(id), 0),
    net: week.reduce((sum, id) => sum + netAtStripe(id), 0),
    printCost: week.reduce((sum, id) => sum + costAtProvider(id), 0),
  };
  expect(days.reduce((sum, day) => sum + day.revenueCents, 0)).toBe(totals.net);
  expect(days.reduce((sum, day) => sum + day.costCents, 0)).toBe(totals.printCost);
});
