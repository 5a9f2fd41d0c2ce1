/**
 * One test per security promise not already covered beside its feature (the CSP in
 * serving.test.ts, the admin token in serving.test.ts, the checkout abuse limit in
 * checkout.test.ts, Stripe-only payment links in stripeProvider.test.ts).
 */
import { writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { writeReleaseManifest } from '@tshirt/tooling/build/releaseManifest';
import { withTestServer } from './fixtures';
import {
  VALID_ORDER,
  expectErrorShape,
  injectAsFetch,
  newVisitor,
  openTestDatabase,
  query,
  requestAsSent,
} from './helpers';

const ADMIN_TOKEN = 'security-owner-token-0123456789';

const server = withTestServer({ env: { ADMIN_TOKEN } });

/** A raw request, so oversized URLs and headers reach the server exactly as sent. */
async function rawRequest(
  path: string,
  options: { method?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  const answer = await requestAsSent(server.url, path, options);
  return { ...answer, body: answer.body.toString('utf8') };
}

describe('security headers on pages', () => {
  it.each(['/', '/product', '/pay/AAAAAAAAAAAAAAAA'])(
    'sends the protective headers with %s',
    async (path) => {
      const response = await server.request(path);
      const header = (name: string) => response.headers.get(name);
      expect(header('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(header('content-security-policy')).toContain("object-src 'none'");
      expect(header('x-content-type-options')).toBe('nosniff');
      // The same as every other answer's (earlyAnswers.test.ts), and what frame-ancestors says.
      expect(header('x-frame-options')).toBe('DENY');
      expect(header('referrer-policy')).toBe('no-referrer');
      expect(header('cross-origin-opener-policy')).toBe('same-origin');
      expect(header('x-powered-by')).toBeNull();
    },
  );

  it('sends Strict-Transport-Security only when PUBLIC_URL is https', async () => {
    // PUBLIC_URL of `server` is http://shop.test: the header would pin a host that has no https.
    expect((await server.request(`/`)).headers.get('strict-transport-security')).toBeNull();
    const secure = await server.start({ PUBLIC_URL: 'https://shop.example' });
    for (const path of ['/', '/product', '/creator/designs/sunset-surf.svg']) {
      expect(
        (await injectAsFetch(secure.app)(path)).headers.get('strict-transport-security'),
      ).toMatch(/^max-age=\d+/);
    }
  });
});

describe('paths that do not name a served file', () => {
  it.each([
    '/%2e%2e/etc/passwd',
    '/remotes/designer/../checkout/remoteEntry.js',
    '/remotes/designer/%2e%2e/%2e%2e/package.json',
    '//main.js',
    '/..%5cmain.js',
    '/main.js%00',
    '/chunks/',
    '/assets/',
    '/remotes/checkout/chunks/',
  ])('answer %s with a 404 that says nothing about the disk, never a 403', async (path) => {
    const response = await rawRequest(path);
    expect(response.status).toBe(404);
    expect(response.body).not.toMatch(/forbidden|\/tmp\/|tshirt-front|node_modules/i);
  });
});

describe('error messages', () => {
  it('never quote a content type or body that was refused', async () => {
    const calls: Array<[string, number, RequestInit]> = [
      [
        '/creator/vitals',
        415,
        {
          method: 'POST',
          headers: { 'content-type': 'text/x-<script>alert(1)</script>' },
          body: '<script>alert(1)</script>',
        },
      ],
      [
        '/creator/vitals',
        400,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"<script>alert(1)</script>": ',
        },
      ],
    ];
    for (const [path, status, init] of calls) {
      const response = await server.request(path, init);
      const text = await response.text();
      expect([path, response.status]).toEqual([path, status]);
      expectErrorShape(JSON.parse(text));
      expect(text).not.toMatch(/<script|alert/i);
      expect(response.headers.get('content-security-policy')).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
    }
  });
});

describe('source maps', () => {
  const MAPS = [
    '/main.js.map',
    '/remotes/designer/remoteEntry.js.map',
    '/remotes/checkout/chunks/12.0123456789.js.map',
  ];

  beforeAll(() => {
    writeFileSync(
      join(server.frontEnd.root, 'host/main.js.map'),
      '{"version":3,"sources":["secret.ts"]}',
    );
    writeFileSync(join(server.frontEnd.root, 'designer/remoteEntry.js.map'), '{"version":3}');
    writeFileSync(
      join(server.frontEnd.root, 'checkout/chunks/12.0123456789.js.map'),
      '{"version":3}',
    );
    writeFileSync(join(server.frontEnd.root, 'host/main.js.map.gz'), 'not really gzip');
    for (const part of ['host', 'designer', 'checkout']) {
      writeReleaseManifest(join(server.frontEnd.root, part));
    }
  });

  it('are not served unless the owner asks for them', async () => {
    for (const path of [...MAPS, '/main.js.map.gz']) {
      const response = await server.request(path, {
        headers: { 'accept-encoding': 'gzip, br' },
      });
      expect([path, response.status]).toEqual([path, 404]);
      expect(await response.text()).not.toContain('secret.ts');
    }
    // The files next to them still are.
    expect((await server.request(`/main.js`)).status).toBe(200);
  });

  it('are served with SERVE_SOURCE_MAPS=true', async () => {
    const open = await server.start({ SERVE_SOURCE_MAPS: 'true' });
    for (const path of MAPS) {
      expect([path, (await injectAsFetch(open.app)(path)).status]).toEqual([path, 200]);
    }
  });
});

describe('SVG images', () => {
  it('are served so that they cannot run script, generated or pre-made', async () => {
    const generated = (await (
      await server.request(`/creator/generate_image?interests=owls`, { headers: newVisitor() })
    ).json()) as { image_url: string };
    for (const path of [generated.image_url, '/creator/designs/sunset-surf.svg']) {
      const response = await server.request(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
      // Opened directly, the document may not run or load anything.
      expect(response.headers.get('content-security-policy')).toMatch(/^default-src 'none';/);
      expect(response.headers.get('content-security-policy')).not.toMatch(/script-src/);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(await response.text()).not.toMatch(/<script|\son[a-z]+\s*=|javascript:/i);
    }
  });
});

describe('internal errors', () => {
  it('never show a stack trace or internal detail, on any endpoint', async () => {
    // A database that fails every query in a way no shopper should hear about.
    const broken = await openTestDatabase();
    await broken.exec(`
      ALTER TABLE orders RENAME TO orders_secret_internal;
      ALTER TABLE images RENAME TO images_secret_internal;
      ALTER TABLE generation_quota RENAME TO quota_secret_internal;
      ALTER TABLE web_vitals RENAME TO vitals_secret_internal;
    `);
    const failing = await server.start({ ADMIN_TOKEN }, { database: broken });
    try {
      const calls: Array<[string, RequestInit?]> = [
        ['/creator/generate_image?interests=owls'],
        [`/creator/checkout?${query(VALID_ORDER)}`, { method: 'POST' }],
        [
          '/creator/vitals',
          {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ name: 'LCP', value: 1, rating: 'good', id: 'a', route: '/' }),
          },
        ],
        ['/creator/images/AAAAAAAAAAAAAAAA.svg'],
        ['/pay/AAAAAAAAAAAAAAAA'],
        ['/creator/admin/orders', { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } }],
      ];
      for (const [path, init] of calls) {
        const response = await injectAsFetch(failing.app)(path, init);
        const text = await response.text();
        expect([path, response.status]).toEqual([path, 500]);
        const body = JSON.parse(text) as { error: { code: string; message: string } };
        expectErrorShape(body);
        expect(body.error.code).toBe('internal_error');
        expect(text).not.toMatch(/secret_internal|relation|stack|\.ts\b|node_modules|\bat\s/i);
      }
    } finally {
      await broken.close();
    }
  });
});

describe('owner listings', () => {
  it('do not exist at all when no admin token is configured', async () => {
    const tokenless = await server.start();
    for (const path of ['/creator/admin/orders', '/creator/admin/vitals']) {
      for (const authorization of [undefined, 'Bearer ', 'Bearer undefined']) {
        const response = await injectAsFetch(tokenless.app)(path, {
          headers: authorization === undefined ? {} : { authorization },
        });
        expect(response.status).toBe(404);
        expectErrorShape(await response.json());
      }
    }
  });

  it('refuse a token that is almost right, for both listings', async () => {
    for (const path of ['/creator/admin/orders', '/creator/admin/vitals']) {
      for (const authorization of [
        ADMIN_TOKEN,
        `Bearer ${ADMIN_TOKEN.slice(0, -1)}`,
        `Bearer ${ADMIN_TOKEN}x`,
        `Basic ${ADMIN_TOKEN}`,
        `bearer${ADMIN_TOKEN}`,
      ]) {
        // Each from an address of its own: a few wrong tokens from one address lock it out.
        const response = await server.request(path, {
          headers: { authorization, ...newVisitor() },
        });
        expect([path, authorization, response.status]).toEqual([path, authorization, 401]);
        expect(response.headers.get('cache-control')).toBe('no-store');
      }
    }
  });
});

describe('payment links', () => {
  it('are only ever our own payment page with the built-in provider', async () => {
    for (const imageURL of [VALID_ORDER.imageURL, `http://shop.test${VALID_ORDER.imageURL}`]) {
      const response = await server.request(
        `/creator/checkout?${query({ ...VALID_ORDER, imageURL })}`,
        { method: 'POST', headers: newVisitor() },
      );
      expect(response.status).toBe(200);
      const { paymentLinkURL } = (await response.json()) as { paymentLinkURL: string };
      expect(paymentLinkURL).toMatch(/^\/pay\/[\w-]{24}$/);
    }
    for (const imageURL of [
      'https://evil.example/x.svg',
      '//evil.example/creator/designs/sunset-surf.svg',
      'javascript:alert(1)',
    ]) {
      const response = await server.request(
        `/creator/checkout?${query({ ...VALID_ORDER, imageURL })}`,
        { method: 'POST', headers: newVisitor() },
      );
      expect(response.status).toBe(400);
    }
  });
});

describe('request size limits', () => {
  it('answers a body over the limit with a 413 JSON error', async () => {
    const response = await server.request(`/creator/vitals`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([{ padding: 'x'.repeat(300 * 1024) }]),
    });
    expect(response.status).toBe(413);
    const body = (await response.json()) as { error: { code: string } };
    expectErrorShape(body);
    expect(body.error.code).toBe('payload_too_large');
  });

  it('answers a URL over the limit with a 414 JSON error', async () => {
    const response = await rawRequest(`/creator/generate_image?interests=${'x'.repeat(13_000)}`);
    expect(response.status).toBe(414);
    expectErrorShape(JSON.parse(response.body));
  });

  it('answers headers over Node’s limit with a 431 JSON error, not a bare one', async () => {
    const response = await rawRequest('/', { headers: { 'x-padding': 'x'.repeat(20_000) } });
    expect(response.status).toBe(431);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expectErrorShape(JSON.parse(response.body));
  });

  it('answers a request Node’s parser refuses outright with a 400 JSON error', async () => {
    const { port } = new URL(server.url);
    const answer = await new Promise<string>((resolve, reject) => {
      let received = '';
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write('POST /creator/vitals HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n');
      });
      socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
      socket.on('close', () => resolve(received));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toMatch(/content-type: application\/json/i);
    expectErrorShape(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)));
  });
});
