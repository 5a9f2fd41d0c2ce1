/**
 * The shopper's emails, sent to a real local SMTP server, and the address they can correct from
 * one of them: the confirmation with the order page's link, the request for a new address when the
 * printer refuses it, and a correction link guessed, replayed or used after shipping.
 */
import { waitUntil } from '@tshirt/tooling/test/waitUntil';
import type { OrderView } from '@tshirt/shared/types';
import { emailJobExpirySeconds } from '../src/plugins/app/orderMail';
import { readPage } from './htmlPage';
import { withStoreAndStandIns } from './fixtures';
import { everyEmailSent, placedOrder } from './orderLinks';
import { SHIP_TO, SHIPPING_FORM, payOnTestPage, type SendRequest } from './helpers';

const server = withStoreAndStandIns({
  standIns: { printProvider: true, smtp: true },
  env: {
    MAIL_FROM: 'Threadwise <orders@shop.test>',
    MAIL_RETRY_DELAY_SECONDS: '1',
    PRINT_PROVIDER_TIMEOUT_MS: '1000',
    PRINT_SUBMIT_RETRY_DELAY_SECONDS: '1',
  },
});

beforeEach(() => {
  server.printProvider.mode = 'accept';
});

/** A checkout's payment link and order id. */
async function checkout(send: SendRequest): Promise<{ link: string; id: string }> {
  const { id, paymentLinkURL } = await placedOrder(send, server.db);
  return { link: paymentLinkURL, id };
}

/** The emails received for one order, by the order number in their Message-ID. */
const emailsFor = (id: string) =>
  server.smtp.messages.filter((message) => message.messageId?.includes(`order-${id}.`));

async function waitForEmail(id: string, kind: string) {
  return waitUntil(
    () => emailsFor(id).find((message) => message.messageId?.includes(`.${kind}-`)),
    `the ${kind} email of ${id}`,
    { timeoutMs: 30_000 },
  );
}

/** The order page token in an email's link. */
function tokenIn(text: string): string {
  const token = /\/order\?token=([A-Za-z0-9_-]{24})/.exec(text)?.[1];
  if (!token) throw new Error(`no order page link in: ${text}`);
  return token;
}

async function stateOf(id: string) {
  const order = (await server.app.repositories.orders.find(id))!;
  return order.fulfillment;
}

/** Sends a corrected address (as JSON, or the body's bytes as they are). */
function correct(token: string, address: Record<string, string> | Buffer, headers = {}) {
  return server.request(`/creator/order/address?token=${token}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: Buffer.isBuffer(address) ? Buffer.from(address) : Buffer.from(JSON.stringify(address)),
  });
}

describe('the confirmation email', () => {
  it('reaches the shopper once, with the order, its art and the link that opens it', async () => {
    const { link, id } = await checkout(server.request);
    const paid = await payOnTestPage(server.request, link);
    expect(paid.status).toBe(303);

    const email = await waitForEmail(id, 'confirmed');
    expect(email.to).toMatchObject({ value: [{ address: SHIPPING_FORM.email, name: 'Jane Doe' }] });
    expect(email.from?.value[0]?.address).toBe('orders@shop.test');
    expect(email.subject).toContain(id);
    for (const fact of ['Navy', "Women's", 'XL', '$39.98', '1 Main St', 'Springfield']) {
      expect(email.text).toContain(fact);
    }
    expect(email.html).toContain('cid:');
    expect(email.attachments.map((file) => file.contentType)).toEqual(['image/png']);

    const answer = await server.request(`/creator/order?token=${tokenIn(email.text ?? '')}`);
    expect(((await answer.json()) as OrderView).orderNumber).toBe(id);
    // Still one, once the queue had every chance to send it again.
    await waitUntil(() => everyEmailSent(server.app.db, id), 'the email is marked sent');
    expect(
      emailsFor(id).filter((message) => message.messageId?.includes('.confirmed-')),
    ).toHaveLength(1);
  });

  it('shows whatever the shopper typed as text, never as markup', async () => {
    const { link, id } = await checkout(server.request);
    await payOnTestPage(server.request, link, {
      ...SHIPPING_FORM,
      name: 'Zoë <script>alert(1)</script> & "Co"',
      line1: '<img src=x onerror=alert(1)>',
    });
    const email = await waitForEmail(id, 'confirmed');
    const page = readPage(email.html as string);
    expect(page.document.querySelectorAll('script, img[src="x"], [onerror]')).toHaveLength(0);
    expect(page.text).toContain('Zoë <script>alert(1)</script> & "Co"');
    expect(page.text).toContain('<img src=x onerror=alert(1)>');
    expect(email.to).toMatchObject({
      value: [{ address: SHIPPING_FORM.email, name: 'Zoë <script>alert(1)</script> & "Co"' }],
    });
  });

  it('cannot be given a header through the name: a line break in it is refused at payment', async () => {
    const { link, id } = await checkout(server.request);
    const answer = await payOnTestPage(server.request, link, {
      ...SHIPPING_FORM,
      name: 'Jane\r\nBcc: everyone@example.com',
    });
    expect(answer.status).toBe(422);
    expect(await stateOf(id)).toBeNull();
  });
});

describe('the order of the emails', () => {
  it('sends an email only after the earlier events’ emails to the same shopper', async () => {
    const { link, id } = await checkout(server.request);
    await payOnTestPage(server.request, link);
    await waitForEmail(id, 'confirmed');
    const order = (await server.app.repositories.orders.find(id))!;
    // An earlier event's email whose sending is late (its job not yet run), and a later one's.
    const earlier = `<order-${id}.on_hold-900000001@shop.test>`;
    await server.db.query(
      `INSERT INTO order_emails (message_id, order_id, event_id, kind, recipient)
       VALUES ($1, $2, 900000001, 'on_hold', $3)`,
      [earlier, id, order.email],
    );
    await server.db.transaction((tx) =>
      server.app.orderMail.enqueue(tx, order, 'back_in_production', 900000002),
    );
    // The later one's job came and went back on the queue, to wait.
    await waitUntil(
      async () =>
        (
          await server.db.query(
            `SELECT 1 FROM pgboss.job WHERE name = 'order-email' AND data->>'messageId' LIKE $1`,
            [`%.back_in_production-900000002@%`],
          )
        ).length >= 2,
      'the later email waited for the earlier one',
    );
    expect(
      emailsFor(id).some((message) => message.messageId?.includes('.back_in_production-')),
    ).toBe(false);

    const queue = await server.app.jobQueues.queue<{ messageId: string }>('order-email', {
      attempts: server.app.appConfig.mail.attempts,
      retryDelaySeconds: server.app.appConfig.mail.retryDelaySeconds,
      expireInSeconds: emailJobExpirySeconds(server.app.appConfig.mail.timeoutMs),
    });
    await queue.send(server.db, { messageId: earlier });
    await waitForEmail(id, 'back_in_production');
    const kinds = emailsFor(id).map(
      (message) => /\.([a-z_]+)-\d+@/.exec(message.messageId ?? '')?.[1],
    );
    expect(kinds).toEqual(['confirmed', 'on_hold', 'back_in_production']);
  });
});

describe('the print shop’s own reason', () => {
  it('reaches the owner, never the shopper: the email and the order page say the shop’s words', async () => {
    const internal = 'Billing: your Printful wallet balance is too low to charge this order';
    const { link, id } = await checkout(server.request);
    await payOnTestPage(server.request, link);
    await waitUntil(async () => (await stateOf(id)) === 'in_production', 'in production');
    await server.printProvider.sendEvent(server.url, 'order_put_hold', id, {
      data: { reason: internal },
    });

    const email = await waitForEmail(id, 'on_hold');
    for (const part of [email.text ?? '', String(email.html)]) {
      expect(part).not.toContain('wallet');
      expect(part).toContain('The print shop has a question about this order');
    }
    const token = tokenIn(email.text ?? '');
    const view = (await (
      await server.request(`/creator/order?token=${token}`)
    ).json()) as OrderView;
    expect(view).toMatchObject({
      state: 'on_hold',
      problem: 'The print shop has a question about this order, which we are answering.',
    });
    expect(JSON.stringify(view)).not.toContain('wallet');
    // The owner sees it (desk, JSON API and command line read the order's fulfilment error).
    expect((await server.app.repositories.orders.find(id))?.fulfillmentError).toBe(internal);
  });
});

describe('an address the printer refuses', () => {
  /** An order refused for its address: its id and the token from the email asking for a new one. */
  async function refusedOrder(): Promise<{ id: string; token: string }> {
    server.printProvider.mode = 'refuseAddress';
    const { link, id } = await checkout(server.request);
    await payOnTestPage(server.request, link);
    const email = await waitForEmail(id, 'address_needed');
    expect(email.text).toMatch(/\/order\?token=[A-Za-z0-9_-]{24}#address/);
    // The shop's words: the print shop's own reason is the owner's.
    expect(email.text).toContain('The print shop cannot ship to this address as it is written.');
    expect(email.text).not.toContain('ZIP code does not match the city');
    expect(await stateOf(id)).toBe('problem');
    return { id, token: tokenIn(email.text ?? '') };
  }

  const addressOnly = SHIP_TO;
  const corrected: Record<string, string> = {
    ...addressOnly,
    line1: '2 Main St',
    postalCode: '62704',
  };

  it('is corrected by the shopper from the email, and the order goes on its way again', async () => {
    const { id, token } = await refusedOrder();
    const view = (await (
      await server.request(`/creator/order?token=${token}`)
    ).json()) as OrderView;
    expect(view).toMatchObject({
      state: 'problem',
      canCorrectAddress: true,
      addressCountries: ['US'],
    });

    server.printProvider.mode = 'accept';
    const answer = await correct(token, corrected);
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as OrderView).state).toBe('paid');
    await waitUntil(async () => (await stateOf(id)) === 'in_production', 'sent again');
    expect(server.printProvider.orders.get(id)!.body.recipient).toMatchObject({
      address1: '2 Main St',
      zip: '62704',
    });
  });

  it('refuses a bad field with its message and changes nothing', async () => {
    const { id, token } = await refusedOrder();
    const answer = await correct(token, { ...SHIPPING_FORM, postalCode: '', city: 'x'.repeat(61) });
    expect(answer.status).toBe(400);
    const body = (await answer.json()) as {
      error: { code: string; fields: Record<string, string> };
    };
    expect(body.error.code).toBe('invalid_address');
    expect(Object.keys(body.error.fields).sort()).toEqual(['city', 'postalCode']);
    expect(await stateOf(id)).toBe('problem');
  });

  it('refuses a name with a hidden character, one of only a zero-width space, and one not UTF-8, naming the field', async () => {
    const { id, token } = await refusedOrder();
    const notUtf8 = Buffer.from(JSON.stringify({ ...corrected, name: 'a#b' }));
    notUtf8[notUtf8.indexOf('#')] = 0xff;
    const answers: Array<[Record<string, string> | Buffer, string]> = [
      [
        { ...corrected, name: 'Jane\u2028Doe' },
        'Full name has a hidden character in it: please type it again',
      ],
      [
        { ...corrected, name: 'Jane\u{E0041} Doe' },
        'Full name has a hidden character in it: please type it again',
      ],
      [{ ...corrected, name: '\u200b' }, 'Enter your full name'],
      [notUtf8, 'Full name has characters that could not be read: please type it again'],
      [
        { ...corrected, name: 'a\ud800b' },
        'Full name has characters that could not be read: please type it again',
      ],
    ];
    for (const [address, message] of answers) {
      const answer = await correct(token, address);
      expect(answer.status).toBe(400);
      const body = (await answer.json()) as {
        error: { code: string; fields: Record<string, string> };
      };
      expect(body.error).toMatchObject({ code: 'invalid_address', fields: { name: message } });
      expect(Object.keys(body.error.fields)).toEqual(['name']);
    }
    expect(await stateOf(id)).toBe('problem');
    expect((await server.app.repositories.orders.find(id))?.shipTo?.name).toBe('Jane Doe');
  });

  it('refuses a guessed link, a replayed correction, one after shipping, and one from another site', async () => {
    const { id, token } = await refusedOrder();
    const guessed = await correct('A'.repeat(24), corrected);
    expect(guessed.status).toBe(404);
    const crossSite = await correct(token, corrected, {
      'sec-fetch-site': 'cross-site',
      origin: 'https://evil.example',
    });
    expect(crossSite.status).toBe(403);
    expect(await stateOf(id)).toBe('problem');

    server.printProvider.mode = 'accept';
    expect((await correct(token, corrected)).status).toBe(200);
    const replayed = await correct(token, { ...SHIPPING_FORM, line1: '3 Elsewhere Rd' });
    expect(replayed.status).toBe(409);
    await waitUntil(async () => (await stateOf(id)) === 'in_production', 'sent again');
    await server.printProvider.ship(server.url, id);
    await waitForEmail(id, 'shipped');
    const afterShipping = await correct(token, { ...SHIPPING_FORM, line1: '3 Elsewhere Rd' });
    expect(afterShipping.status).toBe(409);
    const order = (await server.app.repositories.orders.find(id))!;
    expect(order.shipTo?.line1).toBe('2 Main St');
  });
});
