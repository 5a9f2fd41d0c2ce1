/**
 * A hostile page cannot spend a visitor's generation quota, open orders, pay test orders or write
 * vitals in their name: browsers say where a request comes from, and the server refuses other sites.
 */
import { withTestServer } from './fixtures';
import {
  VALID_ORDER,
  expectErrorShape,
  instantImageProvider,
  newVisitor,
  query,
  SHIPPING_FORM,
} from './helpers';

// What a request may do is under test here, not the art engine: a tiny SVG per generation.
const overrides = { imageProvider: instantImageProvider };

// PUBLIC_URL is http://shop.test (testConfig); the server is reached at 127.0.0.1:<port>.
const server = withTestServer({ overrides });

/** What a browser adds to a request from another site's page. */
const FROM_ANOTHER_SITE: ReadonlyArray<[string, Record<string, string>]> = [
  ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
  ['Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site' }],
  ['a foreign Origin', { origin: 'https://evil.example' }],
  [
    'the opaque Origin of a sandboxed frame, from a browser without Sec-Fetch-Site',
    { origin: 'null' },
  ],
  [
    'a foreign Origin with Sec-Fetch-Site: cross-site',
    { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
  ],
];

/** What the store's own pages send, and what a client with no browser headers sends. */
const FROM_THE_STORE: ReadonlyArray<[string, Record<string, string>]> = [
  ['Sec-Fetch-Site: same-origin', { 'sec-fetch-site': 'same-origin' }],
  ['the PUBLIC_URL Origin', { origin: 'http://shop.test', 'sec-fetch-site': 'same-origin' }],
  [
    'Origin: null from a same-origin form under Referrer-Policy: no-referrer',
    { origin: 'null', 'sec-fetch-site': 'same-origin' },
  ],
  ['neither header (curl, a server)', {}],
];

interface Stored {
  orders: number;
  quotaUsed: number;
  vitals: number;
  paid: number;
}

async function stored(): Promise<Stored> {
  return (
    await server.db.query<Stored>(
      `SELECT (SELECT count(*)::integer FROM orders) AS orders,
              (SELECT count(*)::integer FROM orders WHERE status = 'paid') AS paid,
              (SELECT coalesce(sum(count), 0)::integer FROM generation_quota) AS "quotaUsed",
              (SELECT count(*)::integer FROM web_vitals) AS vitals`,
    )
  )[0] as Stored;
}

async function pendingOrderPaymentLink(): Promise<string> {
  const response = await server.request(`/creator/checkout?${query(VALID_ORDER)}`, {
    method: 'POST',
    headers: newVisitor(),
  });
  return ((await response.json()) as { paymentLinkURL: string }).paymentLinkURL;
}

/** The four requests that spend something or change state, as a hostile page would send them. */
async function spendingRequests(): Promise<Array<[string, string, RequestInit]>> {
  const paymentLinkURL = await pendingOrderPaymentLink();
  return [
    ['generation', '/creator/generate_image?interests=owls', {}],
    ['checkout', `/creator/checkout?${query(VALID_ORDER)}`, { method: 'POST' }],
    [
      'a vitals beacon',
      '/creator/vitals',
      {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: JSON.stringify({ name: 'LCP', value: 1, rating: 'good', id: 'v5-x', route: '/' }),
      },
    ],
    [
      'the test page’s Pay button',
      paymentLinkURL,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(SHIPPING_FORM).toString(),
      },
    ],
  ];
}

describe.each(FROM_ANOTHER_SITE)('a request with %s', (_label, siteHeaders) => {
  it('is refused with a 403 JSON error for generation, checkout, vitals and payment, changing nothing', async () => {
    for (const [name, path, init] of await spendingRequests()) {
      const before = await stored();
      const response = await server.request(path, {
        ...init,
        redirect: 'manual',
        headers: { ...newVisitor(), ...(init.headers as Record<string, string>), ...siteHeaders },
      });
      expect([name, response.status]).toEqual([name, 403]);
      const body = (await response.json()) as { error: { code: string; message: string } };
      expectErrorShape(body);
      expect(body.error.code).toBe('cross_site_request');
      expect(body.error.message).toMatch(/another site/);
      expect(await stored()).toEqual(before);
    }
  });
});

describe.each(FROM_THE_STORE)('a request with %s', (_label, siteHeaders) => {
  it('generates, orders, reports vitals and pays as before', async () => {
    const statuses: Array<[string, number]> = [];
    for (const [name, path, init] of await spendingRequests()) {
      const response = await server.request(path, {
        ...init,
        redirect: 'manual',
        headers: { ...newVisitor(), ...(init.headers as Record<string, string>), ...siteHeaders },
      });
      statuses.push([name, response.status]);
    }
    expect(statuses).toEqual([
      ['generation', 200],
      ['checkout', 200],
      ['a vitals beacon', 204],
      ['the test page’s Pay button', 303],
    ]);
  });
});

describe('reading from another site', () => {
  it('still works for pages, designs and remote entries: links and embeds from elsewhere are welcome', async () => {
    for (const path of [
      '/',
      '/product',
      '/creator/designs/sunset-surf.svg',
      '/remotes/designer/remoteEntry.js',
    ]) {
      const response = await server.request(path, {
        headers: { 'sec-fetch-site': 'cross-site', origin: 'https://elsewhere.example' },
      });
      expect([path, response.status]).toEqual([path, 200]);
    }
  });
});

describe('a remote’s page running alone, from an origin in STANDALONE_ORIGINS', () => {
  const STANDALONE = 'http://localhost:3001';
  const fromStandalone = { origin: STANDALONE, 'sec-fetch-site': 'same-site' };
  const open = withTestServer({
    env: { STANDALONE_ORIGINS: `${STANDALONE}, http://127.0.0.1:3002` },
    overrides,
    sharing: server,
  });

  it('may generate art and check out, and may read the answers (CORS)', async () => {
    const generated = await open.request(`/creator/generate_image?interests=kites`, {
      headers: { ...fromStandalone, ...newVisitor() },
    });
    expect(generated.status).toBe(200);
    expect(generated.headers.get('access-control-allow-origin')).toBe(STANDALONE);
    const checkout = await open.request(`/creator/checkout?${query(VALID_ORDER)}`, {
      method: 'POST',
      headers: { ...fromStandalone, ...newVisitor() },
    });
    expect(checkout.status).toBe(200);
    expect(checkout.headers.get('access-control-allow-origin')).toBe(STANDALONE);
  });

  it('shows it the store’s artwork (Cross-Origin-Resource-Policy)', async () => {
    const design = await open.request(`/creator/designs/sunset-surf.svg`, {
      headers: fromStandalone,
    });
    expect(design.status).toBe(200);
    expect(design.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
  });

  it('is not extended to any other origin, which stays refused and unreadable', async () => {
    const response = await open.request(`/creator/generate_image?interests=kites`, {
      headers: { origin: 'http://localhost:3009', 'sec-fetch-site': 'same-site', ...newVisitor() },
    });
    expect(response.status).toBe(403);
    expectErrorShape(await response.json());
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('gets no CORS headers from a store that lists no standalone origin', async () => {
    const response = await server.request(`/creator/designs/sunset-surf.svg`, {
      headers: { origin: STANDALONE },
    });
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });
});
