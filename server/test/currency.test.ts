/**
 * The currency is one setting, CURRENCY: the offer the browser reads, the order, the test payment
 * page, Stripe Checkout and what the shopper is shown after paying all speak it.
 */
import { STORE_OFFER_PATH } from '@tshirt/shared/apiPaths';
import { placeOrder, placeStripeOrder } from '@tshirt/tooling/test/storeRequests';
import { withStoreAndStandIns, withTestServer } from './fixtures';
import { payOnTestPage } from './helpers';
import { orderIdOfPaymentLink } from './orderLinks';

describe('with CURRENCY=eur and the test payment page', () => {
  const server = withTestServer({ env: { CURRENCY: 'eur' } });

  it('gives the browser the currency with the offer', async () => {
    const offer = await (await server.request(STORE_OFFER_PATH)).json();
    expect(offer).toMatchObject({ currency: 'EUR', unitPriceCents: 1999 });
  });

  it('records the order in it, and the payment page and order page show it', async () => {
    const link = await placeOrder(server.request);
    const id = await orderIdOfPaymentLink(server.db, link);
    expect((await server.app.repositories.orders.find(id))?.currency).toBe('EUR');

    const page = await (await server.request(link)).text();
    expect(page).toContain('39.98 EUR');
    expect(page).toContain('46.97 EUR');
    expect(page).not.toContain('USD');

    const paid = await payOnTestPage(server.request, link);
    expect(paid.status).toBe(303);
    const token = new URL(paid.headers.get('location')!, 'http://x').searchParams.get('token');
    const view = await (await server.request(`/creator/order?token=${token}`)).json();
    expect(view).toMatchObject({ currency: 'EUR', totalCents: 4697 });
  });
});

describe('with CURRENCY=gbp and Stripe', () => {
  const server = withStoreAndStandIns({ standIns: { stripe: true }, env: { CURRENCY: 'gbp' } });

  it('charges the shirts and their shipping in it', async () => {
    const session = await placeStripeOrder(server.request, server.stripe);
    const form = session.request!;
    expect(form.get('line_items[0][price_data][currency]')).toBe('gbp');
    expect(form.get('line_items[0][price_data][unit_amount]')).toBe('1999');
    expect(form.get('shipping_options[0][shipping_rate_data][fixed_amount][currency]')).toBe('gbp');
  });
});
