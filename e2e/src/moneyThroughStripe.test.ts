/**
 * The money of one order paid through Stripe with sales tax on, as the shopper, Stripe, the store
 * and the print provider each see it: the product page's shipping, the Checkout Session's lines,
 * shipping option and automatic tax, the figures on /complete, the owner's listing and the
 * provider's retail costs all add up to the same total.
 */
import { formatPrice, PREMADE_DESIGNS, UNIT_PRICE_CENTS } from '@tshirt/shared/catalog';
import { BUY_BUTTON_LABELS, FIELD_LABELS, ORDER_TEXT } from '@tshirt/shared/labels';
import { waitUntil } from '@tshirt/tooling/test/waitUntil';
import { launchBrowser, PORTRAIT, type TestBrowser } from './harness/browser';
import { withStoreAndStandIns } from './harness/store';
import { orderOnCompletePage } from './harness/orderPage';
import { showStripeHostedPage } from './harness/stripeHostedPage';
import type { StripeCustomer } from '@tshirt/tooling/test/stripeStandIn';

const ADMIN_TOKEN = 'e2e-money-owner-token-0123456789';
const FIRST_SHIRT_SHIPPING = 599;
const EACH_MORE_SHIPPING = 250;
const QUANTITY = 2;
/** What Stripe Tax would have computed for the Portland address (the stand-in charges what it is told). */
const TAX_CENTS = 307;

const SUBTOTAL = UNIT_PRICE_CENTS * QUANTITY;
const SHIPPING = FIRST_SHIRT_SHIPPING + EACH_MORE_SHIPPING;
const TOTAL = SUBTOTAL + SHIPPING + TAX_CENTS;

const customer: StripeCustomer = {
  email: 'jane.money@example.com',
  name: 'Jane Money',
  address: {
    line1: '1 Fore St',
    line2: null,
    city: 'Portland',
    state: 'ME',
    postal_code: '04101',
    country: 'US',
  },
};

/** A decimal string of `cents`, as Printful's retail costs carry money. */
const decimal = (cents: number) => (cents / 100).toFixed(2);

const store = withStoreAndStandIns(
  { stripe: true, printProvider: true },
  {
    ADMIN_TOKEN,
    SHIPPING_FIRST_ITEM: decimal(FIRST_SHIRT_SHIPPING),
    SHIPPING_ADDITIONAL_ITEM: decimal(EACH_MORE_SHIPPING),
    SALES_TAX: 'exclusive',
    PRINT_SUBMIT_RETRY_DELAY_SECONDS: '1',
  },
);

let browser: TestBrowser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

it('charges subtotal + shipping + tax through Stripe, and shows and sends the same figures', async () => {
  const leaveHostedPage = await showStripeHostedPage(browser.context);
  try {
    const page = await browser.newPage(PORTRAIT);
    await page.goto(`${store.server.url}/product`);
    await page.getByRole('button', { name: PREMADE_DESIGNS[0]!.title, exact: true }).click();
    await page.getByLabel(FIELD_LABELS.shirtColor, { exact: true }).selectOption('Navy');
    await page.getByLabel(FIELD_LABELS.shirtSize, { exact: true }).selectOption('L');
    await page.getByLabel(FIELD_LABELS.quantity, { exact: true }).selectOption(String(QUANTITY));
    // Before Buy It: the shipping rates, and that tax is added at payment.
    await page
      .getByText(`${formatPrice(FIRST_SHIRT_SHIPPING)} for the first shirt`)
      .first()
      .waitFor();
    await page
      .getByText(/sales tax, where it applies, is added at payment/i)
      .first()
      .waitFor();

    const [tab] = await Promise.all([
      browser.context.waitForEvent('page'),
      page.getByRole('button', { name: BUY_BUTTON_LABELS.idle }).click(),
    ]);
    await tab.waitForURL(/checkout\.stripe\.com/);

    // What the store asked Stripe to charge: the shirts, the shipping option, automatic tax.
    const session = store.stripe.sessionRequest();
    expect(session?.get('line_items[0][price_data][unit_amount]')).toBe(String(UNIT_PRICE_CENTS));
    expect(session?.get('line_items[0][quantity]')).toBe(String(QUANTITY));
    expect(session?.get('line_items[0][price_data][tax_behavior]')).toBe('exclusive');
    expect(session?.get('shipping_options[0][shipping_rate_data][fixed_amount][amount]')).toBe(
      String(SHIPPING),
    );
    expect(session?.get('automatic_tax[enabled]')).toBe('true');

    const orderId = session?.get('metadata[order_id]') ?? '';
    const successUrl = session?.get('success_url') ?? '';
    await tab.goto(successUrl.replace('{CHECKOUT_SESSION_ID}', store.stripe.sessionId));
    expect(
      (await store.stripe.sendCompleted(store.server.url, orderId, customer, TAX_CENTS)).status,
    ).toBe(200);

    // /complete: subtotal, shipping and tax, and the total they make.
    const { orderNumber } = await orderOnCompletePage(tab);
    expect(orderNumber).toBe(orderId);
    const summary = (await tab.getByRole('main').textContent()) ?? '';
    expect(summary).toContain(`${ORDER_TEXT.subtotal}${formatPrice(SUBTOTAL)}`);
    expect(summary).toContain(`${ORDER_TEXT.shipping}${formatPrice(SHIPPING)}`);
    expect(summary).toContain(`${ORDER_TEXT.tax}${formatPrice(TAX_CENTS)}`);
    expect(summary).toContain(formatPrice(TOTAL));

    // The owner's listing records each part.
    const listing = await fetch(`${store.server.url}/creator/admin/orders`, {
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    const { orders } = (await listing.json()) as { orders: Array<Record<string, unknown>> };
    expect(orders.find((order) => order.id === orderId)).toMatchObject({
      subtotalCents: SUBTOTAL,
      shippingCents: SHIPPING,
      taxCents: TAX_CENTS,
      totalCents: TOTAL,
    });

    // The print provider receives the retail costs it asks for, the same figures.
    await waitUntil(() => store.printProvider.orders.has(orderId), 'the provider has the order');
    const retailCosts = store.printProvider.orders.get(orderId)?.body.retail_costs;
    expect(retailCosts?.currency.toUpperCase()).toBe('USD');
    expect(retailCosts).toMatchObject({
      subtotal: decimal(SUBTOTAL),
      shipping: decimal(SHIPPING),
      tax: decimal(TAX_CENTS),
    });
  } finally {
    await leaveHostedPage();
  }
});
