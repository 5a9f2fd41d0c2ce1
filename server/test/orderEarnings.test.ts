/**
 * What a sale earned, as the owner reads it: the print provider's cost recorded when it accepts an
 * order, each order's revenue, cost and margin, and the sales of each day, through the owner's API
 * (which the listing script reads) and the desk. A cost the provider never said is "—", and is not
 * counted as a cost of zero; a day's revenue is net of what was refunded.
 */
import { waitUntil } from '@tshirt/tooling/test/waitUntil';
import type { DailyEarnings } from '../src/orders/orderEarnings';
import type { AdminOrder } from '../src/routes/creator/admin';
import { withStoreAndStandIns } from './fixtures';
import { paidOrderId } from './orderLinks';
import { signInToDesk, type SendRequest } from './helpers';

const ADMIN_TOKEN = 'earnings-owner-token-0123456789abcdef';
const OWNER = { authorization: `Bearer ${ADMIN_TOKEN}` };
/** Two shirts at $19.99 and their shipping at the default rate, no tax. */
const REVENUE_CENTS = 4697;
/** What the stand-in charges for two shirts: $25.90, and $6.89 to ship them. */
const COST = { itemsCents: 2590, shippingCents: 689, taxCents: 0, totalCents: 3279 };
const TODAY = () => new Date().toISOString().slice(0, 10);

const server = withStoreAndStandIns({ standIns: { printProvider: true }, env: { ADMIN_TOKEN } });

/** An order paid on the test page; its number once the provider has accepted it. */
async function orderInProduction(send: SendRequest = server.request): Promise<string> {
  const id = await paidOrderId(send, server.db);
  await waitUntil(
    async () => (await server.app.repositories.orders.find(id))?.fulfillment === 'in_production',
    'the provider accepted the order',
  );
  return id;
}

async function adminOrders(): Promise<AdminOrder[]> {
  const answer = await server.request('/creator/admin/orders', { headers: OWNER });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { orders: AdminOrder[] }).orders;
}

/** Signs in to the desk; the session cookie. */
const signIn = () => signInToDesk(server.request, ADMIN_TOKEN);

async function deskPage(path: string, cookie: string): Promise<string> {
  const answer = await server.request(path, { headers: { cookie } });
  expect(answer.status).toBe(200);
  return answer.text();
}

/** A desk table's row of `key` (its row header), each cell's text. */
function rowCells(html: string, key: string): string[] {
  const row = [...html.matchAll(/<tr>([\s\S]*?)<\/tr>/g)]
    .map(([, cells]) => cells!)
    .find((cells) => cells.includes(`>${key}<`));
  expect(row).toBeDefined();
  return [...row!.matchAll(/<td data-label="([^"]+)"[^>]*>([\s\S]*?)<\/td>/g)].map(
    ([, label, cell]) => `${label}: ${cell!.replace(/<[^>]+>/g, '').trim()}`,
  );
}

let costed: string;
let unknownCost: string;
let refunded: string;
beforeAll(async () => {
  costed = await orderInProduction();
  server.printProvider.reportsCosts = false;
  unknownCost = await orderInProduction();
  server.printProvider.reportsCosts = true;
  refunded = await orderInProduction();
  await server.app.ownerActions.cancelAndRefund(refunded, 'the shopper changed their mind');
});

describe('the owner’s API (the listing script reads it)', () => {
  it('records the provider’s cost when it accepts an order, and the margin after it', async () => {
    const orders = await adminOrders();
    expect(orders.find((order) => order.id === costed)).toMatchObject({
      totalCents: REVENUE_CENTS,
      providerCost: COST,
      marginCents: REVENUE_CENTS - COST.totalCents,
    });
  });

  it('nets a refunded order’s margin of its refund: it keeps none of its revenue', async () => {
    const orders = await adminOrders();
    expect(orders.find((order) => order.id === refunded)).toMatchObject({
      totalCents: REVENUE_CENTS,
      refundedCents: REVENUE_CENTS,
      paymentStatus: 'refunded',
      printCostCents: 0,
      marginCents: 0,
    });
  });

  it('leaves the cost and margin of an order whose cost the provider never said unknown', async () => {
    const orders = await adminOrders();
    expect(orders.find((order) => order.id === unknownCost)).toMatchObject({
      totalCents: REVENUE_CENTS,
      providerCost: null,
      marginCents: null,
    });
  });

  it('sums each day’s sales: every order’s revenue, the known costs only', async () => {
    const answer = await server.request('/creator/admin/earnings', { headers: OWNER });
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { days: DailyEarnings[] }).days).toEqual([
      {
        day: TODAY(),
        currency: 'USD',
        // The refunded order is in the day at no revenue; its print order, cancelled, cost nothing.
        orders: 3,
        revenueCents: 2 * REVENUE_CENTS,
        costedOrders: 2,
        costCents: COST.totalCents,
        marginCents: REVENUE_CENTS - COST.totalCents,
      },
    ]);
  });

  it('answers the sales only with the owner token', async () => {
    expect((await server.request('/creator/admin/earnings')).status).toBe(401);
  });
});

describe('the owner’s desk', () => {
  it('shows each order’s total, cost and margin, with — for a cost nobody knows', async () => {
    const cookie = await signIn();
    const html = await deskPage('/admin', cookie);
    expect(rowCells(html, costed)).toEqual(
      expect.arrayContaining(['Total: $46.97 USD', 'Cost: $32.79 USD', 'Margin: $14.18 USD']),
    );
    expect(rowCells(html, unknownCost)).toEqual(
      expect.arrayContaining(['Total: $46.97 USD', 'Cost: —', 'Margin: —']),
    );
  });

  it('shows the sales by day, saying how many orders lack a cost', async () => {
    const cookie = await signIn();
    const html = await deskPage('/admin', cookie);
    expect(html).toContain('<h2 id="sales-title">Sales by day</h2>');
    expect(rowCells(html, TODAY())).toEqual([
      'Orders: 3',
      'Revenue: $93.94 USD',
      'Cost: $32.79 USD (1 without a cost)',
      'Margin: $14.18 USD',
    ]);
    expect(html).toContain('Margin = revenue − the print provider’s cost − sales tax collected');
  });

  it('shows an order’s cost in parts and its margin on its page', async () => {
    const cookie = await signIn();
    const page = await deskPage(`/admin/orders/${costed}`, cookie);
    expect(page).toMatch(
      /<dt>Print cost<\/dt><dd><span class="num">\$32\.79 USD<\/span> <span class="note">\(shirts \$25\.90 USD \+ shipping \$6\.89 USD\)<\/span><\/dd>/,
    );
    expect(page).toContain('<dt>Margin</dt><dd><span class="num">$14.18 USD</span></dd>');
    const unknown = await deskPage(`/admin/orders/${unknownCost}`, cookie);
    expect(unknown).toContain('<dt>Print cost</dt><dd>—</dd>');
    expect(unknown).toContain('<dt>Margin</dt><dd><span class="num">—</span></dd>');
  });
});
