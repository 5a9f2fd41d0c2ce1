/**
 * `/product` composed on the server (docs/ARCHITECTURE.md): each remote's fragments stitched into
 * the host's page, revalidated on every load, and a remote that cannot give its markup in time
 * keeps its placeholder without holding the page back.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeReleaseManifest } from '@tshirt/tooling/build/releaseManifest';
import { PART_ATTRIBUTES, REMOTE_FRAGMENTS_FILE, type SiteConfig } from '@tshirt/shared/contract';
import type { RemoteFragments } from '@tshirt/shared/fragments';
import { PART_SCRIPTS_ATTRIBUTE } from '@tshirt/shared/pageStart';
import {
  FAKE_PRODUCT_PAGE,
  fakeFragments,
  writeFragments,
  writeHostPages,
} from './fakeComposition';
import { withTestApps } from './fixtures';
import { createFakeFrontEnd, listenOnLoopback, type FakeFrontEnd } from './helpers';

// Each test starts its apps on a front end of its own, which it changes.
const apps = withTestApps();
/**
 * These tests are about which markup a page holds, not about time: a generous budget keeps a loaded
 * machine's slow file read or fetch from answering with the placeholders (a test about the budget
 * sets its own).
 */
const startApp = (env: Record<string, string>) =>
  apps.start({ REMOTE_MARKUP_BUDGET_MS: '5000', ...env });
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function frontEndWithProductPage(): FakeFrontEnd {
  const frontEnd = createFakeFrontEnd();
  writeHostPages(frontEnd.env.HOST_DIST_DIR!, { '/product': FAKE_PRODUCT_PAGE });
  cleanups.push(() => frontEnd.remove());
  return frontEnd;
}

/** The part elements of a page: module id → release that rendered it. */
function stitchedParts(html: string): Record<string, string> {
  const parts: Record<string, string> = {};
  const pattern = new RegExp(
    `${PART_ATTRIBUTES.part}="([^"]+)" ${PART_ATTRIBUTES.release}="([^"]+)"`,
    'g',
  );
  for (const [, moduleId, release] of html.matchAll(pattern)) parts[moduleId!] = release!;
  return parts;
}

/** The sources a Content-Security-Policy lists for `name`. */
function directive(policy: string | null, name: string): string[] {
  const found = (policy ?? '').split(';').find((part) => part.trim().startsWith(`${name} `));
  return found?.trim().split(/\s+/).slice(1) ?? [];
}

/** The CSP source that allows an inline element with exactly this text. */
function hashSource(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** The `src` of each external script of a page, in order. */
function scriptSources(html: string): string[] {
  return [...html.matchAll(/<script src="([^"]+)"[^>]*><\/script>/g)].map(([, src]) => src!);
}

function placeholders(html: string): string[] {
  return [...html.matchAll(/data-remote-placeholder="([^"]+)"/g)].map(([, id]) => id!);
}

describe('/product composed on the server', () => {
  it('holds every part of both remotes, each in an element naming its release, with their CSS in the head', async () => {
    const frontEnd = frontEndWithProductPage();
    writeFragments(frontEnd.env.DESIGNER_DIST_DIR!, fakeFragments('designer', 'd1'));
    writeFragments(frontEnd.env.CHECKOUT_DIST_DIR!, fakeFragments('checkout', 'c1'));
    const app = await startApp(frontEnd.env);

    const response = await fetch(`${app.url}/product`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(stitchedParts(html)).toEqual({
      'designer/ShirtPreview': 'd1',
      'designer/ArtForm': 'd1',
      'designer/DesignGallery': 'd1',
      'checkout/CheckoutPanel': 'c1',
    });
    expect(placeholders(html)).toEqual([]);
    expect(html).toContain('ArtForm of designer release d1');
    expect(html).toMatch(
      /<style data-href="chunks\/designer\.0123456789\.css">\.designer-part\{color:teal\}<\/style>.*<\/head>/s,
    );
    expect(html).toMatch(/<h1>Pre-rendered product<\/h1>/);
  });

  it('shows a release, then a rollback, on the next load with no restart', async () => {
    const frontEnd = frontEndWithProductPage();
    const designerDir = frontEnd.env.DESIGNER_DIST_DIR!;
    writeFragments(designerDir, fakeFragments('designer', 'v1'));
    writeFragments(frontEnd.env.CHECKOUT_DIST_DIR!, fakeFragments('checkout', 'c1'));
    const app = await startApp(frontEnd.env);
    const releaseOf = async () =>
      stitchedParts(await (await fetch(`${app.url}/product`)).text())['designer/ArtForm'];

    expect(await releaseOf()).toBe('v1');
    writeFragments(designerDir, fakeFragments('designer', 'v2'));
    expect(await releaseOf()).toBe('v2');
    writeFragments(designerDir, fakeFragments('designer', 'v1'));
    expect(await releaseOf()).toBe('v1');
  });

  it('allows each inline style of the page it sends by its hash, a new release’s too, and no other inline style', async () => {
    const frontEnd = frontEndWithProductPage();
    const designerDir = frontEnd.env.DESIGNER_DIST_DIR!;
    const designerStyles = (css: string) => ({
      styles: [{ href: 'chunks/designer.0123456789.css', css }],
    });
    writeFragments(designerDir, fakeFragments('designer', 'v1', designerStyles('.v1{color:teal}')));
    writeFragments(frontEnd.env.CHECKOUT_DIST_DIR!, fakeFragments('checkout', 'c1'));
    const app = await startApp(frontEnd.env);
    const expectInlineStylesAllowed = async (css: string) => {
      const response = await fetch(`${app.url}/product`);
      const html = await response.text();
      const styleSources = directive(response.headers.get('content-security-policy'), 'style-src');
      const inlineStyles = [...html.matchAll(/<style[^>]*>(.*?)<\/style>/gs)].map(
        ([, text]) => text!,
      );
      expect(inlineStyles).toContain(css);
      expect(styleSources).not.toContain("'unsafe-inline'");
      for (const text of inlineStyles) expect(styleSources).toContain(hashSource(text));
    };

    await expectInlineStylesAllowed('.v1{color:teal}');
    writeFragments(designerDir, fakeFragments('designer', 'v2', designerStyles('.v2{color:navy}')));
    await expectInlineStylesAllowed('.v2{color:navy}');
  });

  it('keeps the placeholders of a remote whose markup is missing, broken or incompatible, and the other remote’s parts', async () => {
    const frontEnd = frontEndWithProductPage();
    const designerDir = frontEnd.env.DESIGNER_DIST_DIR!;
    writeFragments(frontEnd.env.CHECKOUT_DIST_DIR!, fakeFragments('checkout', 'c1'));
    const app = await startApp(frontEnd.env);
    const designerPlaceholders = [
      'designer/ShirtPreview',
      'designer/ArtForm',
      'designer/DesignGallery',
    ];

    const cases: Array<[string, () => void]> = [
      [
        'no fragments file',
        () => rmSync(join(designerDir, REMOTE_FRAGMENTS_FILE), { force: true }),
      ],
      ['not JSON', () => writeFragments(designerDir, '{"format":1,')],
      ['an unknown format', () => writeFragments(designerDir, JSON.stringify({ format: 99 }))],
      [
        'another contract',
        () => writeFragments(designerDir, fakeFragments('designer', 'x', { contractVersion: 99 })),
      ],
      [
        'React 18',
        () =>
          writeFragments(
            designerDir,
            fakeFragments('designer', 'x', { requires: { react: '^18.2.0' } }),
          ),
      ],
      ['another remote’s file', () => writeFragments(designerDir, fakeFragments('checkout', 'x'))],
    ];
    for (const [, arrange] of cases) {
      arrange();
      const response = await fetch(`${app.url}/product`);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(placeholders(html)).toEqual(designerPlaceholders);
      expect(stitchedParts(html)).toEqual({ 'checkout/CheckoutPanel': 'c1' });
    }
  });

  it('keeps a remote’s last good release when its new fragments file is refused', async () => {
    const frontEnd = frontEndWithProductPage();
    const designerDir = frontEnd.env.DESIGNER_DIST_DIR!;
    writeFragments(designerDir, fakeFragments('designer', 'd1'));
    writeFragments(frontEnd.env.CHECKOUT_DIST_DIR!, fakeFragments('checkout', 'c1'));
    const app = await startApp(frontEnd.env);
    const releasesShown = async () =>
      stitchedParts(await (await fetch(`${app.url}/product`)).text());

    expect((await releasesShown())['designer/ArtForm']).toBe('d1');
    const refused = [
      '{"format":1,',
      JSON.stringify({ ...fakeFragments('designer', 'd2'), parts: [] }),
      JSON.stringify(fakeFragments('designer', 'd3')).replace(
        '"props":{}',
        `"props":${'{"a":'.repeat(100)}0${'}'.repeat(100)}`,
      ),
    ];
    for (const file of refused) {
      writeFragments(designerDir, file);
      expect(await releasesShown()).toEqual({
        'designer/ShirtPreview': 'd1',
        'designer/ArtForm': 'd1',
        'designer/DesignGallery': 'd1',
        'checkout/CheckoutPanel': 'c1',
      });
    }
  });

  it('names the release of each remote whose markup is in the page in its entry URL, so the browser loads that code', async () => {
    const frontEnd = frontEndWithProductPage();
    writeFragments(frontEnd.env.DESIGNER_DIST_DIR!, fakeFragments('designer', 'd7'));
    const app = await startApp(frontEnd.env);
    const html = await (await fetch(`${app.url}/product`)).text();
    const config = JSON.parse(
      /id="site-config">([^<]*)<\/script>/.exec(html)?.[1] ?? '{}',
    ) as SiteConfig;
    expect(config.remotes.designer.entry).toBe('/remotes/designer/remoteEntry.js?release=d7');
    // No markup of the checkout's in the page: its entry is asked for as configured.
    expect(config.remotes.checkout.entry).toBe('/remotes/checkout/remoteEntry.js');
  });

  it('adds the early script a release names to the head, serves it, and allows it; the next release’s on the next load', async () => {
    const frontEnd = frontEndWithProductPage();
    const designerDir = frontEnd.env.DESIGNER_DIST_DIR!;
    const publish = (release: string, early: string) => {
      writeFileSync(join(designerDir, early), `window.early = ${JSON.stringify(release)};`);
      writeReleaseManifest(designerDir);
      writeFragments(designerDir, fakeFragments('designer', release, { early }));
    };
    publish('e1', 'early.1111111111.js');
    writeFragments(frontEnd.env.CHECKOUT_DIST_DIR!, fakeFragments('checkout', 'c1'));
    const app = await startApp(frontEnd.env);

    const response = await fetch(`${app.url}/product`);
    const html = await response.text();
    expect(scriptSources(html)).toEqual(['/remotes/designer/early.1111111111.js']);
    expect(html).toMatch(
      new RegExp(
        String.raw`<script src="/remotes/designer/early\.1111111111\.js" async fetchpriority="low"></script>(<template ${PART_SCRIPTS_ATTRIBUTE}>(<link [^>]*>)*</template>)?</head>`,
      ),
    );
    expect(directive(response.headers.get('content-security-policy'), 'script-src')).toContain(
      "'self'",
    );
    const script = await fetch(`${app.url}/remotes/designer/early.1111111111.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await script.text()).toBe('window.early = "e1";');

    publish('e2', 'early.2222222222.js');
    expect(scriptSources(await (await fetch(`${app.url}/product`)).text())).toEqual([
      '/remotes/designer/early.2222222222.js',
    ]);
  });

  it('adds no early script for a remote whose parts keep their placeholders', async () => {
    const frontEnd = frontEndWithProductPage();
    writeFragments(
      frontEnd.env.DESIGNER_DIST_DIR!,
      fakeFragments('designer', 'x1', { early: 'early.1111111111.js', contractVersion: 99 }),
    );
    const app = await startApp(frontEnd.env);
    const html = await (await fetch(`${app.url}/product`)).text();
    expect(placeholders(html)).toContain('designer/ArtForm');
    expect(scriptSources(html)).toEqual([]);
  });

  it('answers the same composed bytes while the releases stay the same', async () => {
    const frontEnd = frontEndWithProductPage();
    writeFragments(frontEnd.env.DESIGNER_DIST_DIR!, fakeFragments('designer', 'd1'));
    writeFragments(frontEnd.env.CHECKOUT_DIST_DIR!, fakeFragments('checkout', 'c1'));
    const app = await startApp(frontEnd.env);
    const first = await (await fetch(`${app.url}/product`)).text();
    const second = await (await fetch(`${app.url}/product`)).text();
    expect(second).toBe(first);
  });
});

/** A remote on its own origin: serves its fragments with an ETag, counting what it is asked. */
async function remoteOrigin(handle?: (request: IncomingMessage) => 'hang' | undefined): Promise<{
  url: string;
  release(name: string, changes?: Partial<RemoteFragments>): void;
  requests: string[];
  /** Requests the origin has not answered whose connection is still open. */
  openRequests(): number;
}> {
  let fragments = JSON.stringify(fakeFragments('designer', 'o1'));
  let etag = '"o1"';
  const requests: string[] = [];
  let open = 0;
  const server: Server = createServer((request, response) => {
    requests.push(`${request.url} ${request.headers['if-none-match'] ?? '-'}`);
    open += 1;
    response.once('close', () => (open -= 1));
    if (handle?.(request) === 'hang') return;
    if (request.headers['if-none-match'] === etag) {
      response.writeHead(304, { etag }).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json', etag }).end(fragments);
  });
  const { port, close } = await listenOnLoopback(server);
  cleanups.push(close);
  return {
    url: `http://127.0.0.1:${port}/designer/`,
    release(name, changes) {
      fragments = JSON.stringify(fakeFragments('designer', name, changes));
      etag = `"${name}"`;
    },
    requests,
    openRequests: () => open,
  };
}

describe('/product with a remote on its own origin', () => {
  it('revalidates the fragments with their ETag on each load and shows a new release at once', async () => {
    const origin = await remoteOrigin();
    const frontEnd = frontEndWithProductPage();
    writeFragments(frontEnd.env.CHECKOUT_DIST_DIR!, fakeFragments('checkout', 'c1'));
    const app = await startApp({ ...frontEnd.env, DESIGNER_URL: origin.url });
    const releaseOf = async () =>
      stitchedParts(await (await fetch(`${app.url}/product`)).text())['designer/ArtForm'];

    expect(await releaseOf()).toBe('o1');
    expect(await releaseOf()).toBe('o1');
    origin.release('o2');
    expect(await releaseOf()).toBe('o2');
    // Read once when the server starts, then revalidated by each of the three loads.
    expect(origin.requests).toEqual([
      `/designer/${REMOTE_FRAGMENTS_FILE} -`,
      `/designer/${REMOTE_FRAGMENTS_FILE} "o1"`,
      `/designer/${REMOTE_FRAGMENTS_FILE} "o1"`,
      `/designer/${REMOTE_FRAGMENTS_FILE} "o1"`,
    ]);
  });

  it('loads its early script from its own origin, which the policy allows', async () => {
    const origin = await remoteOrigin();
    origin.release('o2', { early: 'early.1234567890.js' });
    const frontEnd = frontEndWithProductPage();
    const app = await startApp({ ...frontEnd.env, DESIGNER_URL: origin.url });
    const response = await fetch(`${app.url}/product`);
    expect(scriptSources(await response.text())).toEqual([`${origin.url}early.1234567890.js`]);
    expect(directive(response.headers.get('content-security-policy'), 'script-src')).toContain(
      new URL(origin.url).origin,
    );
  });

  it('answers within the budget with the placeholders when the origin hangs, and does not wait on it again', async () => {
    const origin = await remoteOrigin(() => 'hang');
    const frontEnd = frontEndWithProductPage();
    writeFragments(frontEnd.env.CHECKOUT_DIST_DIR!, fakeFragments('checkout', 'c1'));
    const app = await startApp({
      ...frontEnd.env,
      DESIGNER_URL: origin.url,
      REMOTE_MARKUP_BUDGET_MS: '200',
    });

    for (let load = 0; load < 3; load += 1) {
      const html = await (await fetch(`${app.url}/product`)).text();
      expect(placeholders(html)).toContain('designer/ArtForm');
      expect(stitchedParts(html)).toEqual({ 'checkout/CheckoutPanel': 'c1' });
      // Answered while the server's one request to the origin still waits: a hung remote costs
      // the budget, not the fetch's time-out (which would have closed that request).
      expect([load, origin.openRequests()]).toEqual([load, 1]);
    }
    // One check at a time: the loads after the first joined it rather than asking again.
    expect(origin.requests).toHaveLength(1);
  });

  it('keeps the placeholders when the origin is down', async () => {
    const frontEnd = frontEndWithProductPage();
    const app = await startApp({ ...frontEnd.env, DESIGNER_URL: 'http://127.0.0.1:9/designer/' });
    const html = await (await fetch(`${app.url}/product`)).text();
    expect(placeholders(html)).toEqual([
      'designer/ShirtPreview',
      'designer/ArtForm',
      'designer/DesignGallery',
      'checkout/CheckoutPanel',
    ]);
  });
});
