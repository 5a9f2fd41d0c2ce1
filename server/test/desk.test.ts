/**
 * The owner's desk at /admin, through app.inject: nobody sees an order without signing in; the
 * token is tried a few times at most; the session cookie is HttpOnly, SameSite=Strict, Secure on an
 * https store, made new at sign-in, and worth nothing forged, guessed, expired or signed out; a
 * cross-site post changes nothing; an action that does not fit the order's state says why and
 * changes nothing; and each action's outcome is shown on the order's page.
 */
import { Signer } from '@fastify/cookie';
import { inlineStyleHashes } from '../src/pages/inlineSources';
import { sessionSecret } from '../src/http/ownerToken';
import { DESK_SESSION_COOKIE } from '../src/routes/desk';
import { within } from '@testing-library/dom';
import { withTestServer } from './fixtures';
import { readPage, type Page } from './htmlPage';
import { paidOrderId, placedOrder } from './orderLinks';
import { waitUntil } from '@tshirt/tooling/test/waitUntil';
import {
  SHIPPING_FORM,
  VALID_ORDER,
  injectAsFetch,
  newVisitor,
  payOnTestPage,
  type SendRequest,
} from './helpers';

const ADMIN_TOKEN = 'desk-owner-token-0123456789abcdef';
const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };

const server = withTestServer({ env: { ADMIN_TOKEN } });

/** A pending order made through the checkout route: its number and its payment link. */
const placeOrder = (send: SendRequest = server.request) => placedOrder(send, server.db);

/** A pending order made through the checkout route; its number. */
async function checkout(send: SendRequest = server.request): Promise<string> {
  return (await placeOrder(send)).id;
}

/** An order paid on the test page (no print provider: it waits as ready_to_print). */
const paidOrder = (send: SendRequest = server.request) => paidOrderId(send, server.db);

/** The desk session cookie an answer sets (`name=value`), if it sets one. */
function sessionCookieOf(answer: Response): string | undefined {
  const header = answer.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith(`${DESK_SESSION_COOKIE}=`));
  return header?.split(';')[0];
}

function form(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}

/** Posts a desk form as the desk's own page would (same-origin), with `cookie`. */
function post(
  path: string,
  fields: Record<string, string>,
  options: { cookie?: string; headers?: Record<string, string>; send?: SendRequest } = {},
): Promise<Response> {
  return (options.send ?? server.request)(path, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...SAME_ORIGIN,
      ...(options.cookie && { cookie: options.cookie }),
      ...options.headers,
    },
    body: form(fields),
  });
}

function get(path: string, cookie?: string, send: SendRequest = server.request) {
  return send(path, { headers: cookie ? { cookie } : {} });
}

/** Signs in from a fresh address; the session cookie. */
async function signIn(
  options: { send?: SendRequest; cookie?: string; headers?: Record<string, string> } = {},
): Promise<string> {
  const answer = await post(
    '/admin/sign-in',
    { token: ADMIN_TOKEN },
    { ...options, headers: { ...newVisitor(), ...options.headers } },
  );
  expect(answer.status).toBe(303);
  expect(answer.headers.get('location')).toBe('/admin');
  const cookie = sessionCookieOf(answer);
  expect(cookie).toBeDefined();
  return cookie as string;
}

/** The desk's order page with the outcome of the last action. */
async function orderPage(id: string, cookie: string): Promise<Page> {
  const answer = await get(`/admin/orders/${id}`, cookie);
  expect(answer.status).toBe(200);
  return readPage(await answer.text());
}

/** A desk page as the owner reads it. */
async function deskPage(path: string, cookie: string, send?: SendRequest): Promise<Page> {
  return readPage(await (await get(path, cookie, send)).text());
}

/** The rows of the table named `name`, each as the text of its cells. */
function rowsOf(page: Page, name: string): string[][] {
  return within(page.getByRole('table', { name }))
    .getAllByRole('row')
    .map((row) => [...row.children].map((cell) => (cell.textContent ?? '').trim()));
}

/** Where the page's forms post to. */
function formActions(page: Page): string[] {
  return [...page.document.querySelectorAll('form')].map(
    (form) => form.getAttribute('action') ?? '',
  );
}

const stateOf = async (id: string) => {
  const order = await server.app.repositories.orders.find(id);
  return order?.status === 'pending' ? 'pending' : order?.fulfillment;
};

describe('a visitor without a session', () => {
  let orderId: string;
  beforeAll(async () => {
    orderId = await paidOrder();
  });

  it('sees the sign-in form with a labelled password field, and no order', async () => {
    const answer = await get('/admin');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('set-cookie')).toBeNull();
    const html = await answer.text();
    const page = readPage(html);
    const token = page.getByLabelText('Owner token');
    expect(token).toMatchObject({ type: 'password', name: 'token', required: true });
    expect(token.closest('form')?.getAttribute('action')).toBe('/admin/sign-in');
    expect(token.closest('form')?.getAttribute('method')).toBe('post');
    expect(page.getByRole('button', { name: 'Sign in' })).toBeDefined();
    expect(html).not.toContain(orderId);
    expect(html).not.toContain(SHIPPING_FORM.email);
    // The page's one style is allowed by its hash, and nothing else inline.
    const policy = answer.headers.get('content-security-policy') ?? '';
    for (const hash of inlineStyleHashes(html)) expect(policy).toContain(hash);
    expect(policy).toContain("frame-ancestors 'none'");
  });

  it('is sent to the sign-in form from an order, a list or an action, told nothing', async () => {
    for (const path of [`/admin/orders/${orderId}`, '/admin/orders/AAAAAAAAAAAAAAAA']) {
      const answer = await get(path);
      expect(answer.status).toBe(303);
      expect(answer.headers.get('location')).toBe(`/admin?next=${encodeURIComponent(path)}`);
      expect(await answer.text()).not.toContain(orderId);
    }
    // The sign-in form brings the owner back to the order asked for, and tells nothing of it.
    const signInForm = await (
      await get(`/admin?next=${encodeURIComponent(`/admin/orders/${orderId}`)}`)
    ).text();
    expect(
      readPage(signInForm).document.querySelector('input[type="hidden"][name="next"]'),
    ).toHaveProperty('value', `/admin/orders/${orderId}`);
    expect(signInForm).not.toContain(SHIPPING_FORM.email);
    const listed = await (await get(`/admin?show=all&q=${orderId}`)).text();
    expect(listed).not.toContain(orderId);
    expect(listed).toContain('Owner token');

    const shipped = await post(`/admin/orders/${orderId}/ship`, {
      carrier: 'USPS',
      number: '9400',
      url: '',
    });
    expect(shipped.status).toBe(303);
    expect(shipped.headers.get('location')).toBe('/admin');
    expect(await stateOf(orderId)).toBe('ready_to_print');
  });
});

describe('signing in', () => {
  it('opens the order page asked for before signing in, and no other address', async () => {
    const id = await checkout();
    const toOrder = await post(
      '/admin/sign-in',
      { token: ADMIN_TOKEN, next: `/admin/orders/${id}` },
      { headers: newVisitor() },
    );
    expect(toOrder.status).toBe(303);
    expect(toOrder.headers.get('location')).toBe(`/admin/orders/${id}`);
    for (const next of [
      'https://evil.example/admin/orders/AAAAAAAAAAAAAAAA',
      '//evil.example',
      '/admin/../pay/x',
    ]) {
      const elsewhere = await post(
        '/admin/sign-in',
        { token: ADMIN_TOKEN, next },
        { headers: newVisitor() },
      );
      expect(elsewhere.headers.get('location')).toBe('/admin');
    }
  });

  it('refuses a wrong token, and after a few from one address answers 429 even to the right one', async () => {
    const visitor = newVisitor();
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const answer = await post(
        '/admin/sign-in',
        { token: `wrong-${attempt}` },
        { headers: visitor },
      );
      expect(answer.status).toBe(401);
      expect(sessionCookieOf(answer)).toBeUndefined();
      const html = await answer.text();
      expect(readPage(html).getByRole('alert').textContent).toContain(
        'That is not the owner token',
      );
      expect(html).not.toContain(`wrong-${attempt}`);
    }
    const locked = await post('/admin/sign-in', { token: 'wrong-5' }, { headers: visitor });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(60);
    expect(await locked.text()).toContain('Too many wrong tokens');
    const rightToken = await post('/admin/sign-in', { token: ADMIN_TOKEN }, { headers: visitor });
    expect(rightToken.status).toBe(429);
    expect(sessionCookieOf(rightToken)).toBeUndefined();

    // Another address is not locked out.
    await signIn();
  });

  it('takes 5 tries a minute from one address, right or wrong, then answers 429 with Retry-After', async () => {
    const visitor = newVisitor();
    for (let attempt = 1; attempt <= 5; attempt += 1) await signIn({ headers: visitor });
    const sixth = await post('/admin/sign-in', { token: ADMIN_TOKEN }, { headers: visitor });
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(sessionCookieOf(sixth)).toBeUndefined();
    expect(sixth.headers.get('content-type')).toMatch(/^text\/html/);
  });

  it('sets a session cookie that is HttpOnly, SameSite=Strict, for /admin only, and expires', async () => {
    const answer = await post('/admin/sign-in', { token: ADMIN_TOKEN }, { headers: newVisitor() });
    const header = answer.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith(`${DESK_SESSION_COOKIE}=`)) as string;
    const attributes = header.split(/;\s*/).slice(1);
    expect(attributes).toEqual(
      expect.arrayContaining(['Path=/admin', 'HttpOnly', 'SameSite=Strict']),
    );
    expect(attributes).not.toContain('Secure');
    const expires = Date.parse(
      attributes.find((attribute) => attribute.startsWith('Expires='))!.slice(8),
    );
    expect(expires - Date.now()).toBeGreaterThan(7.9 * 3600_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(8 * 3600_000);
    // Neither the token nor anything derived from it travels in the cookie: a random id, signed.
    expect(header).not.toContain(ADMIN_TOKEN);
  });

  it('marks the cookie Secure on an https store, and says why it cannot sign in over plain http there', async () => {
    const https = await server.start({ ADMIN_TOKEN, PUBLIC_URL: 'https://shop.test' });
    const send = injectAsFetch(https.app);
    const overHttps = await post(
      '/admin/sign-in',
      { token: ADMIN_TOKEN },
      { send, headers: { ...newVisitor(), 'x-forwarded-proto': 'https' } },
    );
    expect(overHttps.status).toBe(303);
    const header = overHttps.headers.getSetCookie().join('\n');
    expect(header).toMatch(new RegExp(`^${DESK_SESSION_COOKIE}=.*; Secure`, 'm'));

    const overHttp = await post(
      '/admin/sign-in',
      { token: ADMIN_TOKEN },
      { send, headers: newVisitor() },
    );
    expect(overHttp.status).toBe(400);
    expect(sessionCookieOf(overHttp)).toBeUndefined();
    expect(await overHttp.text()).toContain('TRUST_PROXY');
  });

  it('makes a new session at sign-in: an id planted before is worth nothing after', async () => {
    const planted = 'planted-session-id-0123456789abcdef';
    await server.app.db.query(
      `INSERT INTO owner_sessions (id, data, expires_at) VALUES ($1, $2::jsonb, now() + interval '1 hour')`,
      [planted, JSON.stringify({ cookie: { originalMaxAge: 3600_000, path: '/admin' } })],
    );
    const plantedCookie = `${DESK_SESSION_COOKIE}=${new Signer(sessionSecret(ADMIN_TOKEN)).sign(planted)}`;
    // The planted session is a real one of this store, but not signed in.
    expect(await (await get('/admin', plantedCookie)).text()).toContain('Owner token');

    const signedIn = await signIn({ cookie: plantedCookie });
    expect(signedIn).not.toBe(plantedCookie);
    expect(signedIn).not.toContain(planted);
    expect(
      await server.app.db.query('SELECT id FROM owner_sessions WHERE id = $1', [planted]),
    ).toEqual([]);
    expect(await (await get('/admin', plantedCookie)).text()).toContain('Owner token');
    expect(await (await get('/admin', signedIn)).text()).toContain('Find an order');

    // Signing in again with a signed-in cookie replaces it too.
    const again = await signIn({ cookie: signedIn });
    expect(again).not.toBe(signedIn);
    expect(await (await get('/admin', signedIn)).text()).toContain('Owner token');
    expect(await (await get('/admin', again)).text()).toContain('Find an order');
  });
});

describe('a cookie that is not a signed-in session', () => {
  let orderId: string;
  beforeAll(async () => {
    orderId = await paidOrder();
  });

  async function expectNoAccess(cookie: string) {
    const list = await get('/admin', cookie);
    expect(await list.text()).toContain('Owner token');
    const order = await get(`/admin/orders/${orderId}`, cookie);
    expect(order.status).toBe(303);
    expect(await order.text()).not.toContain(orderId);
  }

  it('opens nothing when guessed, forged with another key, unsigned, expired or signed out', async () => {
    const cookie = await signIn();
    const signedValue = decodeURIComponent(cookie.split('=').slice(1).join('='));
    const sessionId = signedValue.slice(0, signedValue.lastIndexOf('.'));
    expect(await (await get(`/admin/orders/${orderId}`, cookie)).text()).toContain(orderId);

    await expectNoAccess(`${DESK_SESSION_COOKIE}=guessed-0123456789`);
    await expectNoAccess(`${DESK_SESSION_COOKIE}=${sessionId}`);
    const otherKey = new Signer(sessionSecret('another-store-token-0123456789')).sign(sessionId);
    await expectNoAccess(`${DESK_SESSION_COOKIE}=${encodeURIComponent(otherKey)}`);
    const randomId = new Signer(sessionSecret(ADMIN_TOKEN)).sign(
      'a-guessed-session-id-0123456789ab',
    );
    await expectNoAccess(`${DESK_SESSION_COOKIE}=${encodeURIComponent(randomId)}`);

    // Expired in the store (the cookie itself would still be sent by a browser with its clock off).
    const expiring = await signIn();
    const expiringId = decodeURIComponent(expiring.split('=')[1] as string).replace(/\.[^.]*$/, '');
    await server.app.db.query(
      `UPDATE owner_sessions SET expires_at = now() - interval '1 second' WHERE id = $1`,
      [expiringId],
    );
    await expectNoAccess(expiring);

    // Signed out: the session is gone from the store, and the browser is told to drop the cookie.
    const signedOut = await post('/admin/sign-out', {}, { cookie });
    expect(signedOut.status).toBe(303);
    expect(signedOut.headers.get('location')).toBe('/admin?signed-out');
    expect(signedOut.headers.getSetCookie().join('\n')).toMatch(
      new RegExp(`^${DESK_SESSION_COOKIE}=;.*Expires=Thu, 01 Jan 1970`, 'm'),
    );
    await expectNoAccess(cookie);
    expect(
      await server.app.db.query('SELECT id FROM owner_sessions WHERE id = $1', [sessionId]),
    ).toEqual([]);
  });
});

describe('a signed-in owner', () => {
  let cookie: string;
  beforeAll(async () => {
    cookie = await signIn();
  });

  it('finds an order by its number, email or name, and sees the lists with their counts', async () => {
    const id = await paidOrder();
    const pending = await checkout();

    const linkTo = (page: Page, order: string) =>
      page.queryByRole('link', { name: order })?.getAttribute('href');
    const byNumber = await deskPage(`/admin?q=${id}`, cookie);
    expect(linkTo(byNumber, id)).toBe(`/admin/orders/${id}`);
    expect(linkTo(byNumber, pending)).toBeUndefined();
    expect(rowsOf(byNumber, `Orders matching “${id}”`)[1]).toContain('Ready to print');

    const byEmail = await deskPage(`/admin?q=${encodeURIComponent('JANE@example')}`, cookie);
    expect(linkTo(byEmail, id)).toBe(`/admin/orders/${id}`);
    const byName = await deskPage('/admin?q=jane+doe', cookie);
    expect(linkTo(byName, id)).toBe(`/admin/orders/${id}`);
    const nothing = await deskPage('/admin?q=%25', cookie);
    expect(nothing.text).toContain('No order matches this search.');

    const ready = await deskPage('/admin?show=ready', cookie);
    expect(linkTo(ready, id)).toBe(`/admin/orders/${id}`);
    const lists = within(ready.getByRole('navigation', { name: 'Orders by state' }));
    expect(lists.getByRole('link', { current: 'page' }).textContent).toMatch(
      /^Ready to print \d+$/,
    );
    const unpaid = await deskPage('/admin?show=unpaid', cookie);
    expect(linkTo(unpaid, pending)).toBe(`/admin/orders/${pending}`);
    expect(linkTo(unpaid, id)).toBeUndefined();

    // What the owner typed comes back as text.
    const typed = await deskPage(`/admin?q=${encodeURIComponent('<script>x</script>')}`, cookie);
    expect(typed.document.querySelector('main script')).toBeNull();
    expect(
      typed.getByRole('heading', { level: 2, name: 'Orders matching “<script>x</script>”' }),
    ).toBeDefined();
  });

  it('lists an order that has waited on the shop too long among those needing attention', async () => {
    // Two days on: the order paid now has waited longer than STUCK_ORDER_HOURS (24).
    const later = await server.start(
      { ADMIN_TOKEN },
      { clock: () => new Date(Date.now() + 48 * 3600_000) },
    );
    const send = injectAsFetch(later.app);
    const id = await paidOrder(send);
    const page = await deskPage('/admin', await signIn({ send }), send);
    const attention = within(page.getByRole('region', { name: /^Needs attention/ }));
    const item = attention.getByRole('link', { name: id }).closest('li');
    expect(item?.textContent).toMatch(
      new RegExp(`^${id} Ready to print Waiting since \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} UTC$`),
    );
  });

  it('sees the order whole: its art on its shirt, the print file, picks, totals, address, history and emails', async () => {
    const id = await paidOrder();
    const page = await orderPage(id, cookie);
    expect(page.getByRole('heading', { level: 1 }).textContent).toBe(`Order ${id} Ready to print`);
    const art = page.getByRole('img', { name: 'The artwork on a Navy shirt' });
    expect(art.getAttribute('src')).toBe(`${VALID_ORDER.imageURL}?shirt=Navy`);
    expect(art.parentElement?.getAttribute('style')).toBe('background:#1f2a48');
    const printFile = page.getByRole('link', { name: 'Open the print file (PNG)' });
    expect(printFile.getAttribute('href')).toBe(
      `${VALID_ORDER.imageURL.replace(/\.svg$/, '.png')}?shirt=Navy`,
    );
    expect(printFile).toMatchObject({ target: '_blank', rel: 'noopener' });
    const html = page.text;
    for (const fact of [
      "Women's",
      'XL',
      '$19.99 USD',
      '$39.98 USD',
      '$6.99 USD',
      '$46.97 USD',
      'Jane Doe',
      '1 Main St',
      'Springfield, IL 62701',
      'jane@example.com',
    ]) {
      expect(html).toContain(fact);
    }
    // The payment provider by its name, not the store's id of the test page.
    expect(page.getByText('Payment').nextElementSibling?.textContent).toBe(
      'Paid · Test payment page',
    );
    expect(html).not.toContain('test-payment-page');
    expect(rowsOf(page, 'History')).toContainEqual([
      expect.any(String),
      'payment',
      'paid',
      'pending → ready to print',
      '',
    ]);
    expect(rowsOf(page, 'Emails')[1]?.slice(0, 2)).toEqual([
      'confirmed',
      'shopper: jane@example.com',
    ]);
    // The forms its state allows, and none other (no print provider: no resubmit).
    const actions = formActions(page);
    for (const action of ['ship', 'address', 'cancel-and-refund', 'resend-confirmation', 'note'])
      expect(actions).toContain(`/admin/orders/${id}/${action}`);
    expect(actions).not.toContain(`/admin/orders/${id}/resubmit`);
    expect(page.getByLabelText('I understand this refunds the shopper')).toHaveProperty(
      'type',
      'checkbox',
    );
    for (const label of [
      'Full name',
      'Address line 1',
      'City',
      'ZIP / postal code',
      'Country',
      'Carrier',
      'Tracking number',
      'Reason',
    ]) {
      expect(page.getByLabelText(label)).toBeDefined();
    }
  });

  it('marks an order shipped, then shows the refusal of a second shipment or a refund, changing nothing', async () => {
    const id = await paidOrder();
    const shipped = await post(
      `/admin/orders/${id}/ship`,
      { carrier: 'USPS', number: '9400111', url: 'https://tools.usps.com/?tLabels=9400111' },
      { cookie },
    );
    expect(shipped.status).toBe(303);
    expect(shipped.headers.get('location')).toBe(`/admin/orders/${id}`);
    const page = await orderPage(id, cookie);
    expect(page.getByRole('status').textContent).toBe(
      'Marked shipped: the shopper is emailed the tracking.',
    );
    expect(rowsOf(page, 'History').map((cells) => cells.slice(1, 3))).toContainEqual([
      'owner',
      'shipped by hand',
    ]);
    // The message is shown once.
    expect((await orderPage(id, cookie)).queryByRole('status')).toBeNull();

    const again = await post(
      `/admin/orders/${id}/ship`,
      { carrier: 'UPS', number: '1Z999', url: '' },
      { cookie },
    );
    expect(again.status).toBe(303);
    const refusedPage = await orderPage(id, cookie);
    expect(refusedPage.getByRole('alert').textContent).toMatch(
      /^Order [\w-]+ cannot be marked shipped by hand/,
    );

    const refund = await post(
      `/admin/orders/${id}/cancel-and-refund`,
      { reason: 'changed mind', confirm: 'yes' },
      { cookie },
    );
    expect(refund.status).toBe(303);
    expect((await orderPage(id, cookie)).getByRole('alert').textContent).toMatch(
      /^Order [\w-]+ cannot be cancelled and refunded/,
    );

    const order = await server.app.repositories.orders.find(id);
    expect(order).toMatchObject({
      fulfillment: 'shipped',
      tracking: { carrier: 'USPS', number: '9400111' },
      refundedAt: null,
    });
  });

  it('shows what to fix in a form it refused, with what was typed, and changes nothing', async () => {
    const id = await paidOrder();
    await post(
      `/admin/orders/${id}/address`,
      { ...SHIPPING_FORM, city: '', postalCode: '<b>62701' },
      { cookie },
    );
    const page = await orderPage(id, cookie);
    const alert = within(page.getByRole('alert'));
    expect(alert.getByText(/^Some of the address needs another look/)).toBeDefined();
    expect(alert.getByRole('link', { name: 'Enter your town or city' })).toHaveProperty(
      'hash',
      '#ship-city',
    );
    const postalCode = page.getByLabelText('ZIP / postal code');
    expect(postalCode).toHaveProperty('value', '<b>62701');
    expect(postalCode.getAttribute('aria-invalid')).toBe('true');
    expect((await server.app.repositories.orders.find(id))?.shipTo?.city).toBe('Springfield');

    await post(`/admin/orders/${id}/cancel-and-refund`, { reason: 'asked to' }, { cookie });
    expect((await orderPage(id, cookie)).text).toContain('Tick the box to confirm the refund');
    expect(await stateOf(id)).toBe('ready_to_print');

    await post(
      `/admin/orders/${id}/ship`,
      { carrier: 'USPS', number: '', url: 'javascript:alert(1)' },
      { cookie },
    );
    const shipPage = (await orderPage(id, cookie)).text;
    expect(shipPage).toContain('Enter the tracking number');
    expect(shipPage).toContain('starting with https://');
    expect(await stateOf(id)).toBe('ready_to_print');
  });

  it('refuses an address holding hidden or unreadable characters, naming each field, and changes nothing', async () => {
    const id = await paidOrder();
    await post(
      `/admin/orders/${id}/address`,
      { ...SHIPPING_FORM, name: '\u200b', line1: '2 Elm\u202e St', city: 'Spring\ufffdfield' },
      { cookie },
    );
    const alert = within((await orderPage(id, cookie)).getByRole('alert'));
    for (const [hash, message] of [
      ['#ship-name', 'Enter your full name'],
      ['#ship-line1', 'Address line 1 has a hidden character in it: please type it again'],
      ['#ship-city', 'City has characters that could not be read: please type it again'],
    ])
      expect(alert.getByRole('link', { name: message })).toHaveProperty('hash', hash);
    expect((await server.app.repositories.orders.find(id))?.shipTo).toMatchObject({
      name: 'Jane Doe',
      line1: '1 Main St',
      city: 'Springfield',
    });
  });

  it('corrects the address, resends the confirmation, and cancels and refunds, each in the history', async () => {
    const id = await paidOrder();
    await post(`/admin/orders/${id}/address`, { ...SHIPPING_FORM, line1: '2 Elm St' }, { cookie });
    expect((await orderPage(id, cookie)).getByRole('status').textContent).toBe(
      'The address is saved; the order is ready to print.',
    );
    expect((await server.app.repositories.orders.find(id))?.shipTo?.line1).toBe('2 Elm St');

    await post(`/admin/orders/${id}/resend-confirmation`, {}, { cookie });
    expect((await orderPage(id, cookie)).getByRole('status').textContent).toBe(
      'The confirmation is on its way to jane@example.com again.',
    );

    await post(
      `/admin/orders/${id}/cancel-and-refund`,
      { reason: 'Asked by email', confirm: 'yes' },
      { cookie },
    );
    const page = await orderPage(id, cookie);
    expect(page.getByRole('status').textContent).toBe(
      `Order ${id} is cancelled and $46.97 USD refunded; the shopper is emailed.`,
    );
    expect(page.getByRole('heading', { level: 1 }).textContent).toBe(`Order ${id} Refunded`);
    const events = rowsOf(page, 'History').map((cells) => cells[2]);
    for (const event of [
      'address corrected',
      'confirmation resent',
      'cancelled by owner',
      'refunded',
    ]) {
      expect(events).toContain(event);
    }
    expect(rowsOf(page, 'Emails').map((cells) => cells[0])).toContain('refunded');
    // A refunded order has nothing left to fix: only notes, and its emails to send again.
    expect(
      formActions(page).filter(
        (action) =>
          action.startsWith(`/admin/orders/${id}/`) && !/\/(note|resend-email)$/.test(action),
      ),
    ).toEqual([]);
    expect(page.getByRole('region', { name: 'Fix it' }).textContent).toContain(
      'Nothing to do for an order that is refunded.',
    );
    expect(await stateOf(id)).toBe('refunded');
  });

  it('shows an action on an unpaid order refused, and answers 404 for an order that does not exist', async () => {
    const pending = await checkout();
    await post(`/admin/orders/${pending}/resend-confirmation`, {}, { cookie });
    expect((await orderPage(pending, cookie)).getByRole('alert').textContent).toMatch(
      /^The confirmation of order [\w-]+ cannot be sent again/,
    );
    expect(await stateOf(pending)).toBe('pending');

    for (const id of ['AAAAAAAAAAAAAAAA', 'not-an-order', '..%2f..%2fetc']) {
      const action = await post(
        `/admin/orders/${id}/cancel-and-refund`,
        { reason: 'x', confirm: 'yes' },
        { cookie },
      );
      expect(action.status).toBe(404);
      expect(action.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await action.text()).toContain('No such order');
    }
    const page = await get('/admin/orders/AAAAAAAAAAAAAAAA', cookie);
    expect(page.status).toBe(404);
  });

  it('refuses a cross-site post with its cookie, and nothing changes', async () => {
    const id = await paidOrder();
    const foreign: Array<Record<string, string>> = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example' },
    ];
    for (const headers of foreign) {
      const answer = await server.request(`/admin/orders/${id}/cancel-and-refund`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie, ...headers },
        body: form({ reason: 'forged', confirm: 'yes' }),
      });
      expect(answer.status).toBe(403);
      expect(await answer.text()).toContain('sent from another site');
    }
    const signOut = await server.request('/admin/sign-out', {
      method: 'POST',
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(signOut.status).toBe(403);
    expect(await stateOf(id)).toBe('ready_to_print');
    expect((await server.app.repositories.orders.history(id)).map((entry) => entry.event)).toEqual([
      'paid',
    ]);
    // Still signed in: the forged sign-out did nothing either.
    expect(await (await get('/admin', cookie)).text()).toContain('Find an order');
  });
});

describe('the owner’s desk for running the shop', () => {
  let cookie: string;
  beforeAll(async () => {
    cookie = await signIn();
  });

  /** The order's emails as the outbox holds them, oldest first. */
  const emailsOf = (id: string) =>
    server.db.query<{ message_id: string; kind: string; sent_at: Date | null }>(
      'SELECT message_id, kind, sent_at FROM order_emails WHERE order_id = $1 ORDER BY queued_at, message_id',
      [id],
    );

  it('lists the orders of one state, placed within a range of days', async () => {
    const id = await paidOrder();
    const today = new Date().toISOString().slice(0, 10);
    const inRange = await deskPage(`/admin?show=ready_to_print&from=${today}&to=${today}`, cookie);
    expect(
      inRange.getByRole('heading', {
        level: 2,
        name: `Ready to print, placed ${today} to ${today}`,
      }),
    ).toBeDefined();
    expect(inRange.queryByRole('link', { name: id })).not.toBeNull();
    expect(inRange.getByLabelText('Orders')).toHaveProperty('value', 'ready_to_print');
    expect(inRange.getByLabelText('Placed from')).toHaveProperty('value', today);

    const before = await deskPage('/admin?show=ready_to_print&to=2020-01-31', cookie);
    expect(before.queryByRole('link', { name: id })).toBeNull();
    const otherState = await deskPage(`/admin?show=on_hold&from=${today}`, cookie);
    expect(otherState.queryByRole('link', { name: id })).toBeNull();
    expect(otherState.text).toContain('No orders here.');
    // Every state has its own list, among the form's choices.
    const choices = [...inRange.getByLabelText('Orders').querySelectorAll('option')].map(
      (option) => option.textContent,
    );
    expect(choices).toEqual(expect.arrayContaining(['On hold', 'Failed', 'Returned', 'Shipped']));
  });

  it('exports the orders it lists as CSV, with their money columns', async () => {
    const id = await paidOrder();
    const today = new Date().toISOString().slice(0, 10);
    const link = (await deskPage(`/admin?show=ready&from=${today}`, cookie)).getByRole('link', {
      name: 'Export these orders as CSV',
    });
    expect(link.getAttribute('href')).toBe(`/admin/orders.csv?show=ready&from=${today}`);
    const answer = await get(link.getAttribute('href')!, cookie);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toBe(
      `attachment; filename="orders-ready-from-${today}.csv"`,
    );
    const [header, ...rows] = (await answer.text()).trim().split('\r\n');
    expect(header).toBe(
      'Order,Placed,Paid,State,Shopper,Email,Country,Quantity,Currency,Revenue,Shipping,Tax,Refunds,Print cost,Margin',
    );
    expect(
      rows
        .find((row) => row.startsWith(`${id},`))
        ?.split(',')
        .slice(3),
    ).toEqual([
      'Ready to print',
      'Jane Doe',
      'jane@example.com',
      'US',
      '2',
      'USD',
      '46.97',
      '6.99',
      '0.00',
      '0.00',
      // No print provider: its cost and so the margin are unknown, never 0.
      '',
      '',
    ]);
    // Without the owner's session there is nothing to download.
    expect((await get('/admin/orders.csv?show=all')).status).toBe(303);
  });

  it('never lets a spreadsheet run a cell of the export as a formula', async () => {
    const { id, paymentLinkURL } = await placeOrder();
    await payOnTestPage(server.request, paymentLinkURL, {
      ...SHIPPING_FORM,
      name: '=HYPERLINK("https://evil.example","Click")',
    });
    const csv = await (await get('/admin/orders.csv?show=all', cookie)).text();
    const row = csv.split('\r\n').find((line) => line.startsWith(`${id},`));
    expect(row).toContain(`"'=HYPERLINK(""https://evil.example"",""Click"")"`);
  });

  it('refunds part of a shipped order, shows what went back, and never more than what remains', async () => {
    const id = await paidOrder();
    await post(
      `/admin/orders/${id}/ship`,
      { carrier: 'USPS', number: '9400', url: '' },
      { cookie },
    );
    const shipped = await orderPage(id, cookie);
    expect(shipped.queryByRole('region', { name: 'Cancel and refund' })).toBeNull();
    const card = within(shipped.getByRole('region', { name: 'Refund part of it' }));
    expect(card.getByLabelText('Amount (USD, at most $46.97 USD)')).toBeDefined();

    await post(
      `/admin/orders/${id}/refund`,
      { amount: '10.00', reason: 'Damaged print' },
      { cookie },
    );
    const page = await orderPage(id, cookie);
    expect(page.getByRole('status').textContent).toBe(
      `$10.00 USD of order ${id} is refunded; the shopper is emailed the amount.`,
    );
    expect(page.getByRole('heading', { level: 1 }).textContent).toBe(
      `Order ${id} Shipped Partly refunded`,
    );
    expect(page.getByText('Refunded').nextElementSibling?.textContent).toBe('$10.00 USD');
    expect(page.getByLabelText('Amount (USD, at most $36.97 USD)')).toBeDefined();

    await post(`/admin/orders/${id}/refund`, { amount: '40', reason: 'Again' }, { cookie });
    expect((await orderPage(id, cookie)).getByRole('alert').textContent).toMatch(
      /^The amount must be between \$0\.01 USD and \$36\.97 USD/,
    );
    await post(`/admin/orders/${id}/refund`, { amount: 'ten', reason: '' }, { cookie });
    const refused = await orderPage(id, cookie);
    expect(refused.getByLabelText(/^Amount/).getAttribute('aria-invalid')).toBe('true');
    expect(refused.getByLabelText(/^Amount/)).toHaveProperty('value', 'ten');
    expect(refused.text).toContain('Enter the amount to refund, like 10.00');

    const csv = await (await get('/admin/orders.csv?show=shipped', cookie)).text();
    const row = csv.split('\r\n').find((line) => line.startsWith(`${id},`));
    expect(row?.split(',').slice(9, 13)).toEqual(['46.97', '6.99', '0.00', '10.00']);
    expect((await server.app.repositories.orders.find(id))?.refundedCents).toBe(1000);
  });

  it('cancels and refunds only what remains after a part refund', async () => {
    const id = await paidOrder();
    await post(`/admin/orders/${id}/refund`, { amount: '5', reason: 'Late' }, { cookie });
    const page = await orderPage(id, cookie);
    expect(page.getByRole('button', { name: 'Cancel and refund $41.97 USD' })).toBeDefined();
    await post(
      `/admin/orders/${id}/cancel-and-refund`,
      { reason: 'Asked by email', confirm: 'yes' },
      { cookie },
    );
    expect((await orderPage(id, cookie)).getByRole('status').textContent).toBe(
      `Order ${id} is cancelled and $41.97 USD refunded; the shopper is emailed.`,
    );
    expect((await server.app.repositories.orders.find(id))?.refundedCents).toBe(4697);
  });

  it('keeps the owner’s notes on an order, and refuses an empty one', async () => {
    const id = await paidOrder();
    await post(
      `/admin/orders/${id}/note`,
      { text: 'Called <Jane>: wants it by Friday' },
      { cookie },
    );
    const page = await orderPage(id, cookie);
    expect(page.getByRole('status').textContent).toBe('The note is saved.');
    const notes = within(page.getByRole('region', { name: 'Notes' }));
    expect(notes.getByRole('list').textContent).toMatch(
      /^\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC: Called <Jane>: wants it by Friday$/,
    );

    await post(`/admin/orders/${id}/note`, { text: '  ' }, { cookie });
    const refused = await orderPage(id, cookie);
    expect(refused.getByRole('alert').textContent).toContain('The note was not saved');
    expect(
      refused.getByLabelText('Add a note (only you see it)').getAttribute('aria-invalid'),
    ).toBe('true');
    expect(await server.db.query('SELECT text FROM order_notes WHERE order_id = $1', [id])).toEqual(
      [{ text: 'Called <Jane>: wants it by Friday' }],
    );
    // Notes are the owner's: the shopper's order page never shows them.
    const order = await server.app.repositories.orders.find(id);
    const shopperView = await server.request(`/creator/order?token=${order!.accessToken}`);
    expect(await shopperView.text()).not.toContain('wants it by Friday');
  });

  it('sends any email of an order again, as a new message, and says so', async () => {
    const id = await paidOrder();
    await waitUntil(
      async () => (await emailsOf(id)).some((email) => email.sent_at !== null),
      'the confirmation is sent',
    );
    const [confirmation] = await emailsOf(id);
    const page = await orderPage(id, cookie);
    const resend = page.getByRole('button', {
      name: 'Resend the confirmed email to jane@example.com',
    });
    expect(resend.closest('form')?.getAttribute('action')).toBe(`/admin/orders/${id}/resend-email`);

    await post(
      `/admin/orders/${id}/resend-email`,
      { message: confirmation!.message_id },
      { cookie },
    );
    expect((await orderPage(id, cookie)).getByRole('status').textContent).toBe(
      'The email is on its way again, as a new message.',
    );
    const emails = await emailsOf(id);
    expect(emails.map((email) => email.kind)).toEqual(['confirmed', 'confirmed']);
    expect(new Set(emails.map((email) => email.message_id)).size).toBe(2);
    await waitUntil(
      async () => (await emailsOf(id)).every((email) => email.sent_at !== null),
      'the copy is sent',
    );

    // Another order's email is not this order's to resend.
    const other = await paidOrder();
    await post(
      `/admin/orders/${other}/resend-email`,
      { message: confirmation!.message_id },
      { cookie },
    );
    expect((await orderPage(other, cookie)).getByRole('alert').textContent).toBe(
      'There is no such email of this order to send again.',
    );
  });

  it('lists an email that gave up after every try under Needs attention', async () => {
    const id = await paidOrder();
    await waitUntil(
      async () => (await emailsOf(id)).some((email) => email.sent_at !== null),
      'the confirmation is sent',
    );
    const attempts = server.app.appConfig.mail.attempts;
    await server.db.query(
      `UPDATE order_emails SET sent_at = NULL, attempts = $2, last_error = 'SMTP 550 mailbox unavailable'
       WHERE order_id = $1`,
      [id, attempts],
    );
    const page = await deskPage('/admin', cookie);
    const attention = within(page.getByRole('region', { name: /^Needs attention/ }));
    const item = attention.getByRole('link', { name: id }).closest('li');
    expect(item?.textContent).toBe(
      `${id} Email not sent The “confirmed” email to jane@example.com gave up after every try: SMTP 550 mailbox unavailable`,
    );
    // Resent from the order's page, it leaves the list once the copy is sent.
    const [failed] = await emailsOf(id);
    await post(`/admin/orders/${id}/resend-email`, { message: failed!.message_id }, { cookie });
    await waitUntil(
      async () => (await emailsOf(id)).some((email) => email.sent_at !== null),
      'the copy is sent',
    );
    await server.db.query('UPDATE order_emails SET attempts = 1 WHERE order_id = $1', [id]);
    const after = await deskPage('/admin', cookie);
    expect(after.queryByText(/gave up after every try/)).toBeNull();
  });
});

describe('a desk in the shop’s time zone', () => {
  it('shows every moment in SHOP_TIME_ZONE, named', async () => {
    const shop = await server.start({ ADMIN_TOKEN, SHOP_TIME_ZONE: 'Asia/Tokyo' });
    const send = injectAsFetch(shop.app);
    const id = await paidOrder(send);
    const page = readPage(
      await (await get(`/admin/orders/${id}`, await signIn({ send }), send)).text(),
    );
    const placed = page.getByText('Placed').nextElementSibling?.querySelector('time');
    const moment = new Date(placed!.getAttribute('datetime')!);
    const tokyo = new Date(moment.getTime() + 9 * 3600_000).toISOString();
    expect(placed?.textContent).toBe(`${tokyo.slice(0, 10)} ${tokyo.slice(11, 16)} GMT+9`);
  });
});

describe('a store with no owner token', () => {
  const closed = withTestServer({ sharing: server });

  it('says the desk is off and how to turn it on, with no way to sign in', async () => {
    const answer = await closed.request('/admin');
    expect(answer.status).toBe(404);
    const html = await answer.text();
    expect(html).toContain('ADMIN_TOKEN');
    expect(html).not.toContain('Owner token');
    const signIn = await closed.request('/admin/sign-in', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'token=anything',
    });
    expect(signIn.status).toBe(404);
  });
});
