import type { FastifyBaseLogger } from 'fastify';
import { CONTRACT_VERSION, PART_ATTRIBUTES, type SiteConfig } from '@tshirt/shared/contract';
import type { RemoteFragments } from '@tshirt/shared/fragments';
import type { HostManifest } from '@tshirt/shared/compatibility';
import { NO_INLINE_SOURCES } from '../../http/contentSecurityPolicy';
import type { CompressedPage } from '../compressedPage';
import { FAKE_PRODUCT_PAGE, fakeFragments, HOST_PROVIDES } from '../../../test/fakeComposition';
import { parsePageTemplate } from './composePage';
import type { FragmentSource, FragmentsState } from './fragmentSource';
import { createPageComposer } from './pageComposer';

const HOST: HostManifest = { contractVersion: CONTRACT_VERSION, provides: HOST_PROVIDES };
const SITE_CONFIG = {
  brandName: 'Shop',
  contactEmail: 'shop@example.com',
  remotes: {
    designer: { entry: '/remotes/designer/remoteEntry.js' },
    checkout: { entry: '/remotes/checkout/remoteEntry.js' },
  },
} as unknown as SiteConfig;
const silent = { info() {}, warn() {}, error() {} } as unknown as FastifyBaseLogger;

function source(remote: 'designer' | 'checkout', state: () => FragmentsState): FragmentSource {
  return { remote, location: remote, local: true, current: () => Promise.resolve(state()) };
}

const ready = (fragments: RemoteFragments): FragmentsState => ({ status: 'ready', fragments });

/** The page as it is, standing in for its compression. */
const uncompressedPage = (html: string): CompressedPage => ({
  html,
  brotli: Buffer.alloc(0),
  gzip: Buffer.alloc(0),
  inlineSources: NO_INLINE_SOURCES,
});

/** A full-quality composition the test finishes when it wants, counting each one started. */
function heldCompressions() {
  const started: Array<{ html: string; finish: () => void }> = [];
  const compress = (html: string) =>
    new Promise<CompressedPage>((resolve) => {
      started.push({ html, finish: () => resolve(uncompressedPage(html)) });
    });
  return { started, compress };
}

const releaseIn = (page: CompressedPage) =>
  new RegExp(
    `${PART_ATTRIBUTES.part}="designer/ArtForm" ${PART_ATTRIBUTES.release}="([^"]+)"`,
  ).exec(page.html)?.[1];

describe('createPageComposer', () => {
  const template = parsePageTemplate(FAKE_PRODUCT_PAGE)!;
  let designer: RemoteFragments;
  const sources = {
    designer: source('designer', () => ready(designer)),
    checkout: source('checkout', () => ready(fakeFragments('checkout', 'c1'))),
  };
  const composerWith = (
    budgetMs: number,
    compress: Parameters<typeof createPageComposer>[0]['compress'],
  ) => createPageComposer({ sources, budgetMs, siteConfig: SITE_CONFIG, log: silent, compress });

  it('composes a new release asked for while its previous release is still composed right after it, within the budget', async () => {
    const compressions = heldCompressions();
    const composer = composerWith(5_000, compressions.compress);
    designer = fakeFragments('designer', 'v1');
    expect(releaseIn(await composer.render(template, HOST))).toBe('v1');
    expect(compressions.started).toHaveLength(1); // v1's full-quality page, still under way

    designer = fakeFragments('designer', 'v2');
    let answered: CompressedPage | undefined;
    const answering = composer.render(template, HOST).then((page) => (answered = page));
    await new Promise((next) => setImmediate(next)); // the request has asked for its page
    expect(compressions.started).toHaveLength(1); // one composition at a time
    expect(answered).toBeUndefined(); // waiting within its budget, not answered the old page
    compressions.started[0]!.finish();
    await new Promise((next) => setImmediate(next));
    expect(compressions.started).toHaveLength(2);
    compressions.started[1]!.finish();
    await answering;
    expect(answered && releaseIn(answered)).toBe('v2');
  });

  it('answers the last composed page, within the budget, while a new release is composed, then the new one', async () => {
    const compressions = heldCompressions();
    const composer = composerWith(50, compressions.compress);
    designer = fakeFragments('designer', 'v1');
    expect(releaseIn(await composer.render(template, HOST))).toBe('v1');
    compressions.started[0]!.finish();

    designer = fakeFragments('designer', 'v2');
    jest.useFakeTimers();
    try {
      let answered: CompressedPage | undefined;
      void composer.render(template, HOST).then((page) => (answered = page));
      // It waits for the new composition for the budget, and not a moment more.
      await jest.advanceTimersByTimeAsync(49);
      expect(answered).toBeUndefined();
      await jest.advanceTimersByTimeAsync(1);
      expect(answered && releaseIn(answered)).toBe('v1');
    } finally {
      jest.useRealTimers();
    }
    expect(compressions.started).toHaveLength(2);
    compressions.started[1]!.finish();
    await Promise.resolve();
    expect(releaseIn(await composer.render(template, HOST))).toBe('v2');
  });

  it('answers a quickly compressed page of the current releases at once when nothing is composed yet', async () => {
    const compressions = heldCompressions();
    // A new host build's first page waits for none of the budget: nothing older could be answered.
    const composer = composerWith(60_000, compressions.compress);
    designer = fakeFragments('designer', 'q1');
    const page = await composer.render(template, HOST);
    expect(releaseIn(page)).toBe('q1');
    expect(page.brotli.length).toBeGreaterThan(0);
  });

  it('composes one combination at a time however often the release changes', async () => {
    const compressions = heldCompressions();
    const composer = composerWith(5, compressions.compress);
    for (let load = 0; load < 40; load += 1) {
      designer = fakeFragments('designer', `e${load}`);
      await composer.render(template, HOST);
      if (load % 10 === 9) compressions.started.at(-1)!.finish();
    }
    // One composition started, then one more after each finished: never one per request.
    expect(compressions.started.length).toBeLessThanOrEqual(5);
  });

  it('puts a release’s early script in its page, from beside the remote’s configured entry', async () => {
    const composer = composerWith(1_000, (html) => Promise.resolve(uncompressedPage(html)));
    const earlyScripts = async () =>
      [
        ...(await composer.render(template, HOST)).html.matchAll(
          /<script src="([^"]+)" async fetchpriority="low">/g,
        ),
      ].map(([, src]) => src);
    designer = fakeFragments('designer', 'a1', { early: 'early.1111111111.js' });
    expect(await earlyScripts()).toEqual(['/remotes/designer/early.1111111111.js']);
    designer = fakeFragments('designer', 'a2', { early: 'early.2222222222.js' });
    expect(await earlyScripts()).toEqual(['/remotes/designer/early.2222222222.js']);
    designer = fakeFragments('designer', 'a3');
    expect(await earlyScripts()).toEqual([]);
  });

  it('keeps a bounded number of composed pages, the most recently used', async () => {
    let compressions = 0;
    const composer = composerWith(1_000, (html) => {
      compressions += 1;
      return Promise.resolve(uncompressedPage(html));
    });
    const load = async (release: string) => {
      designer = fakeFragments('designer', release);
      return releaseIn(await composer.render(template, HOST));
    };
    for (let release = 0; release < 20; release += 1) await load(`k${release}`);
    expect(compressions).toBe(20);
    expect(await load('k19')).toBe('k19');
    expect(compressions).toBe(20);
    expect(await load('k0')).toBe('k0');
    expect(compressions).toBe(21);
  });

  it('says at info, with no warning, that a remote publishes no markup (its dev server), and warns when it fails', async () => {
    const said: Array<[level: string, message: string]> = [];
    const log = Object.fromEntries(
      ['info', 'warn', 'error'].map((level) => [
        level,
        (_details: unknown, message: string) => said.push([level, message]),
      ]),
    ) as unknown as FastifyBaseLogger;
    let designerState: FragmentsState = {
      status: 'unavailable',
      reason: 'http://localhost:3001/fragments.json answered HTTP 404',
      absent: true,
    };
    const composer = createPageComposer({
      sources: { ...sources, designer: source('designer', () => designerState) },
      budgetMs: 1_000,
      siteConfig: SITE_CONFIG,
      log,
      compress: (html) => Promise.resolve(uncompressedPage(html)),
    });

    await composer.render(template, HOST);
    designerState = { status: 'unavailable', reason: 'no answer within 1000 ms' };
    await composer.render(template, HOST);

    expect(
      said.filter(([, message]) => message.includes('designer') || message.includes('markup')),
    ).toEqual([
      ['info', 'remote publishes no markup: its parts load in the browser'],
      ['info', 'remote markup in use'],
      ['warn', 'remote markup unavailable: its parts load in the browser'],
    ]);
  });

  it('names the release last read in the entry URL of a remote whose markup cannot be had now, and none once it publishes none', async () => {
    // A browser may keep an entry for an hour (a remote's static host at its defaults): the
    // entry's URL without a release would run whichever release it kept.
    let designerState: FragmentsState = ready(fakeFragments('designer', 'n1'));
    const composer = createPageComposer({
      sources: { ...sources, designer: source('designer', () => designerState) },
      budgetMs: 1_000,
      siteConfig: SITE_CONFIG,
      log: silent,
      compress: (html) => Promise.resolve(uncompressedPage(html)),
    });
    const designerEntry = async () => {
      await composer.render(template, HOST);
      await new Promise((next) => setImmediate(next)); // its own page composed, not the last one
      const page = await composer.render(template, HOST);
      const config = JSON.parse(
        /id="site-config">([^<]*)</.exec(page.html)?.[1] ?? '{}',
      ) as SiteConfig;
      return { markup: releaseIn(page), entry: config.remotes.designer.entry };
    };

    expect(await designerEntry()).toEqual({
      markup: 'n1',
      entry: '/remotes/designer/remoteEntry.js?release=n1',
    });
    designerState = { status: 'unavailable', reason: 'no answer within 1000 ms' };
    expect(await designerEntry()).toEqual({
      markup: undefined,
      entry: '/remotes/designer/remoteEntry.js?release=n1',
    });
    designerState = { status: 'unavailable', reason: 'answered HTTP 404', absent: true };
    expect(await designerEntry()).toEqual({
      markup: undefined,
      entry: '/remotes/designer/remoteEntry.js',
    });
  });
});
