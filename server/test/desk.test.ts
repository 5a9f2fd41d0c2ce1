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
import { withTestServer } from './fixtures';
import { orderIdOfPaymentLink } from './orderLinks';
import {
  SHIPPING_FORM,
  VALID_ORDER,
  injectAsFetch,
  newVisitor,
  payOnTestPage,
  query,
  type SendRequest,
} from './helpers';

const ADMIN_TOKEN = 'desk-owner-token-0123456789abcdef';
const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };

const server = withTestServer({ env: { ADMIN_TOKEN } });

/** A pending order made through the checkout route: its number and its payment link. */
async function placeOrder(
  send: SendRequest = server.request,
): Promise<{ id: string; paymentLinkURL: string }> {
  const answer = await send(`/creator/checkout?${query(VALID_ORDER)}`, {
    method: 'POST',
    headers: newVisitor(),
  });
  expect(answer.status).toBe(200);
  const { paymentLinkURL } = (await answer.json()) as { paymentLinkURL: string };
  return { id: await orderIdOfPaymentLink(server.db, paymentLinkURL), paymentLinkURL };
}

/** A pending order made through the checkout route; its number. */
async function checkout(send: SendRequest = server.request): Promise<string> {
  return (await placeOrder(send)).id;
}

/** An order paid on the test page (no print provider: it waits as ready_to_print). */
async function paidOrder(send: SendRequest = server.request): Promise<string> {
  const { id, paymentLinkURL } = await placeOrder(send);
  expect((await payOnTestPage(send, paymentLinkURL)).status).toBe(303);
  return id;
}

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
async function orderPage(id: string, cookie: string): Promise<string> {
  const answer = await get(`/admin/orders/${id}`, cookie);
  expect(answer.status).toBe(200);
  return answer.text();
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
    expect(html).toContain('<label for="owner-token">Owner token</label>');
    expect(html).toMatch(/<input type="password" id="owner-token" name="token"/);
    expect(html).toContain('<form class="card" method="post" action="/admin/sign-in">');
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
    expect(signInForm).toContain(
      `<input type="hidden" name="next" value="/admin/orders/${orderId}">`,
    );
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
      expect(html).toContain('role="alert"');
      expect(html).toContain('That is not the owner token');
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

    const byNumber = await (await get(`/admin?q=${id}`, cookie)).text();
    expect(byNumber).toContain(`href="/admin/orders/${id}"`);
    expect(byNumber).not.toContain(`href="/admin/orders/${pending}"`);
    expect(byNumber).toContain('Ready to print');

    const byEmail = await (
      await get(`/admin?q=${encodeURIComponent('JANE@example')}`, cookie)
    ).text();
    expect(byEmail).toContain(`href="/admin/orders/${id}"`);
    const byName = await (await get('/admin?q=jane+doe', cookie)).text();
    expect(byName).toContain(`href="/admin/orders/${id}"`);
    const nothing = await (await get('/admin?q=%25', cookie)).text();
    expect(nothing).toContain('No order matches this search.');

    const ready = await (await get('/admin?show=ready', cookie)).text();
    expect(ready).toContain(`href="/admin/orders/${id}"`);
    expect(ready).toMatch(
      /href="\/admin\?show=ready" aria-current="page">Ready to print <span class="count">\d+<\/span>/,
    );
    const unpaid = await (await get('/admin?show=unpaid', cookie)).text();
    expect(unpaid).toContain(`href="/admin/orders/${pending}"`);
    expect(unpaid).not.toContain(`href="/admin/orders/${id}"`);

    // What the owner typed comes back as text.
    const typed = await (
      await get(`/admin?q=${encodeURIComponent('<script>x</script>')}`, cookie)
    ).text();
    expect(typed).not.toContain('<script>');
    expect(typed).toContain('&#60;script&#62;');
  });

  it('lists an order that has waited on the shop too long among those needing attention', async () => {
    // Two days on: the order paid now has waited longer than STUCK_ORDER_HOURS (24).
    const later = await server.start(
      { ADMIN_TOKEN },
      { clock: () => new Date(Date.now() + 48 * 3600_000) },
    );
    const send = injectAsFetch(later.app);
    const id = await paidOrder(send);
    const html = await (await get('/admin', await signIn({ send }), send)).text();
    const start = html.indexOf('id="attention-title"');
    expect(start).toBeGreaterThan(0);
    const attention = html.slice(start, html.indexOf('</section>', start));
    expect(attention).toMatch(
      new RegExp(
        `href="/admin/orders/${id}">${id}</a> <span class="state tone-waiting">Ready to print</span> <span class="why">Waiting since <time`,
      ),
    );
  });

  it('sees the order whole: its art on its shirt, the print file, picks, totals, address, history and emails', async () => {
    const id = await paidOrder();
    const html = await orderPage(id, cookie);
    expect(html).toContain(
      `<h1>Order ${id} <span class="state tone-waiting">Ready to print</span></h1>`,
    );
    expect(html).toContain(`src="${VALID_ORDER.imageURL}?shirt=Navy"`);
    expect(html).toContain('style="background: #1f2a48"');
    expect(html).toContain(
      `href="${VALID_ORDER.imageURL.replace(/\.svg$/, '.png')}?shirt=Navy" target="_blank" rel="noopener">Open the print file (PNG)</a>`,
    );
    for (const fact of [
      'Women&#39;s',
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
    expect(html).toMatch(
      /<td data-label="Event">paid<\/td>\s*<td data-label="From → to">pending → ready to print<\/td>/,
    );
    expect(html).toMatch(
      /<td data-label="Kind">confirmed<\/td>\s*<td data-label="To">shopper: jane@example.com<\/td>/,
    );
    // The forms its state allows, and none other (no print provider: no resubmit).
    expect(html).toContain(`action="/admin/orders/${id}/ship"`);
    expect(html).toContain(`action="/admin/orders/${id}/address"`);
    expect(html).toContain(`action="/admin/orders/${id}/cancel-and-refund"`);
    expect(html).toContain(`action="/admin/orders/${id}/resend-confirmation"`);
    expect(html).not.toContain(`action="/admin/orders/${id}/resubmit"`);
    expect(html).toContain(
      '<label for="cancel-confirm">I understand this refunds the shopper</label>',
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
      expect(html).toMatch(
        new RegExp(`<label for="[\\w-]+">${label.replace(/[/()]/g, '\\$&')}</label>`),
      );
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
    expect(page).toContain(
      'role="status"><p>Marked shipped: the shopper is emailed the tracking.</p>',
    );
    expect(page).toMatch(
      /<td data-label="Source">owner<\/td>\s*<td data-label="Event">shipped by hand<\/td>/,
    );
    // The message is shown once.
    expect(await orderPage(id, cookie)).not.toContain('Marked shipped:');

    const again = await post(
      `/admin/orders/${id}/ship`,
      { carrier: 'UPS', number: '1Z999', url: '' },
      { cookie },
    );
    expect(again.status).toBe(303);
    const refusedPage = await orderPage(id, cookie);
    expect(refusedPage).toMatch(/role="alert"><p>Order [\w-]+ cannot be marked shipped by hand/);

    const refund = await post(
      `/admin/orders/${id}/cancel-and-refund`,
      { reason: 'changed mind', confirm: 'yes' },
      { cookie },
    );
    expect(refund.status).toBe(303);
    expect(await orderPage(id, cookie)).toMatch(
      /role="alert"><p>Order [\w-]+ cannot be cancelled and refunded/,
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
    expect(page).toContain('role="alert"><p>Some of the address needs another look');
    expect(page).toContain('<a href="#ship-city">Enter your town or city</a>');
    expect(page).toMatch(
      /id="ship-postal-code"[^>]*aria-invalid="true"[^>]*value="&#60;b&#62;62701"/,
    );
    expect((await server.app.repositories.orders.find(id))?.shipTo?.city).toBe('Springfield');

    await post(`/admin/orders/${id}/cancel-and-refund`, { reason: 'asked to' }, { cookie });
    expect(await orderPage(id, cookie)).toContain('Tick the box to confirm the refund');
    expect(await stateOf(id)).toBe('ready_to_print');

    await post(
      `/admin/orders/${id}/ship`,
      { carrier: 'USPS', number: '', url: 'javascript:alert(1)' },
      { cookie },
    );
    const shipPage = await orderPage(id, cookie);
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
    const page = await orderPage(id, cookie);
    expect(page).toContain('<a href="#ship-name">Enter your full name</a>');
    expect(page).toContain(
      '<a href="#ship-line1">Address line 1 has a hidden character in it: please type it again</a>',
    );
    expect(page).toContain(
      '<a href="#ship-city">City has characters that could not be read: please type it again</a>',
    );
    expect((await server.app.repositories.orders.find(id))?.shipTo).toMatchObject({
      name: 'Jane Doe',
      line1: '1 Main St',
      city: 'Springfield',
    });
  });

  it('corrects the address, resends the confirmation, and cancels and refunds, each in the history', async () => {
    const id = await paidOrder();
    await post(`/admin/orders/${id}/address`, { ...SHIPPING_FORM, line1: '2 Elm St' }, { cookie });
    expect(await orderPage(id, cookie)).toContain(
      'The address is saved; the order is ready to print.',
    );
    expect((await server.app.repositories.orders.find(id))?.shipTo?.line1).toBe('2 Elm St');

    await post(`/admin/orders/${id}/resend-confirmation`, {}, { cookie });
    expect(await orderPage(id, cookie)).toContain(
      'The confirmation is on its way to jane@example.com again.',
    );

    await post(
      `/admin/orders/${id}/cancel-and-refund`,
      { reason: 'Asked by email', confirm: 'yes' },
      { cookie },
    );
    const page = await orderPage(id, cookie);
    expect(page).toContain(
      `Order ${id} is cancelled and $46.97 USD refunded; the shopper is emailed.`,
    );
    expect(page).toContain('<span class="state tone-quiet">Refunded</span>');
    for (const event of [
      'address corrected',
      'confirmation resent',
      'cancelled by owner',
      'refunded',
    ]) {
      expect(page).toContain(`<td data-label="Event">${event}</td>`);
    }
    expect(page).toMatch(/<td data-label="Kind">refunded<\/td>/);
    // A refunded order has nothing left to fix.
    expect(page).not.toContain(`action="/admin/orders/${id}/`);
    expect(await stateOf(id)).toBe('refunded');
  });

  it('shows an action on an unpaid order refused, and answers 404 for an order that does not exist', async () => {
    const pending = await checkout();
    await post(`/admin/orders/${pending}/resend-confirmation`, {}, { cookie });
    expect(await orderPage(pending, cookie)).toMatch(
      /role="alert"><p>The confirmation of order [\w-]+ cannot be sent again/,
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

describe('a store with no owner token', () => {
  const closed = withTestServer();

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
