/**
 * The emails an order sends its shopper, received the way a shopper gets them and followed in a
 * real browser: the confirmation (paid on the test page and through Stripe), the shipping notice
 * with its tracking link, the request for a new address when the print shop refuses it, and the
 * .eml files a store with no mail server writes instead.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressObject, ParsedMail } from 'mailparser';
import { formatPrice, UNIT_PRICE_CENTS } from '@tshirt/shared/catalog';
import {
  FIELD_LABELS,
  ORDER_STATE_TEXT,
  ORDER_TEXT,
  SHIP_TO_FIELD_LABELS,
} from '@tshirt/shared/labels';
import { parseEmail, type ReceivedEmail, type SmtpStandIn } from '@tshirt/tooling/test/smtpStandIn';
import type { StoreServer } from '@tshirt/tooling/test/storeServer';
import type { StripeCustomer } from '@tshirt/tooling/test/stripeStandIn';
import { waitUntil } from '@tshirt/tooling/test/waitUntil';
import { launchBrowser, PORTRAIT, type TestBrowser } from './harness/browser';
import { startStore, withStoreAndStandIns } from './harness/store';
import { designAndBuy } from './harness/designAndBuy';
import {
  orderOnCompletePage,
  waitForOrderPageOf,
  waitForOrderPageState,
} from './harness/orderPage';
import { showStripeHostedPage } from './harness/stripeHostedPage';
import { payOnTestPage, TEST_PAGE_SHOPPER } from './harness/testPayment';

/** One shirt and its shipping at the default rate ($4.99 for the first shirt). */
const ONE_SHIRT_SHIPPED = UNIT_PRICE_CENTS + 499;

const MAIL_FROM_ADDRESS = 'orders@shop.example';
const TRACKING_NUMBER = '9400100000000000000000';
const TRACKING_URL = `https://tools.usps.com/go/TrackConfirmAction?tLabels=${TRACKING_NUMBER}`;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

let browser: TestBrowser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The store's mail settings beside its SMTP stand-in's address, with retries a test can wait for. */
const MAIL_ENV = {
  MAIL_FROM: `Threadwise <${MAIL_FROM_ADDRESS}>`,
  MAIL_RETRY_DELAY_SECONDS: '1',
};

/**
 * The Message-ID every email of `kind` about the order has, sent from `fromAddress`: one per
 * event, the same for any resend of it.
 */
function messageIdPattern(
  orderNumber: string,
  kind: string,
  fromAddress = MAIL_FROM_ADDRESS,
): RegExp {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const domain = fromAddress.split('@').pop() ?? '';
  return new RegExp(`^<order-${escape(orderNumber)}\\.${kind}-\\d+@${escape(domain)}>$`);
}

/** The email of `kind` about the order, once it has arrived at the SMTP stand-in. */
function emailArrived(
  smtp: SmtpStandIn,
  orderNumber: string,
  kind: string,
): Promise<ReceivedEmail> {
  const pattern = messageIdPattern(orderNumber, kind);
  return waitUntil(
    () => smtp.messages.find((message) => pattern.test(message.messageId ?? '')),
    () =>
      `the ${kind} email of order ${orderNumber} arrived (so far: ${
        smtp.messages.map((message) => message.messageId).join(', ') || 'none'
      })`,
  );
}

/** Every address the email is to, from its To header. */
function recipients(email: ParsedMail): string[] {
  const to: AddressObject[] = email.to === undefined ? [] : [email.to].flat();
  return to.flatMap((header) => header.value.map((address) => address.address ?? ''));
}

/** The link the email's text gives after `label:` (each button of the HTML is a line of the text). */
function linkIn(email: ParsedMail, label: string): string {
  const link = new RegExp(`^${label}: (\\S+)$`, 'm').exec(email.text ?? '')?.[1];
  if (link === undefined) throw new Error(`No "${label}" link in the email:\n${email.text}`);
  return link;
}

/** Checks that the HTML shows the inline picture it carries: a `cid:` image with its PNG attached. */
function expectInlinePicture(email: ParsedMail): void {
  const cid = /<img src="cid:([^"]+)"/.exec(email.html || '')?.[1];
  expect(cid).toBeDefined();
  const picture = email.attachments.find((attachment) => attachment.cid === cid);
  expect(picture).toMatchObject({ contentType: 'image/png', contentDisposition: 'inline' });
  expect(picture?.content.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  expect(picture?.size).toBeGreaterThan(1000);
}

describe('the emails of an order paid on the test page', () => {
  const email = 'jane.emails@example.com';
  const store = withStoreAndStandIns(
    { printProvider: true, smtp: true },
    {
      ...MAIL_ENV,
      PRINT_SUBMIT_RETRY_DELAY_SECONDS: '1',
    },
  );

  it('confirms the order by email with its picture, picks, total and link, then emails the tracking link once it ships', async () => {
    const page = await browser.newPage(PORTRAIT);
    const tab = await designAndBuy(browser, page, store.server.url);
    await tab.waitForURL(/\/pay\//);
    await payOnTestPage(tab, { email });
    await tab.waitForURL(/\/complete\?token=/);
    const { orderNumber, orderPage } = await orderOnCompletePage(tab);

    const confirmed = await emailArrived(store.smtp, orderNumber, 'confirmed');
    expect(confirmed.envelope).toEqual({ from: MAIL_FROM_ADDRESS, to: [email] });
    expect(recipients(confirmed)).toEqual([email]);
    expect(confirmed.subject).toContain(orderNumber);
    expect(confirmed.subject).toMatch(/confirmed/);
    for (const fact of [
      `${ORDER_TEXT.orderNumber}: ${orderNumber}`,
      `${FIELD_LABELS.shirtColor}: Navy`,
      `${FIELD_LABELS.shirtStyle}: Men's`,
      `${FIELD_LABELS.shirtSize}: L`,
      `${FIELD_LABELS.quantity}: 1`,
      `${ORDER_TEXT.totalPaid}: ${formatPrice(ONE_SHIRT_SHIPPED)}`,
      TEST_PAGE_SHOPPER.name,
      TEST_PAGE_SHOPPER.line1,
      'Springfield, IL 62701',
    ]) {
      expect(confirmed.text).toContain(fact);
    }
    const link = linkIn(confirmed, ORDER_TEXT.trackYourOrder);
    expect(link).toBe(`${store.server.url}${orderPage}`);
    expect(confirmed.html).toContain(`href="${link}"`);
    expectInlinePicture(confirmed);

    // The shopper follows the link from the email.
    const fromEmail = await browser.newPage(PORTRAIT);
    await fromEmail.goto(link);
    await waitForOrderPageOf(fromEmail, orderNumber);

    await waitForOrderPageState(fromEmail, link, /In production/);
    expect((await store.printProvider.ship(store.server.url, orderNumber)).status).toBe(200);
    const shipped = await emailArrived(store.smtp, orderNumber, 'shipped');
    expect(shipped.envelope.to).toEqual([email]);
    expect(shipped.subject).toContain(orderNumber);
    expect(shipped.subject).toMatch(/shipped/);
    expect(shipped.text).toContain(`${ORDER_TEXT.carrier}: USPS`);
    expect(shipped.text).toContain(`${ORDER_TEXT.trackingNumber}: ${TRACKING_NUMBER}`);
    expect(linkIn(shipped, ORDER_TEXT.trackThePackage)).toBe(TRACKING_URL);
    expect(linkIn(shipped, ORDER_TEXT.trackYourOrder)).toBe(link);
    expect(shipped.html).toContain(`href="${TRACKING_URL}"`);

    // The provider sends the same shipment again, as webhooks are retried: no second email.
    expect((await store.printProvider.ship(store.server.url, orderNumber)).status).toBe(200);
    await waitForOrderPageState(fromEmail, link, /Shipped/);
    const trackPackage = fromEmail.getByRole('link', { name: ORDER_TEXT.trackThePackage });
    expect(await trackPackage.getAttribute('href')).toBe(TRACKING_URL);
    expect(store.smtp.messages.map((message) => message.messageId)).toEqual([
      confirmed.messageId,
      shipped.messageId,
    ]);
    // A shipment has no reason to give: the tracking is told once, as the carrier and number.
    expect(confirmed.text).not.toMatch(/^Reason:/m);
    expect(shipped.text).not.toMatch(/^Reason:/m);
  });
});

describe('the emails of an order paid through Stripe', () => {
  const customer: StripeCustomer = {
    email: 'sam.stripe@example.com',
    name: 'Sam Stripe',
    address: {
      line1: '5 Harbor Rd',
      line2: null,
      city: 'Portland',
      state: 'ME',
      postal_code: '04101',
      country: 'US',
    },
  };
  const store = withStoreAndStandIns(
    { stripe: true, printProvider: true, smtp: true },
    {
      ...MAIL_ENV,
      PRINT_SUBMIT_RETRY_DELAY_SECONDS: '1',
    },
  );

  it('confirm the order at the address Stripe collected, with a link that opens it, then give the tracking link', async () => {
    const leaveHostedPage = await showStripeHostedPage(browser.context);
    try {
      const page = await browser.newPage(PORTRAIT);
      const tab = await designAndBuy(browser, page, store.server.url);
      await tab.waitForURL(/checkout\.stripe\.com/);
      const orderId = store.stripe.sessionRequest()?.get('metadata[order_id]') ?? '';
      const successUrl = store.stripe.sessionRequest()?.get('success_url') ?? '';
      await tab.goto(successUrl.replace('{CHECKOUT_SESSION_ID}', store.stripe.sessionId));
      expect((await store.stripe.sendCompleted(store.server.url, orderId, customer)).status).toBe(
        200,
      );
      const { orderNumber, orderPage } = await orderOnCompletePage(tab);
      expect(orderNumber).toBe(orderId);

      const confirmed = await emailArrived(store.smtp, orderNumber, 'confirmed');
      expect(confirmed.envelope.to).toEqual([customer.email]);
      expect(recipients(confirmed)).toEqual([customer.email]);
      expect(confirmed.subject).toContain(orderNumber);
      expect(confirmed.text).toContain(
        `${ORDER_TEXT.totalPaid}: ${formatPrice(ONE_SHIRT_SHIPPED)}`,
      );
      expect(confirmed.text).toContain(customer.name);
      expect(confirmed.text).toContain('Portland, ME 04101');
      expectInlinePicture(confirmed);
      const link = linkIn(confirmed, ORDER_TEXT.trackYourOrder);
      expect(link).toBe(`${store.server.url}${orderPage}`);

      const fromEmail = await browser.newPage(PORTRAIT);
      await fromEmail.goto(link);
      await waitForOrderPageOf(fromEmail, orderNumber);

      // The print shop ships it: the shopper who paid through Stripe gets the tracking link too.
      await waitUntil(
        () => store.printProvider.orders.has(orderNumber),
        'the provider has the order',
      );
      await waitUntil(
        async () =>
          (await store.printProvider.ship(store.server.url, orderNumber)).status === 200 &&
          store.smtp.messages.some((message) => message.messageId?.includes('.shipped-')),
        'the shipped email arrives',
        { timeoutMs: 60_000, everyMs: 1_000 },
      );
      const shipped = await emailArrived(store.smtp, orderNumber, 'shipped');
      expect(shipped.envelope.to).toEqual([customer.email]);
      expect(linkIn(shipped, ORDER_TEXT.trackYourOrder)).toBe(link);
      expect(store.smtp.messages).toHaveLength(2);
    } finally {
      await leaveHostedPage();
    }
  });
});

describe('the email asking for a new address when the print shop refuses it', () => {
  const email = 'jane.address@example.com';
  const store = withStoreAndStandIns(
    { printProvider: true, smtp: true },
    {
      ...MAIL_ENV,
      PRINT_SUBMIT_RETRY_DELAY_SECONDS: '1',
    },
  );

  it('links to the prefilled address form, and the corrected order goes to the print shop', async () => {
    store.printProvider.mode = 'refuseAddress';
    const page = await browser.newPage(PORTRAIT);
    const tab = await designAndBuy(browser, page, store.server.url);
    await tab.waitForURL(/\/pay\//);
    await payOnTestPage(tab, { email, city: 'Sprinfield', postalCode: '99999' });
    await tab.waitForURL(/\/complete\?token=/);
    const { orderNumber, orderPage } = await orderOnCompletePage(tab);

    const addressNeeded = await emailArrived(store.smtp, orderNumber, 'address_needed');
    expect(addressNeeded.envelope.to).toEqual([email]);
    expect(addressNeeded.subject).toContain(orderNumber);
    expect(addressNeeded.subject).toMatch(/address/);
    // The shop's words for the status (the order module's status table), never the print shop's
    // internal reason, which is the owner's; and the address it refused.
    expect(addressNeeded.text).toContain(
      'The print shop cannot ship to this address as it is written.',
    );
    expect(addressNeeded.text).not.toContain('ZIP code does not match the city');
    expect(addressNeeded.text).toContain('Sprinfield, IL 99999');
    const correctionLink = linkIn(addressNeeded, ORDER_TEXT.correctAddress);
    expect(correctionLink).toBe(`${store.server.url}${orderPage}#address`);
    expect(store.printProvider.orders.has(orderNumber)).toBe(false);

    // The corrected order must reach the print shop this time.
    store.printProvider.mode = 'accept';
    const fromEmail = await browser.newPage(PORTRAIT);
    await fromEmail.goto(correctionLink);
    await waitForOrderPageOf(fromEmail, orderNumber);
    const status = fromEmail.getByRole('status');
    expect(await status.textContent()).toContain(ORDER_STATE_TEXT.problem);
    const correction = fromEmail.getByRole('region', { name: ORDER_TEXT.correctAddress });
    await correction.waitFor();
    // The link's #address brings the shopper to the form's heading.
    await fromEmail.waitForFunction(
      (heading) => document.activeElement?.textContent === heading,
      ORDER_TEXT.correctAddress,
    );
    const field = (label: string) => correction.getByLabel(label, { exact: true });
    expect(await field(SHIP_TO_FIELD_LABELS.name).inputValue()).toBe(TEST_PAGE_SHOPPER.name);
    expect(await field(SHIP_TO_FIELD_LABELS.line1).inputValue()).toBe(TEST_PAGE_SHOPPER.line1);
    expect(await field(SHIP_TO_FIELD_LABELS.line2).inputValue()).toBe('');
    expect(await field(SHIP_TO_FIELD_LABELS.city).inputValue()).toBe('Sprinfield');
    expect(await field(SHIP_TO_FIELD_LABELS.state).inputValue()).toBe(TEST_PAGE_SHOPPER.state);
    expect(await field(SHIP_TO_FIELD_LABELS.postalCode).inputValue()).toBe('99999');
    expect(await field(SHIP_TO_FIELD_LABELS.country).inputValue()).toBe('US');

    await field(SHIP_TO_FIELD_LABELS.city).fill('Springfield');
    await field(SHIP_TO_FIELD_LABELS.postalCode).fill('62701');
    await correction.getByRole('button', { name: ORDER_TEXT.saveAddress }).click();
    await status.filter({ hasText: ORDER_TEXT.addressSaved }).waitFor();
    expect(await correction.count()).toBe(0);

    const accepted = await waitUntil(
      () => store.printProvider.orders.get(orderNumber),
      'the print shop received the corrected order',
    );
    expect(accepted.body.recipient).toMatchObject({
      name: TEST_PAGE_SHOPPER.name,
      address1: TEST_PAGE_SHOPPER.line1,
      city: 'Springfield',
      state_code: 'IL',
      zip: '62701',
      country_code: 'US',
    });
    expect(store.printProvider.submissions.filter((id) => id === orderNumber)).toHaveLength(2);
    await waitForOrderPageState(fromEmail, `${store.server.url}${orderPage}`, /In production/);

    const confirmed = await emailArrived(store.smtp, orderNumber, 'confirmed');
    expect(store.smtp.messages.map((message) => message.messageId).sort()).toEqual(
      [confirmed.messageId, addressNeeded.messageId].sort(),
    );
  });
});

describe('the emails of a store with no mail server', () => {
  let dataDir: string;
  let server: StoreServer;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'tshirt-store-outbox-'));
    server = await startStore({ DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes the confirmation to DATA_DIR/outbox as an .eml file with the order page link', async () => {
    const page = await browser.newPage(PORTRAIT);
    const tab = await designAndBuy(browser, page, server.url);
    await tab.waitForURL(/\/pay\//);
    await payOnTestPage(tab);
    await tab.waitForURL(/\/complete\?token=/);
    const { orderNumber, orderPage } = await orderOnCompletePage(tab);

    const outbox = join(dataDir, 'outbox');
    const [file] = await waitUntil(() => {
      const files = existsSync(outbox)
        ? readdirSync(outbox).filter((name) => name.endsWith('.eml'))
        : [];
      return files.length > 0 && files;
    }, `an .eml file is written to ${outbox}`);
    const written = await parseEmail(readFileSync(join(outbox, file as string)));
    // With no MAIL_FROM, the store sends from its default address.
    expect(written.messageId).toMatch(
      messageIdPattern(orderNumber, 'confirmed', 'orders@threadwise.example'),
    );
    expect(file).toBe(`${written.messageId?.slice(1, -1)}.eml`);
    expect(recipients(written)).toEqual([TEST_PAGE_SHOPPER.email]);
    expect(written.subject).toContain(orderNumber);
    expect(written.text).toContain(`${ORDER_TEXT.totalPaid}: ${formatPrice(ONE_SHIRT_SHIPPED)}`);
    expectInlinePicture(written);
    const link = linkIn(written, ORDER_TEXT.trackYourOrder);
    expect(link).toBe(`${server.url}${orderPage}`);

    const fromEmail = await browser.newPage(PORTRAIT);
    await fromEmail.goto(link);
    await waitForOrderPageOf(fromEmail, orderNumber);
  });
});
