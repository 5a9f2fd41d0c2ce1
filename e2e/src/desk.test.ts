/**
 * The owner's desk at /admin in a real browser: signing in with the token (the one the store made
 * for itself in DATA_DIR, or ADMIN_TOKEN), finding an order by its number, its art and print file,
 * correcting an address the print shop refused, cancelling and refunding (the shopper's page and
 * email say so), marking a ready-to-print order shipped (the shopper gets the tracking); axe finds
 * nothing on the pages, and each is photographed at phone and desktop size under /tmp.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { ORDER_STATE_TEXT, ORDER_TEXT, PAGE_TEXT } from '@tshirt/shared/labels';
import type { ReceivedEmail, SmtpStandIn } from '@tshirt/tooling/test/smtpStandIn';
import { freePort } from '@tshirt/tooling/test/ports';
import { waitUntil } from '@tshirt/tooling/test/waitUntil';
import { LANDSCAPE, PORTRAIT, launchBrowser, type TestBrowser } from './harness/browser';
import { withStoreAndStandIns } from './harness/store';
import { designAndBuy } from './harness/designAndBuy';
import { orderOnCompletePage, waitForOrderPageState } from './harness/orderPage';
import { payOnTestPage } from './harness/testPayment';

const SCREENSHOTS = join(tmpdir(), 'desk-screenshots');
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const MAIL_FROM = 'Threadwise <orders@shop.example>';

let browser: TestBrowser;
beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The store's mail settings beside its SMTP stand-in's address, with retries a test can wait for. */
const MAIL_ENV = { MAIL_FROM, MAIL_RETRY_DELAY_SECONDS: '1' };

/** The email of `kind` about the order, once it has arrived. */
function emailArrived(
  smtp: SmtpStandIn,
  orderNumber: string,
  kind: string,
): Promise<ReceivedEmail> {
  return waitUntil(
    () =>
      smtp.messages.find((message) =>
        (message.messageId ?? '').startsWith(`<order-${orderNumber}.${kind}-`),
      ),
    () =>
      `the ${kind} email of order ${orderNumber} arrived (so far: ${
        smtp.messages.map((message) => message.messageId).join(', ') || 'none'
      })`,
  );
}

/** axe's violations on the page, by rule and the elements each names (none expected). */
async function accessibilityViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
}

/** Full-page pictures of the page at phone and desktop size, `/tmp/desk-screenshots/<name>-<width>.png`. */
async function photograph(page: Page, name: string): Promise<void> {
  for (const size of [PORTRAIT, LANDSCAPE]) {
    await page.setViewportSize(size);
    await page.screenshot({ path: join(SCREENSHOTS, `${name}-${size.width}.png`), fullPage: true });
    // Nothing is wider than the screen: the page never scrolls sideways.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
  }
}

/** Opens the desk and signs in with `token`, typed into the form as the owner would. */
async function signIn(page: Page, storeUrl: string, token: string): Promise<void> {
  await page.goto(`${storeUrl}/admin`);
  await page.getByLabel('Owner token').fill(token);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
}

/** The shopper pays for a navy shirt on the test page; the order's number and page. */
async function shopperBuys(
  storeUrl: string,
  shopper: Parameters<typeof payOnTestPage>[1],
): Promise<{ orderNumber: string; orderPage: string }> {
  const page = await browser.newPage(PORTRAIT);
  const tab = await designAndBuy(browser, page, storeUrl);
  await tab.waitForURL(/\/pay\//);
  await payOnTestPage(tab, shopper);
  await tab.waitForURL(/\/complete\?token=/);
  return orderOnCompletePage(tab);
}

/** The desk's order page, reloaded until its state badge says `state`. */
async function waitForDeskState(desk: Page, state: string): Promise<void> {
  await waitUntil(
    async () => {
      await desk.reload();
      const heading = (await desk.getByRole('heading', { level: 1 }).textContent()) ?? '';
      return heading.includes(state);
    },
    `the desk shows the order as ${state}`,
    { timeoutMs: 60_000, everyMs: 500 },
  );
}

describe('the owner’s desk on a store with a print provider', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'tshirt-desk-'));
  });
  // No ADMIN_TOKEN: the store makes one at start and keeps it in DATA_DIR for its owner.
  const store = withStoreAndStandIns({ printProvider: true, smtp: true }, () => ({
    ...MAIL_ENV,
    DATA_DIR: dataDir,
    PRINT_SUBMIT_RETRY_DELAY_SECONDS: '1',
  }));
  afterAll(() => {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('signs in, finds an order by its number, opens its print file, corrects its address, then cancels and refunds it', async () => {
    const instanceFile = join(dataDir, 'server-instance.json');
    await waitUntil(() => existsSync(instanceFile), 'the store wrote its owner token');
    const { adminToken } = JSON.parse(readFileSync(instanceFile, 'utf8')) as {
      adminToken: string;
    };

    // The print shop refuses the shopper's address: the order needs the owner.
    store.printProvider.mode = 'refuseAddress';
    const { orderNumber, orderPage } = await shopperBuys(store.server.url, {
      email: 'jane.desk@example.com',
      city: 'Sprinfield',
      postalCode: '99999',
    });
    await emailArrived(store.smtp, orderNumber, 'address_needed');

    const desk = await browser.newPage(LANDSCAPE);
    await desk.goto(`${store.server.url}/admin`);
    await desk.getByLabel('Owner token').waitFor();
    expect(await accessibilityViolations(desk)).toEqual([]);
    await photograph(desk, 'sign-in');
    await signIn(desk, store.server.url, adminToken);

    // The token is nowhere the browser keeps: not the address, not storage, not the cookie.
    expect(desk.url()).toBe(`${store.server.url}/admin`);
    expect(await desk.evaluate(() => localStorage.length + sessionStorage.length)).toBe(0);
    const cookies = await browser.context.cookies(`${store.server.url}/admin`);
    const session = cookies.find((cookie) => cookie.name === 'desk_session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/admin' });
    expect(cookies.map((cookie) => cookie.value).join(' ')).not.toContain(adminToken);
    expect(await desk.content()).not.toContain(adminToken);

    // The refused order is listed first, as needing attention.
    const attention = desk.getByRole('region', { name: /Needs attention/ });
    await attention.getByRole('link', { name: orderNumber }).waitFor();
    expect(await attention.textContent()).toContain('ZIP code does not match the city');
    expect(await accessibilityViolations(desk)).toEqual([]);
    await photograph(desk, 'orders');

    await desk.getByLabel('Find an order by number, email or name').fill(orderNumber);
    await desk.getByRole('button', { name: 'Search' }).click();
    await desk.getByRole('heading', { name: `Orders matching “${orderNumber}”` }).waitFor();
    await desk.getByRole('link', { name: orderNumber, exact: true }).click();
    await desk
      .getByRole('heading', { name: new RegExp(`^Order ${orderNumber}`), level: 1 })
      .waitFor();
    expect(await desk.getByRole('heading', { level: 1 }).textContent()).toContain(
      'Needs a new address',
    );

    // Its art on its shirt, drawn.
    const art = desk.getByRole('img', { name: 'The artwork on a Navy shirt' });
    await art.evaluate((image: HTMLImageElement) =>
      image.complete ? undefined : new Promise((loaded) => (image.onload = loaded)),
    );
    expect(await art.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    expect(await accessibilityViolations(desk)).toEqual([]);
    await photograph(desk, 'order-problem');

    // The print file opens in a tab of its own: the PNG itself.
    const printLink = desk.getByRole('link', { name: 'Open the print file (PNG)' });
    const printFileUrl = new URL((await printLink.getAttribute('href')) ?? '', store.server.url)
      .href;
    const [printFile] = await Promise.all([
      browser.context.waitForEvent('response', {
        predicate: (response) => response.url() === printFileUrl,
        timeout: 120_000,
      }),
      printLink.click(),
    ]);
    expect(printFile.status()).toBe(200);
    expect(printFile.headers()['content-type']).toBe('image/png');
    expect((await printFile.body()).subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);

    // The owner corrects the address; this time the print shop takes it.
    store.printProvider.mode = 'accept';
    const correction = desk.getByRole('region', { name: 'Correct the address' });
    expect(await correction.getByLabel('City').inputValue()).toBe('Sprinfield');
    await correction.getByLabel('City').fill('Springfield');
    await correction.getByLabel('ZIP / postal code').fill('62701');
    await correction.getByRole('button', { name: 'Save the address and send it again' }).click();
    await desk
      .getByRole('status')
      .filter({ hasText: 'The address is saved and the order is on its way' })
      .waitFor();
    const accepted = await waitUntil(
      () => store.printProvider.orders.get(orderNumber),
      'the print shop received the corrected order',
    );
    expect(accepted.body.recipient).toMatchObject({ city: 'Springfield', zip: '62701' });
    await waitForDeskState(desk, 'In production');
    await photograph(desk, 'order-in-production');

    // Cancelled at the print shop and refunded, once.
    const cancel = desk.getByRole('region', { name: 'Cancel and refund' });
    await cancel.getByLabel('Reason').fill('The shopper asked by email');
    await cancel.getByLabel('I understand this refunds the shopper').check();
    await cancel.getByRole('button', { name: /^Cancel and refund/ }).click();
    await desk.getByRole('status').filter({ hasText: 'is cancelled and' }).waitFor();
    expect(await desk.getByRole('heading', { level: 1 }).textContent()).toContain('Refunded');
    expect(store.printProvider.cancellations).toEqual([orderNumber]);
    expect(store.printProvider.orders.get(orderNumber)?.status).toBe('canceled');
    const history = (await desk.getByRole('table', { name: 'History' }).textContent()) ?? '';
    for (const event of ['address corrected', 'cancelled by owner', 'refunded']) {
      expect(history).toContain(event);
    }
    expect(await accessibilityViolations(desk)).toEqual([]);
    await photograph(desk, 'order-refunded');

    const refunded = await emailArrived(store.smtp, orderNumber, 'refunded');
    expect(refunded.envelope.to).toEqual(['jane.desk@example.com']);
    expect(refunded.subject).toContain(orderNumber);
    // A refunded order's page has no progress to show: its status says it.
    const shopper = await browser.newPage(PORTRAIT);
    await waitUntil(
      async () => {
        await shopper.goto(`${store.server.url}${orderPage}`);
        await shopper.getByRole('heading', { name: PAGE_TEXT.yourOrder, level: 1 }).waitFor();
        await shopper.getByText(orderNumber, { exact: true }).waitFor();
        const status = shopper.getByRole('status').filter({ hasText: ORDER_STATE_TEXT.refunded });
        return (await status.count()) > 0;
      },
      'the shopper’s order page says Refunded',
      { timeoutMs: 30_000, everyMs: 500 },
    );
    await desk.reload();
    expect(await desk.getByRole('table', { name: 'Emails' }).textContent()).toContain('refunded');

    // Signed out, the order is closed again.
    await desk.getByRole('button', { name: 'Sign out' }).click();
    await desk.getByRole('status').filter({ hasText: 'You are signed out.' }).waitFor();
    // The order's address (as in the owner's alert email) asks for the token, shows nothing of
    // the order, and opens it once signed in.
    await desk.goto(`${store.server.url}/admin/orders/${orderNumber}`);
    await desk.getByLabel('Owner token').waitFor();
    expect(await desk.content()).not.toContain('jane.desk@example.com');
    await desk.getByLabel('Owner token').fill(adminToken);
    await desk.getByRole('button', { name: 'Sign in' }).click();
    await desk
      .getByRole('heading', { name: new RegExp(`^Order ${orderNumber}`), level: 1 })
      .waitFor();
  });
});

describe('the owner’s desk on a store with no print provider', () => {
  const adminToken = 'desk-e2e-owner-token-0123456789';
  const store = withStoreAndStandIns({ smtp: true }, { ...MAIL_ENV, ADMIN_TOKEN: adminToken });

  it('marks a ready-to-print order shipped, and the shopper is emailed the tracking', async () => {
    const { orderNumber, orderPage } = await shopperBuys(store.server.url, {
      email: 'sam.desk@example.com',
    });
    await emailArrived(store.smtp, orderNumber, 'confirmed');

    const desk = await browser.newPage(PORTRAIT);
    await signIn(desk, store.server.url, adminToken);
    await desk.getByRole('link', { name: /^Ready to print/ }).click();
    await desk.getByRole('heading', { name: 'Ready to print', level: 2 }).waitFor();
    await desk.getByRole('link', { name: orderNumber, exact: true }).click();
    await desk.getByRole('heading', { name: new RegExp(`^Order ${orderNumber}`) }).waitFor();
    // No print provider: nothing to resubmit to.
    expect(await desk.getByRole('button', { name: /Resubmit/ }).count()).toBe(0);

    const shipping = desk.getByRole('region', { name: 'Mark shipped' });
    await shipping.getByLabel('Carrier').fill('USPS');
    await shipping.getByLabel('Tracking number').fill('9400111899223344556677');
    await shipping
      .getByLabel('Tracking link (optional)')
      .fill('https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223344556677');
    await photograph(desk, 'order-ready-to-print');
    await shipping.getByRole('button', { name: 'Mark shipped and email the shopper' }).click();
    await desk.getByRole('status').filter({ hasText: 'Marked shipped' }).waitFor();
    expect(await desk.getByRole('heading', { level: 1 }).textContent()).toContain('Shipped');
    expect(await accessibilityViolations(desk)).toEqual([]);

    const shipped = await emailArrived(store.smtp, orderNumber, 'shipped');
    expect(shipped.envelope.to).toEqual(['sam.desk@example.com']);
    expect(shipped.text).toContain(`${ORDER_TEXT.carrier}: USPS`);
    expect(shipped.text).toContain(`${ORDER_TEXT.trackingNumber}: 9400111899223344556677`);
    expect(shipped.html).toContain(
      'href="https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223344556677"',
    );
    const shopper = await browser.newPage(PORTRAIT);
    await waitForOrderPageState(shopper, `${store.server.url}${orderPage}`, /Shipped/);
  });

  // The same store: this test reads only its own order and that order's emails.
  it('against a visitor and another site, shows a visitor without a session no order, and refuses a POST from another site even with the owner signed in', async () => {
    const { orderNumber } = await shopperBuys(store.server.url, { email: 'kim.desk@example.com' });
    await emailArrived(store.smtp, orderNumber, 'confirmed');

    // A visitor, with no session, sees the sign-in form and nothing of any order.
    await browser.context.clearCookies();
    const visitor = await browser.newPage(PORTRAIT);
    for (const path of ['/admin', `/admin/orders/${orderNumber}`, '/admin?q=kim']) {
      await visitor.goto(`${store.server.url}${path}`);
      await visitor.getByLabel('Owner token').waitFor();
      const shown = await visitor.content();
      expect(shown).not.toContain('kim.desk@example.com');
      expect(shown).not.toContain(`Order ${orderNumber}`);
    }
    await visitor.getByLabel('Owner token').fill('not-the-owner-token-at-all');
    await visitor.getByRole('button', { name: 'Sign in' }).click();
    await visitor.getByRole('alert').waitFor();
    expect(await visitor.content()).not.toContain('kim.desk@example.com');

    // The owner is signed in; a page on another site posts the desk's form in their browser.
    const desk = await browser.newPage(LANDSCAPE);
    await signIn(desk, store.server.url, adminToken);
    const port = await freePort();
    const hostile = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(`<!doctype html><html><body>
<form id="resend" method="POST" action="${store.server.url}/admin/orders/${orderNumber}/resend-confirmation"></form>
<script>document.getElementById('resend').submit();</script></body></html>`);
    });
    await new Promise<void>((resolve) => hostile.listen(port, '127.0.0.1', resolve));
    try {
      const attack = await browser.newPage(LANDSCAPE);
      const [answer] = await Promise.all([
        attack.waitForResponse((response) => response.url().includes('/resend-confirmation')),
        // Another site: `localhost` is not the store's 127.0.0.1.
        attack.goto(`http://localhost:${port}/`),
      ]);
      expect(answer.status()).toBe(403);
    } finally {
      await new Promise<void>((resolve) => hostile.close(() => resolve()));
    }
    // Nothing was done: the order's history has no resent confirmation, and one email went out.
    await desk.goto(`${store.server.url}/admin/orders/${orderNumber}`);
    expect(await desk.getByRole('heading', { level: 1 }).textContent()).toContain(orderNumber);
    expect(await desk.content()).not.toContain('confirmation resent');
    expect(
      store.smtp.messages.filter((message) => message.messageId?.includes(`order-${orderNumber}.`)),
    ).toHaveLength(1);
  });
});
