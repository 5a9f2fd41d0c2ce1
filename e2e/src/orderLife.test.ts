/**
 * An order's life after payment, in a real browser: paid with an address (on the test page, and
 * through a Stripe stand-in with its {CHECKOUT_SESSION_ID} redirect), confirmed on /complete, sent
 * to the print provider's stand-in, shipped by its signed webhook, tracked on the order page.
 */
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { Page } from 'playwright-core';
import {
  BUY_BUTTON_LABELS,
  GENERATE_BUTTON_LABELS,
  FIELD_LABELS,
  PAGE_TEXT,
} from '@tshirt/shared/labels';
import {
  printProviderEnv,
  startPrintProviderStandIn,
  type PrintProviderStandIn,
} from '@tshirt/tooling/test/printProviderStandIn';
import { startStoreServer, type StoreServer } from '@tshirt/tooling/test/storeServer';
import { waitUntil } from '@tshirt/tooling/test/waitUntil';
import { launchBrowser, PORTRAIT, type TestBrowser } from './harness/browser';

const TRACKING_URL = 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000000';

let provider: PrintProviderStandIn;
let browser: TestBrowser;
beforeAll(async () => {
  provider = await startPrintProviderStandIn();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await provider?.close();
});

/** Generates art on /product and presses Buy It; the payment tab once it left /loading. */
async function designAndBuy(page: Page, storeUrl: string): Promise<Page> {
  await page.goto(`${storeUrl}/product`);
  await page.getByLabel(FIELD_LABELS.interests).fill('mountains at dawn');
  await page.getByRole('button', { name: GENERATE_BUTTON_LABELS.idle }).click();
  await page.getByRole('button', { name: GENERATE_BUTTON_LABELS.generated }).waitFor();
  await page.getByLabel(FIELD_LABELS.shirtColor, { exact: true }).selectOption('Navy');
  await page.getByLabel(FIELD_LABELS.shirtSize, { exact: true }).selectOption('L');
  const [tab] = await Promise.all([
    browser.context.waitForEvent('page'),
    page.getByRole('button', { name: BUY_BUTTON_LABELS.idle }).click(),
  ]);
  return tab;
}

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
  let server: StoreServer;
  beforeAll(async () => {
    server = await startStoreServer({
      ...printProviderEnv(provider),
      PRINT_SUBMIT_RETRY_DELAY_SECONDS: '1',
    });
    provider.storeOrigin = server.url;
  });
  afterAll(() => server?.stop());

  it('is confirmed, sent to the printer, shipped and tracked', async () => {
    const page = await browser.newPage(PORTRAIT);
    const tab = await designAndBuy(page, server.url);
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
      () => provider.orders.get(orderNumber)?.printFile,
      'the provider fetched the print file',
    );
    expect(printFile).toMatchObject({ status: 200, contentType: 'image/png' });
    await waitForOrderPageState(tab, `${server.url}${orderPage}`, /In production/);

    expect((await provider.ship(server.url, orderNumber)).status).toBe(200);
    await waitForOrderPageState(tab, `${server.url}${orderPage}`, /Shipped/);
    const trackPackage = tab.getByRole('link', { name: 'Track the package' });
    expect(await trackPackage.getAttribute('href')).toBe(TRACKING_URL);
    expect(provider.orders.size).toBeGreaterThanOrEqual(1);
    expect(provider.submissions.filter((id) => id === orderNumber)).toHaveLength(1);
  });
});

describe('an order paid through Stripe', () => {
  const WEBHOOK_SECRET = 'whsec_e2e_0123456789';
  const SESSION_ID = 'cs_test_e2eSession0123456789';
  let stripeApi: Server;
  let sessionRequest: URLSearchParams | undefined;
  let server: StoreServer;

  beforeAll(async () => {
    stripeApi = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        sessionRequest = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
        response.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            id: SESSION_ID,
            object: 'checkout.session',
            url: `https://checkout.stripe.com/c/pay/${SESSION_ID}`,
          }),
        );
      });
    });
    await new Promise<void>((resolve) => stripeApi.listen(0, '127.0.0.1', resolve));
    const address = stripeApi.address() as { port: number };
    server = await startStoreServer({
      ...printProviderEnv(provider),
      PRINT_SUBMIT_RETRY_DELAY_SECONDS: '1',
      STRIPE_SECRET_KEY: 'sk_test_e2e',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: `http://127.0.0.1:${address.port}`,
    });
    provider.storeOrigin = server.url;
  });
  afterAll(async () => {
    await server?.stop();
    await new Promise((resolve) => stripeApi?.close(resolve));
  });

  /** Stripe's signed `checkout.session.completed` for the order, with the address it collected. */
  function sendCompleted(orderId: string): Promise<Response> {
    const payload = JSON.stringify({
      id: 'evt_e2e',
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: SESSION_ID,
          object: 'checkout.session',
          payment_status: 'paid',
          // One shirt and its shipping at the default rate, as the session the store made charged.
          amount_subtotal: 1999,
          total_details: { amount_discount: 0, amount_shipping: 499, amount_tax: 0 },
          amount_total: 2498,
          currency: 'usd',
          client_reference_id: orderId,
          metadata: { order_id: orderId, subtotal_cents: '1999' },
          customer_details: { email: 'jane@example.com' },
          collected_information: {
            shipping_details: {
              name: 'Jane Doe',
              address: {
                line1: '1 Main St',
                line2: null,
                city: 'Springfield',
                state: 'IL',
                postal_code: '62701',
                country: 'US',
              },
            },
          },
        },
      },
    });
    const timestamp = Math.floor(Date.now() / 1000);
    const signature = createHmac('sha256', WEBHOOK_SECRET)
      .update(`${timestamp}.${payload}`)
      .digest('hex');
    return fetch(`${server.url}/creator/stripe/webhook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': `t=${timestamp},v1=${signature}`,
      },
      body: payload,
    });
  }

  it('lands on /complete by its session id, confirms when the webhook arrives, and is tracked', async () => {
    // Stripe's hosted page, played by the test: it sends the shopper to the success URL.
    await browser.context.route('https://checkout.stripe.com/**', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: '<title>Stripe</title><p>Stripe Checkout</p>',
      }),
    );
    const page = await browser.newPage(PORTRAIT);
    const tab = await designAndBuy(page, server.url);
    await tab.waitForURL(/checkout\.stripe\.com/);
    const successUrl = sessionRequest?.get('success_url') ?? '';
    expect(successUrl).toBe(`${server.url}/complete?session_id={CHECKOUT_SESSION_ID}`);
    const orderId = sessionRequest?.get('metadata[order_id]') ?? '';

    await tab.goto(successUrl.replace('{CHECKOUT_SESSION_ID}', SESSION_ID));
    await tab.getByText('Payment received, confirming…').waitFor();
    expect((await sendCompleted(orderId)).status).toBe(200);
    const { orderNumber, orderPage } = await expectConfirmation(tab);
    expect(orderNumber).toBe(orderId);

    await waitForOrderPageState(tab, `${server.url}${orderPage}`, /In production/);
    expect((await provider.ship(server.url, orderNumber)).status).toBe(200);
    await waitForOrderPageState(tab, `${server.url}${orderPage}`, /Shipped/);
    expect(await tab.getByRole('link', { name: 'Track the package' }).getAttribute('href')).toBe(
      TRACKING_URL,
    );
    await browser.context.unroute('https://checkout.stripe.com/**');
  });
});
