/**
 * A remote's release can publish any bytes as its fragments file. Whatever they are, `/product`
 * answers 200 within the markup budget, with the other remote's parts and the rest of the page
 * intact: a file that fails its checks leaves the remote's last good release in the page, a part
 * whose markup would escape its element keeps its placeholder, and a release that changes on
 * every fetch is composed in the background while shoppers get the last composed page.
 */
import { createServer, type Server } from 'node:http';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { waitUntil } from '@tshirt/tooling/test/waitUntil';
import { PART_ATTRIBUTES, REMOTE_FRAGMENTS_FILE } from '@tshirt/shared/contract';
import { BUY_BUTTON_LABELS } from '@tshirt/shared/labels';
import type { RemoteFragments } from '@tshirt/shared/fragments';
import { FAKE_PRODUCT_PAGE, fakeFragments, writeHostPages } from './fakeComposition';
import { withTestApps } from './fixtures';
import {
  createFakeFrontEnd,
  listenOnLoopback,
  startApp,
  testConfig,
  type RunningApp,
} from './helpers';

/** Loads measured after each hostile release. */
const LOADS = 5;

const apps = withTestApps();
/** Each block's publisher (its front end, its designer's origin), removed after the block. */
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Markup no good release has: it must never reach a page. */
const HOSTILE = 'HOSTILE-MARKUP';

const CHECKOUT = fakeFragments('checkout', 'c1', {
  parts: {
    CheckoutPanel: {
      html: `<section class="checkout-part"><button type="submit">${BUY_BUTTON_LABELS.idle}</button></section>`,
      identifierPrefix: 'checkout-CheckoutPanel-',
      props: { loadingPagePath: '/loading' },
    },
  },
});

function designer(release: string, change?: (parts: RemoteFragments['parts']) => void) {
  const fragments = fakeFragments('designer', release);
  change?.(fragments.parts);
  return fragments;
}

const withShirtPreviewMarkup = (release: string, html: string) =>
  JSON.stringify(
    designer(release, (parts) => {
      parts.ShirtPreview!.html = html;
    }),
  );

/** Fragments whose ArtForm props are nested `depth` objects deep (written out, not stringified). */
function deepProps(release: string, depth: number): string {
  const text = JSON.stringify(
    designer(release, (parts) => {
      parts.ArtForm!.props = { deep: HOSTILE };
    }),
  );
  return text.replace(
    `{"deep":"${HOSTILE}"}`,
    `${'{"a":'.repeat(depth)}"${HOSTILE}"${'}'.repeat(depth)}`,
  );
}

/** A hostile release: its file's bytes, and which designer parts the page keeps from it. */
interface HostileCase {
  name: string;
  bytes: (release: string) => Buffer;
  /** The file is refused whole (the last good release stays), or only some of its parts are. */
  refused: 'file' | 'ShirtPreview';
}

const text = (make: (release: string) => string) => (release: string) =>
  Buffer.from(make(release), 'utf8');

const CASES: HostileCase[] = [
  { name: 'props nested 5,000 deep', bytes: text((r) => deepProps(r, 5_000)), refused: 'file' },
  {
    name: 'a 2 MB file',
    bytes: text((r) => withShirtPreviewMarkup(r, HOSTILE + 'x'.repeat(2 * 1024 * 1024))),
    refused: 'file',
  },
  {
    name: 'a part of 300 KB',
    bytes: text((r) => withShirtPreviewMarkup(r, HOSTILE + 'x'.repeat(300 * 1024))),
    refused: 'file',
  },
  {
    name: 'parts as an array',
    bytes: text((r) => JSON.stringify({ ...designer(r), parts: [HOSTILE] })),
    refused: 'file',
  },
  {
    name: 'html as a number',
    bytes: text((r) => JSON.stringify(designer(r)).replace(/"html":"[^"]*"/, '"html":7')),
    refused: 'file',
  },
  {
    name: 'bytes that are not UTF-8',
    bytes: (r) => {
      const [before, after] = withShirtPreviewMarkup(r, `${HOSTILE}@`).split('@');
      return Buffer.concat([Buffer.from(before!), Buffer.from([0xff, 0xfe]), Buffer.from(after!)]);
    },
    refused: 'file',
  },
  ...[
    ['another origin', `//${HOSTILE}.example/early.js`],
    ['markup', `early.js"></script><script>${HOSTILE}</script><script src="x.js`],
    ['a path out of its folder', `../${HOSTILE}/early.js`],
  ].map(([name, early]): HostileCase => ({
    name: `an early script naming ${name!}`,
    bytes: text((r) => JSON.stringify({ ...designer(r), early })),
    refused: 'file',
  })),
  ...[
    ['a comment left open', '<!--'],
    ['end tags of the page', '</div></div></main>'],
    ['a script left open', '<script>'],
    ['a template left open', '<template>'],
  ].map(([name, tail]): HostileCase => ({
    name: `markup with ${name!}`,
    bytes: text((r) => withShirtPreviewMarkup(r, `<section>${HOSTILE}</section>${tail!}`)),
    refused: 'ShirtPreview',
  })),
];

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

const count = (html: string, text: string) => html.split(text).length - 1;

/** Where a test's designer publishes: its build folder, or its own origin. */
interface Publisher {
  env: Record<string, string>;
  publish(bytes: Buffer): void;
  /** Every fetch answers a new release, made by `make`. */
  publishEveryFetch(make: (release: string) => Buffer): void;
  /** Runs before each page load (a build folder is not fetched: a new release is written instead). */
  beforeLoad?: () => void;
}

function startFrontEnd(): Record<string, string> {
  const frontEnd = createFakeFrontEnd();
  writeHostPages(frontEnd.env.HOST_DIST_DIR!, { '/product': FAKE_PRODUCT_PAGE });
  writeRemoteFile(frontEnd.env.CHECKOUT_DIST_DIR!, Buffer.from(JSON.stringify(CHECKOUT)));
  cleanups.push(() => frontEnd.remove());
  return frontEnd.env;
}

/** Replaces a remote's fragments file atomically, as a deployment does, with exactly these bytes. */
function writeRemoteFile(folder: string, bytes: Buffer): void {
  mkdirSync(folder, { recursive: true });
  const target = join(folder, REMOTE_FRAGMENTS_FILE);
  writeFileSync(`${target}.partial`, bytes);
  renameSync(`${target}.partial`, target);
}

function sameOrigin(): Publisher {
  const env = startFrontEnd();
  let everyFetch: ((release: string) => Buffer) | undefined;
  let releases = 0;
  return {
    env,
    publish: (bytes) => writeRemoteFile(env.DESIGNER_DIST_DIR!, bytes),
    publishEveryFetch(make) {
      everyFetch = make;
    },
    beforeLoad() {
      releases += 1;
      if (everyFetch) writeRemoteFile(env.DESIGNER_DIST_DIR!, everyFetch(`e${releases}`));
    },
  };
}

async function otherOrigin(): Promise<Publisher> {
  let bytes: Buffer = Buffer.alloc(0);
  let version = 0;
  let everyFetch: ((release: string) => Buffer) | undefined;
  const server: Server = createServer((request, response) => {
    if (everyFetch) {
      version += 1;
      bytes = everyFetch(`e${version}`);
    } else if (request.headers['if-none-match'] === `"${version}"`) {
      response.writeHead(304, { etag: `"${version}"` }).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json', etag: `"${version}"` });
    response.end(bytes);
  });
  const { port, close } = await listenOnLoopback(server);
  cleanups.push(close);
  return {
    env: { ...startFrontEnd(), DESIGNER_URL: `http://127.0.0.1:${port}/designer/` },
    publish(next) {
      bytes = next;
      version += 1;
    },
    publishEveryFetch(make) {
      everyFetch = make;
    },
  };
}

const ORIGINS: Array<[string, () => Promise<Publisher> | Publisher]> = [
  ['served from this server’s folder', sameOrigin],
  ['on its own origin', otherOrigin],
];

type Load = () => Promise<{ status: number; html: string }>;

/**
 * One app for a block of tests, on its publisher's designer: each test publishes a good release of
 * its own over what the test before it left, then its hostile one (starting an app per test cost
 * most of this file's time).
 */
function appOfTheBlock(makePublisher: () => Promise<Publisher> | Publisher) {
  let publisher: Publisher | undefined;
  let app: RunningApp | undefined;
  let releases = 0;
  beforeAll(async () => {
    publisher = await makePublisher();
    publisher.publish(Buffer.from(JSON.stringify(designer('good0'))));
    app = await startApp(testConfig(publisher.env), { database: apps.db });
  });
  afterAll(() => app?.close());
  const load: Load = async () => {
    publisher!.beforeLoad?.();
    const response = await fetch(`${app!.url}/product`);
    return { status: response.status, html: await response.text() };
  };
  return {
    get publisher() {
      return publisher!;
    },
    /** Publishes a good release no test has used and checks the page holds it; its name, and the next hostile release's. */
    async withGoodRelease(): Promise<{ load: Load; good: string; bad: string }> {
      releases += 1;
      const good = `good${releases}`;
      publisher!.publish(Buffer.from(JSON.stringify(designer(good))));
      await waitUntil(
        async () => stitchedParts((await load()).html)['designer/ArtForm'] === good,
        'the good release is in the page',
      );
      return { load, good, bad: `bad${releases}` };
    },
  };
}

/**
 * What every answer holds whatever the designer published. That no answer waits past the budget is
 * kept by the budget's timers (src/pages/composition/pageComposer.test.ts, fragmentSource.test.ts),
 * not by this machine's clock.
 */
function expectPageIntact(answer: { status: number; html: string }) {
  expect(answer.status).toBe(200);
  expect(answer.html).not.toContain(HOSTILE);
  expect(count(answer.html, BUY_BUTTON_LABELS.idle)).toBe(1);
  expect(stitchedParts(answer.html)['checkout/CheckoutPanel']).toBe('c1');
  expect(answer.html).toContain('About this shirt.');
  expect(answer.html).toMatch(/<\/body><\/html>$/);
}

describe.each(ORIGINS)('/product with a hostile designer release %s', (_origin, makePublisher) => {
  const block = appOfTheBlock(makePublisher);

  it.each(CASES)(
    'answers 200 within the budget with every other part intact: $name',
    async ({ bytes, refused }) => {
      const { publisher } = block;
      const { load, good, bad } = await block.withGoodRelease();

      publisher.publish(bytes(bad));
      for (let index = 0; index < LOADS; index += 1) {
        const answer = await load();
        expectPageIntact(answer);
        const parts = stitchedParts(answer.html);
        if (refused === 'file') {
          // The refused file changes nothing: the last good release stays, whole.
          expect(parts).toEqual({
            'designer/ShirtPreview': good,
            'designer/ArtForm': good,
            'designer/DesignGallery': good,
            'checkout/CheckoutPanel': 'c1',
          });
        }
      }
      if (refused === 'ShirtPreview') {
        // The new release's other parts go in once composed; its broken part keeps its placeholder.
        const answer = await waitUntil(async () => {
          const loaded = await load();
          return stitchedParts(loaded.html)['designer/ArtForm'] === bad && loaded;
        }, 'the new release’s good parts are in the page');
        expectPageIntact(answer);
        expect(stitchedParts(answer.html)).toEqual({
          'designer/ArtForm': bad,
          'designer/DesignGallery': bad,
          'checkout/CheckoutPanel': 'c1',
        });
        expect(answer.html).toContain('data-remote-placeholder="designer/ShirtPreview"');
      }
    },
  );

  // Last of its block: from here on every fetch publishes a release.
  it('answers 200 within the budget, one release whole per page, when the release changes on every fetch', async () => {
    const { publisher } = block;
    const { load, good } = await block.withGoodRelease();

    publisher.publishEveryFetch((release) => Buffer.from(JSON.stringify(designer(release))));
    const seen = new Set<string>();
    for (let index = 0; index < 4 * LOADS; index += 1) {
      const answer = await load();
      expectPageIntact(answer);
      const parts = stitchedParts(answer.html);
      const releases = new Set(
        Object.entries(parts)
          .filter(([id]) => id.startsWith('designer/'))
          .map(([, release]) => release),
      );
      // One release whole, or (a composition past its budget on a busy machine) placeholders:
      // never parts of two releases in one page.
      expect(releases.size).toBeLessThanOrEqual(1);
      for (const release of releases) seen.add(release);
    }
    // New releases still reach the page, composed one after another in the background.
    await waitUntil(async () => {
      const release = stitchedParts((await load()).html)['designer/ArtForm'];
      return release !== undefined && release !== good;
    }, 'a release published after the good one is in the page');
  });
});
