/**
 * An order's life after payment, in a real browser: paid with an address (on the test page, and
 * through a Stripe stand-in with its {CHECKOUT_SESSION_ID} redirect), confirmed on /complete, sent
 * to the print provider's stand-in, shipped by its signed webhook, tracked on the order page.
 */
import type { Page } from 'playwright-core';
import { PAGE_TEXT } from '@tshirt/shared/labels';
import { waitUntil } from '@tshirt/tooling/test/waitUntil';
import { launchBrowser, PORTRAIT, type TestBrowser } from './harness/browser';
import { withStoreAndStandIns } from './harness/store';
import { designAndBuy } from './harness/designAndBuy';
import { showStripeHostedPage } from './harness/stripeHostedPage';

const TRACKING_URL = 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000000';

let browser: TestBrowser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The order's number and its page, as /complete shows them. */
async function expectConfirmation(tab: Page): Promise<{ orderNumber: string; orderPage: string }> {
  await tab.getByRole('heading', { name: PAGE_TEXT.orderComplete }).waitFor();
  await tab.getByText('Jane Doe').first().waitFor();
  const main = (await tab.getByRole('main').textContent()) ?? '';
  for (const expected of [
    'Navy',
    "Men's",
    'L',
    '$19.99 USD',
    '1 Main St',
    'Springfield',
    '62701',
  ]) {
    expect(main).toContain(expected);
  }
  const orderNumber = /Order number\s*(TW-\d{4}-\d{4})/.exec(main)?.[1];
  expect(orderNumber).toBeDefined();
  await tab.waitForFunction(() =>
    [...document.images].some(
      (image) => image.src.includes('/creator/images/') && image.naturalWidth > 0,
    ),
  );
  const track = tab.getByRole('link', { name: 'Track your order' });
  const orderPage = (await track.getAttribute('href')) ?? '';
  expect(orderPage).toMatch(/^\/order\?token=[A-Za-z0-9_-]{24}$/);
  return { orderNumber: orderNumber!, orderPage };
}

/** The order page, reloaded until it shows `state`. */
async function waitForOrderPageState(page: Page, url: string, state: RegExp): Promise<void> {
  await waitUntil(
    async () => {
      await page.goto(url);
      // The progress list is there once the order has loaded.
      await page.getByRole('list', { name: 'Order progress' }).waitFor();
      return (await page.getByRole('status').filter({ hasText: state }).count()) > 0;
    },
    `the order page shows ${state}`,
    { timeoutMs: 60_000, everyMs: 1_000 },
  );
}

describe('an order paid on the test page', () => {
  const store = withStoreAndStandIns(
    { printProvider: true },
    { PRINT_SUBMIT_RETRY_DELAY_SECONDS: '1' },
  );

  it('is confirmed, sent to the printer, shipped and tracked', async () => {
    const page = await browser.newPage(PORTRAIT);
    const tab = await designAndBuy(browser, page, store.server.url);
    await tab.waitForURL(/\/pay\//);

    // A mistake keeps what was typed and says what to fix.
    await tab.getByLabel('Full name').fill('Jane Doe');
    await tab.getByLabel('Email').fill('not-an-email');
    await tab.getByLabel('Address line 1').fill('1 Main St');
    await tab.getByLabel('City').fill('Springfield');
    await tab.getByLabel('State / province / region').fill('IL');
    await tab.getByLabel('ZIP / postal code').fill('62701');
    await tab.getByRole('button', { name: 'Pay' }).click();
    await tab.getByRole('alert').waitFor();
    expect(await tab.getByLabel('Full name').inputValue()).toBe('Jane Doe');
    await tab.getByLabel('Email').fill('jane@example.com');
    await tab.getByRole('button', { name: 'Pay' }).click();

    await tab.waitForURL(/\/complete\?token=/);
    const { orderNumber, orderPage } = await expectConfirmation(tab);
    await tab.reload();
    await expectConfirmation(tab);

    const printFile = await waitUntil(
      () => store.printProvider.orders.get(orderNumber)?.printFile,
      'the provider fetched the print file',
    );
    expect(printFile).toMatchObject({ status: 200, contentType: 'image/png' });
    await waitForOrderPageState(tab, `${store.server.url}${orderPage}`, /In production/);

    expect((await store.printProvider.ship(store.server.url, orderNumber)).status).toBe(200);
    await waitForOrderPageState(tab, `${store.server.url}${orderPage}`, /Shipped/);
    const trackPackage = tab.getByRole('link', { name: 'Track the package' });
    expect(await trackPackage.getAttribute('href')).toBe(TRACKING_URL);
    expect(store.printProvider.orders.size).toBeGreaterThanOrEqual(1);
    expect(store.printProvider.submissions.filter((id) => id === orderNumber)).toHaveLength(1);
  });
});

describe('an order paid through Stripe', () => {
  const store = withStoreAndStandIns(
    { printProvider: true, stripe: true },
    { PRINT_SUBMIT_RETRY_DELAY_SECONDS: '1' },
  );

  it('lands on /complete by its session id, confirms when the webhook arrives, and is tracked', async () => {
    // Stripe's hosted page, played by the test: it sends the shopper to the success URL.
    const leaveHostedPage = await showStripeHostedPage(browser.context);
    const page = await browser.newPage(PORTRAIT);
    const tab = await designAndBuy(browser, page, store.server.url);
    await tab.waitForURL(/checkout\.stripe\.com/);
    const successUrl = store.stripe.sessionRequest()?.get('success_url') ?? '';
    expect(successUrl).toBe(`${store.server.url}/complete?session_id={CHECKOUT_SESSION_ID}`);
    const orderId = store.stripe.sessionRequest()?.get('metadata[order_id]') ?? '';

    await tab.goto(successUrl.replace('{CHECKOUT_SESSION_ID}', store.stripe.sessionId));
    await tab.getByText('Payment received, confirming…').waitFor();
    // One shirt and its shipping at the default rate, to the test shopper (STRIPE_CUSTOMER).
    expect((await store.stripe.sendCompleted(store.server.url, orderId)).status).toBe(200);
    const { orderNumber, orderPage } = await expectConfirmation(tab);
    expect(orderNumber).toBe(orderId);

    await waitForOrderPageState(tab, `${store.server.url}${orderPage}`, /In production/);
    expect((await store.printProvider.ship(store.server.url, orderNumber)).status).toBe(200);
    await waitForOrderPageState(tab, `${store.server.url}${orderPage}`, /Shipped/);
    expect(await tab.getByRole('link', { name: 'Track the package' }).getAttribute('href')).toBe(
      TRACKING_URL,
    );
    await leaveHostedPage();
  });
});
