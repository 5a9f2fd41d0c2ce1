import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { SITE_CONFIG_ELEMENT_ID, type SiteConfig } from '@tshirt/shared/contract';
import { PAGE_SCRIPTS_ATTRIBUTE } from '@tshirt/shared/pageStart';
import { withTestServer } from './fixtures';
import { expectErrorShape, requestAsSent } from './helpers';
import { FAKE_PRODUCT_PAGE, writeHostPages } from './fakeComposition';

const server = withTestServer({
  env: { BRAND_NAME: 'Shirts </script><b>&', ADMIN_TOKEN: 'owner-token-0123456789' },
  prepare: (frontEnd) =>
    writeHostPages(frontEnd.env.HOST_DIST_DIR!, { '/product': FAKE_PRODUCT_PAGE }),
});

function inlinedSiteConfig(html: string): SiteConfig {
  const match = /<script type="application\/json" id="site-config">(.*?)<\/script>/.exec(html);
  if (!match) throw new Error('no inlined site config');
  return JSON.parse(match[1]!) as SiteConfig;
}

/** Raw response bytes, to see what compression did (fetch decompresses transparently). */
const rawGet = (path: string, headers: Record<string, string>) =>
  requestAsSent(server.url, path, { headers });

describe('page routes', () => {
  it.each(['/', '/product', '/loading', '/complete', '/empty'])(
    'answers %s with the host page and status 200',
    async (path) => {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      // The empty shell, or (for /product here) the page the host's build pre-rendered.
      expect(await response.text()).toMatch(/<div id="root"( [^>]*)?>/);
    },
  );

  it.each(['/nope', '/product/extra', '/index.html', '/chunks/missing.js'])(
    'answers an unknown path %s with the same page and status 404',
    async (path) => {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status).toBe(404);
      const html = await response.text();
      expect(html).toContain('<div id="root"></div>');
      expect(inlinedSiteConfig(html).brandName).toBe('Shirts </script><b>&');
    },
  );

  it.each(['/creator/nope', '/creator', '/remotes/designer/missing.js'])(
    'answers %s with a JSON 404',
    async (path) => {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status).toBe(404);
      expectErrorShape(await response.json());
    },
  );

  it('answers a malformed URL with a 400 in the JSON error shape', async () => {
    const response = await rawGet('/creator/images/%E0%A4%A', {});
    expect(response.status).toBe(400);
    expectErrorShape(JSON.parse(response.body.toString('utf8')));
  });

  it('answers an unknown API method with a JSON 404', async () => {
    const response = await fetch(`${server.url}/creator/generate_image`, { method: 'DELETE' });
    expect(response.status).toBe(404);
    expectErrorShape(await response.json());
  });

  it('inlines the site configuration before </head>, escaped so it cannot close the script', async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    expect(html).toContain('\\u003c/script>\\u003cb>&');
    expect(html.indexOf('id="site-config"')).toBeLessThan(html.indexOf('</head>'));
    expect(inlinedSiteConfig(html)).toEqual({
      brandName: 'Shirts </script><b>&',
      contactEmail: 'hello@threadwise.example',
      remotes: {
        designer: { entry: '/remotes/designer/remoteEntry.js' },
        checkout: { entry: '/remotes/checkout/remoteEntry.js' },
      },
      remoteTimeoutMs: 120000,
      unitPrice: '$19.99 USD',
    });
  });

  it('inlines the site config before the page-start script, which preloads the remote entries from it', async () => {
    const product = await (await fetch(`${server.url}/product`)).text();
    expect(product).toMatch(
      new RegExp(`id="${SITE_CONFIG_ELEMENT_ID}">[^<]*</script><script ${PAGE_SCRIPTS_ATTRIBUTE}=`),
    );
    // The page-start script adds the preloads once the page has painted, not the server.
    expect(product).not.toContain('rel="preload"');
  });

  it('serves the same configuration at /site-config.json, not cached', async () => {
    const response = await fetch(`${server.url}/site-config.json`);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(((await response.json()) as SiteConfig).remotes.checkout.entry).toBe(
      '/remotes/checkout/remoteEntry.js',
    );
  });

  it('answers a clear "not built" page, naming no folder, instead of crashing when the host is not built', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'tshirt-empty-'));
    const unbuilt = await server.start({ HOST_DIST_DIR: empty });
    try {
      const response = await fetch(`${unbuilt.url}/product`);
      expect(response.status).toBe(503);
      const page = await response.text();
      expect(page).toContain('npm run build');
      // Anyone can reach it: it names no folder on the server's disk.
      expect(page).not.toContain(empty);
      expect(page).not.toMatch(/\/tmp\/|\/work\/|\/home\//);
      expect((await fetch(`${unbuilt.url}/nope`)).status).toBe(404);
      expect((await fetch(`${unbuilt.url}/healthz`)).status).toBe(200);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('answers GET /healthz', async () => {
    const response = await fetch(`${server.url}/healthz`);
    expect(await response.json()).toEqual({ status: 'ok' });
  });
});

describe('static files', () => {
  it.each([
    ['/main.js', 'no-cache'],
    ['/chunks/540.0fe051d53e.js', 'public, max-age=31536000, immutable'],
    ['/main.abc1234567.css', 'public, max-age=31536000, immutable'],
    ['/assets/hero.webp', 'public, max-age=31536000, immutable'],
    ['/remotes/designer/remoteEntry.js', 'no-cache'],
    ['/remotes/checkout/mf-manifest.json', 'no-cache'],
    ['/remotes/checkout/chunks/12.0123456789.js', 'public, max-age=31536000, immutable'],
  ])('serves %s with Cache-Control %s', async (path, cacheControl) => {
    const response = await fetch(`${server.url}${path}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe(cacheControl);
  });

  it.each(['br, gzip', 'gzip', ''])(
    'revalidates un-hashed files with an ETag (Accept-Encoding "%s")',
    async (acceptEncoding) => {
      // A browser asks again with the same Accept-Encoding; each encoding has its own ETag.
      // Raw requests: fetch() adds `Cache-Control: no-cache` to conditional requests, forcing a 200.
      const headers = { 'accept-encoding': acceptEncoding };
      const first = await rawGet('/main.js', headers);
      const etag = first.headers.etag as string;
      expect(etag).toBeTruthy();
      const second = await rawGet('/main.js', { ...headers, 'if-none-match': etag });
      expect(second.status).toBe(304);
    },
  );

  it('lets any origin load the remotes', async () => {
    const response = await fetch(`${server.url}/remotes/designer/remoteEntry.js`, {
      headers: { origin: 'http://elsewhere.test' },
    });
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(
      (await fetch(`${server.url}/main.js`)).headers.get('access-control-allow-origin'),
    ).toBeNull();
  });

  it('compresses with brotli or gzip as the browser accepts', async () => {
    const brotli = await rawGet('/main.js', { 'accept-encoding': 'br, gzip' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.body).toString()).toContain('console.log');
    const gzip = await rawGet('/product', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toContain('site-config');
  });
});

describe('security headers', () => {
  it('sends a Content-Security-Policy that allows only this origin by default', async () => {
    const csp = (await fetch(`${server.url}/product`)).headers.get('content-security-policy');
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self' 'sha256-");
    expect(csp).toMatch(/style-src 'self'[^;]*;/);
    expect(csp).toContain("style-src-attr 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("form-action 'self' https://checkout.stripe.com");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
  });

  it('allows exactly the inline page-start script of the host build, by its hash, and no other inline script', async () => {
    const csp = (await fetch(`${server.url}/product`)).headers.get('content-security-policy') ?? '';
    const hash = createHash('sha256').update('window.pageStarted = true;').digest('base64');
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}';`);
    expect(/(?:^|;)script-src ([^;]*)/.exec(csp)?.[1]?.match(/'sha256-/g)).toHaveLength(1);
    expect(csp).not.toContain("'unsafe-inline';connect-src");
  });

  it.each(['/product', '/pay/AAAAAAAAAAAAAAAA'])(
    'allows each inline style of %s by its hash, and no inline style otherwise',
    async (path) => {
      const response = await fetch(`${server.url}${path}`);
      const csp = response.headers.get('content-security-policy') ?? '';
      const styleSources = /(?:^|;)style-src ([^;]*)/.exec(csp)?.[1]?.split(' ') ?? [];
      expect(styleSources.filter((source) => !source.startsWith("'sha256-"))).toEqual(["'self'"]);
      for (const [, css] of (await response.text()).matchAll(/<style[^>]*>(.*?)<\/style>/gs)) {
        const hash = createHash('sha256').update(css!).digest('base64');
        expect(styleSources).toContain(`'sha256-${hash}'`);
      }
    },
  );

  it('adds absolute remote origins to the policy and the site configuration', async () => {
    const remoteHosted = await server.start({
      DESIGNER_URL: 'https://designer.cdn.example/v3/',
      CHECKOUT_URL: 'http://localhost:3002',
      REMOTE_TIMEOUT_MS: '1500',
    });
    const response = await fetch(`${remoteHosted.url}/product`);
    const csp = response.headers.get('content-security-policy') ?? '';
    for (const directive of ['script-src', 'connect-src', 'font-src']) {
      expect(csp).toContain(
        `${directive} 'self' https://designer.cdn.example http://localhost:3002`,
      );
    }
    expect(csp).toContain(
      "img-src 'self' data: blob: https://designer.cdn.example http://localhost:3002",
    );
    const config = inlinedSiteConfig(await response.text());
    expect(config.remotes.designer.entry).toBe('https://designer.cdn.example/v3/remoteEntry.js');
    expect(config.remotes.checkout.entry).toBe('http://localhost:3002/remoteEntry.js');
    expect(config.remoteTimeoutMs).toBe(1500);
  });
});

describe('POST /creator/vitals', () => {
  const report = { name: 'LCP', value: 1234.5, rating: 'good', id: 'v5-1', route: '/vitals-test' };

  it('stores a JSON beacon, a text/plain beacon and a batch', async () => {
    const send = (body: string, type: string) =>
      fetch(`${server.url}/creator/vitals`, {
        method: 'POST',
        headers: { 'content-type': type },
        body,
      });
    expect(
      (
        await send(
          JSON.stringify({ ...report, delta: 3, navigationType: 'navigate' }),
          'application/json',
        )
      ).status,
    ).toBe(204);
    expect((await send(JSON.stringify(report), 'text/plain;charset=UTF-8')).status).toBe(204);
    expect(
      (
        await send(
          JSON.stringify([report, { ...report, name: 'CLS', value: 0.02 }]),
          'application/json',
        )
      ).status,
    ).toBe(204);
    const rows = await server.db.query<{ name: string }>(
      "SELECT name FROM web_vitals WHERE route = '/vitals-test' ORDER BY id",
    );
    expect(rows.map((row) => row.name)).toEqual(['LCP', 'LCP', 'LCP', 'CLS']);
  });

  it.each<[string, string, string]>([
    ['an unknown metric', JSON.stringify({ ...report, name: 'FID' }), 'application/json'],
    ['a negative value', JSON.stringify({ ...report, value: -1 }), 'application/json'],
    ['a missing route', JSON.stringify({ ...report, route: undefined }), 'application/json'],
    ['a NUL in the route', JSON.stringify({ ...report, route: '/a\u0000b' }), 'application/json'],
    ['text that is not JSON', 'hello', 'text/plain'],
    ['malformed JSON', '{"name":', 'application/json'],
    ['an unsupported content type', JSON.stringify(report), 'application/xml'],
    ['a body over 4 KB', JSON.stringify({ ...report, id: 'x'.repeat(5000) }), 'application/json'],
  ])('refuses %s with a 4xx JSON error', async (_label, body, type) => {
    const response = await fetch(`${server.url}/creator/vitals`, {
      method: 'POST',
      headers: { 'content-type': type },
      body,
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expectErrorShape(await response.json());
  });
});

describe('owner listings', () => {
  it('require the admin bearer token', async () => {
    const anonymous = await fetch(`${server.url}/creator/admin/orders`);
    expect(anonymous.status).toBe(401);
    expectErrorShape(await anonymous.json());
    const wrong = await fetch(`${server.url}/creator/admin/orders`, {
      headers: { authorization: 'Bearer nope' },
    });
    expect(wrong.status).toBe(401);
    const owner = await fetch(`${server.url}/creator/admin/vitals`, {
      headers: { authorization: 'Bearer owner-token-0123456789' },
    });
    expect(owner.status).toBe(200);
    expect(await owner.json()).toEqual({ vitals: expect.any(Array) });
  });
});
