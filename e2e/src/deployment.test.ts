import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Page, Request } from 'playwright-core';
import { PREMADE_DESIGNS } from '@tshirt/shared/catalog';
import { REMOTE_FRAGMENTS_FILE } from '@tshirt/shared/contract';
import {
  BUY_BUTTON_LABELS,
  FIELD_LABELS,
  GENERATE_BUTTON_LABELS,
  PAGE_TEXT,
} from '@tshirt/shared/labels';
import { buildStaticServer } from '@tshirt/tooling/build/serveStatic';
import { REPO_ROOT, type StoreServer } from '@tshirt/tooling/test/storeServer';
import { freePort } from '@tshirt/tooling/test/ports';
import { launchBrowser, type TestBrowser } from './harness/browser';
import { startStore } from './harness/store';
import { waitUntilEveryPartIsLive } from './harness/parts';
import { waitUntil } from '@tshirt/tooling/test/waitUntil';
import { serveFolder } from './harness/ports';
import { buildRemoteWithChange, createDeployFolder, deployOver } from './harness/remoteBuilds';
import { payOnTestPage } from './harness/testPayment';

/** The designer team's next release, told apart by its gallery heading. */
const NEXT_HEADING = 'Fresh designs this week';

let browser: TestBrowser;
let store: StoreServer;
let designerOrigin: string;
let checkoutOrigin: string;
let designerFolder: string;
let nextDesignerBuild: string;
const statics: FastifyInstance[] = [];
const remoteRequests: string[] = [];

async function serve(root: string): Promise<string> {
  const { server, origin } = await serveFolder(root);
  statics.push(server);
  return origin;
}

beforeAll(async () => {
  nextDesignerBuild = buildRemoteWithChange('remote-designer', {
    file: 'src/gallery/DesignGallery.tsx',
    from: />\s*Designs\s*</,
    to: `>${NEXT_HEADING}<`,
  });
  designerFolder = createDeployFolder('remote-designer/dist');
  designerOrigin = await serve(designerFolder);
  checkoutOrigin = await serve(join(REPO_ROOT, 'remote-checkout/dist'));
  store = await startStore({
    DESIGNER_URL: `${designerOrigin}/`,
    CHECKOUT_URL: `${checkoutOrigin}/`,
  });
  browser = await launchBrowser();
  browser.context.on('request', (request: Request) => remoteRequests.push(request.url()));
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await store?.stop();
  for (const server of statics) await server.close();
  for (const folder of [designerFolder, nextDesignerBuild]) {
    if (folder) rmSync(folder, { recursive: true, force: true });
  }
});

async function openProduct(): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(`${store.url}/product`);
  await page.getByLabel(FIELD_LABELS.interests).waitFor();
  await page.getByRole('button', { name: BUY_BUTTON_LABELS.idle }).waitFor();
  return page;
}

it('composes remotes served from their own origins and sells a generated shirt through them', async () => {
  const page = await openProduct();
  // The markup is there before the code: wait for the parts to come alive, then ask where from.
  await waitUntilEveryPartIsLive(page);
  // The composed page names each entry with its release (`remoteEntry.js?release=…`).
  for (const origin of [designerOrigin, checkoutOrigin]) {
    expect(remoteRequests.some((url) => url.startsWith(`${origin}/remoteEntry.js`))).toBe(true);
  }

  await page.getByLabel(FIELD_LABELS.interests).fill('sailing & lighthouses');
  await page.getByRole('button', { name: GENERATE_BUTTON_LABELS.idle }).click();
  await page.getByRole('button', { name: GENERATE_BUTTON_LABELS.generated }).waitFor();

  const [tab] = await Promise.all([
    browser.context.waitForEvent('page'),
    page.getByRole('button', { name: BUY_BUTTON_LABELS.idle }).click(),
  ]);
  await tab.waitForURL(/\/pay\/[^/]+$/);
  await payOnTestPage(tab);
  await tab.waitForURL(/\/complete\?token=/);
  await tab.getByText(PAGE_TEXT.orderComplete).waitFor();
  await tab.close();
  await page.close();
});

/** The HTML the server answers /product with, before any script runs. */
async function productHtml(): Promise<string> {
  return (await fetch(`${store.url}/product`)).text();
}

/**
 * The page's cumulative layout shift since it started loading, up to its latest rendered frame
 * (every shift the browser buffered).
 */
function layoutShiftSoFar(page: Page): Promise<number> {
  return page.evaluate(async () => {
    // A shift is recorded as its frame renders: two frames on, every change so far has rendered.
    await new Promise((rendered) => requestAnimationFrame(() => requestAnimationFrame(rendered)));
    const observer = new PerformanceObserver(() => undefined);
    observer.observe({ type: 'layout-shift', buffered: true });
    // observe() queues the buffered shifts; takeRecords() returns them now (none: nothing shifted).
    const entries = observer.takeRecords() as Array<PerformanceEntry & { value: number }>;
    observer.disconnect();
    return entries.reduce((sum, entry) => sum + entry.value, 0);
  });
}

it('shows a redeployed remote on the next page load, and a page left open keeps working', async () => {
  const leftOpen = await openProduct();
  expect(await leftOpen.getByRole('heading', { name: NEXT_HEADING }).count()).toBe(0);
  expect(await productHtml()).not.toContain(NEXT_HEADING);

  deployOver(nextDesignerBuild, designerFolder);

  // The server renders the new release's markup from then on, with no restart (the first load
  // may still get the last composed page while the new one composes, past its budget when busy).
  await waitUntil(
    async () => (await productHtml()).includes(NEXT_HEADING),
    'the new release is composed',
  );
  const fresh = await openProduct();
  const consoleErrors: string[] = [];
  fresh.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  await fresh.getByRole('heading', { name: NEXT_HEADING }).waitFor();
  await waitUntilEveryPartIsLive(fresh);
  expect(consoleErrors).toEqual([]);
  await fresh.close();

  const wolf = PREMADE_DESIGNS[7]!;
  const wolfButton = leftOpen.getByRole('button', { name: wolf.title, exact: true });
  await wolfButton.click();
  await leftOpen.getByRole('button', { name: wolf.title, exact: true, pressed: true }).waitFor();
  await leftOpen.getByRole('img', { name: wolf.title, exact: true }).first().waitFor();
  await leftOpen.close();
});

it('recovers from markup of one release and code of the next by rendering the part anew, unseen', async () => {
  // A rollout caught half-way: the new release's code, the old release's markup.
  cpSync(
    join(REPO_ROOT, 'remote-designer/dist', REMOTE_FRAGMENTS_FILE),
    join(designerFolder, REMOTE_FRAGMENTS_FILE),
  );
  await waitUntil(
    async () => !(await productHtml()).includes(NEXT_HEADING),
    'the old markup is composed',
  );

  const page = await browser.newPage();
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
  });
  await page.goto(`${store.url}/product`);
  await page.getByRole('heading', { name: NEXT_HEADING }).waitFor();
  await waitUntilEveryPartIsLive(page);
  expect(await page.getByText(/could not be loaded/i).count()).toBe(0);
  expect(warnings.join('\n')).toMatch(/rendered anew in the browser: the markup is from release/);
  expect(await layoutShiftSoFar(page)).toBeLessThan(0.02);
  // The part works: a design picked after the recovery is on the shirt.
  const design = PREMADE_DESIGNS[1]!;
  await page.getByRole('button', { name: design.title, exact: true }).click();
  await page.getByRole('img', { name: design.title, exact: true }).first().waitFor();
  await page.close();
});

it('rolls back: the previous release’s markup and code on the next load', async () => {
  deployOver(join(REPO_ROOT, 'remote-designer/dist'), designerFolder);
  await waitUntil(
    async () => !(await productHtml()).includes(NEXT_HEADING),
    'the rollback is composed',
  );
  const page = await openProduct();
  await waitUntilEveryPartIsLive(page);
  expect(await page.getByRole('heading', { name: NEXT_HEADING }).count()).toBe(0);
  expect(await page.getByRole('heading', { name: 'Designs' }).count()).toBe(1);
  await page.close();
});

describe('a remote served by the store itself (same origin, the default)', () => {
  let sameOriginStore: StoreServer;
  let folder: string;

  beforeAll(async () => {
    folder = createDeployFolder('remote-designer/dist');
    sameOriginStore = await startStore({ DESIGNER_DIST_DIR: folder });
  });
  afterAll(async () => {
    await sameOriginStore?.stop();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  /** Opens /product until every part is live; what the console warned of on the way. */
  async function openLive(): Promise<{ page: Page; warnings: string[] }> {
    const page = await browser.newPage();
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
    });
    await page.goto(`${sameOriginStore.url}/product`);
    await waitUntilEveryPartIsLive(page);
    return { page, warnings };
  }

  it('shows a release copied over the served folder, then a rollback, on the next load with no restart', async () => {
    const html = async () => (await fetch(`${sameOriginStore.url}/product`)).text();
    const first = await openLive();
    expect(await first.page.getByRole('heading', { name: 'Designs', exact: true }).count()).toBe(1);
    await first.page.close();

    // Copied with the build's file times kept (rsync -a): still a new release to the server.
    deployOver(nextDesignerBuild, folder, { keepTimes: true });
    await waitUntil(
      async () => (await html()).includes(NEXT_HEADING),
      'the new release is composed',
    );
    const released = await openLive();
    expect(await released.page.getByRole('heading', { name: NEXT_HEADING }).count()).toBe(1);
    // Markup and code of the same release: adopted as it is, nothing rendered anew.
    expect(released.warnings).toEqual([]);
    await released.page.close();

    deployOver(join(REPO_ROOT, 'remote-designer/dist'), folder, { keepTimes: true });
    await waitUntil(async () => !(await html()).includes(NEXT_HEADING), 'the rollback is composed');
    const rolledBack = await openLive();
    expect(
      await rolledBack.page.getByRole('heading', { name: 'Designs', exact: true }).count(),
    ).toBe(1);
    expect(rolledBack.warnings).toEqual([]);
    await rolledBack.page.close();
  });
});

describe('a remote on a static host that lets browsers cache everything for an hour', () => {
  let cachingStore: StoreServer;
  let cachingHost: FastifyInstance;
  let folder: string;
  /** How long the remote's host takes to answer for its fragments file (the store's check). */
  let fragmentsDelayMs = 0;
  /** Past the store's budget for a page's check of a remote's markup (250 ms by default). */
  const SLOWER_THAN_THE_BUDGET_MS = 1_000;

  beforeAll(async () => {
    folder = createDeployFolder('remote-designer/dist');
    // Like `http-server` at its defaults: every file cacheable for an hour, entry included.
    cachingHost = await buildStaticServer({ root: folder });
    cachingHost.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
    });
    cachingHost.addHook('onRequest', async (request) => {
      if (fragmentsDelayMs > 0 && request.url.startsWith(`/${REMOTE_FRAGMENTS_FILE}`)) {
        await new Promise((resolve) => setTimeout(resolve, fragmentsDelayMs));
      }
    });
    const port = await freePort();
    await cachingHost.listen({ port, host: '127.0.0.1' });
    cachingStore = await startStore({ DESIGNER_URL: `http://127.0.0.1:${port}/` });
  });
  afterAll(async () => {
    await cachingStore?.stop();
    // The shared browser's context may still hold a connection to it: close waits on none.
    cachingHost?.server.closeAllConnections();
    await cachingHost?.close();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it('still gives a returning visitor the new release on the next load, with or without its markup in the page', async () => {
    const warnings: string[] = [];
    const entries: string[] = [];
    let servedNext = false;
    const visit = async () => {
      const page = await browser.newPage();
      page.on('console', (message) => {
        if (message.type() === 'warning') warnings.push(message.text());
      });
      page.on('request', (request) => {
        if (request.url().includes('remoteEntry')) entries.push(request.url());
      });
      const response = await page.goto(`${cachingStore.url}/product`);
      servedNext = (await response?.text())?.includes(NEXT_HEADING) ?? false;
      await waitUntilEveryPartIsLive(page);
      return page;
    };
    // The first visit while the store's check of the remote runs past its budget: a page without
    // the designer's markup, whose entry the browser keeps for an hour.
    fragmentsDelayMs = SLOWER_THAN_THE_BUDGET_MS;
    const first = await visit();
    expect(await first.getByRole('heading', { name: 'Designs', exact: true }).count()).toBe(1);
    await first.close();
    fragmentsDelayMs = 0;

    deployOver(nextDesignerBuild, folder);
    await waitUntil(
      async () =>
        (await (await fetch(`${cachingStore.url}/product`)).text()).includes(NEXT_HEADING),
      'the new release is composed',
    );
    // The same browser, its cache holding the old entry for another hour.
    const firstEntries = entries.splice(0);
    const returning = await visit();
    // One assertion, so a failure says where the old release came from: the page the store
    // served, or the code the browser ran (the entries it asked for, the parts rendered anew).
    // The store may serve the page without the part's markup (its check of the remote past its
    // budget on a busy machine): the part is then drawn in the browser, from the new entry still.
    expect({
      servedNext,
      shownNext: await returning.getByRole('heading', { name: NEXT_HEADING }).count(),
      renderedAnew: warnings.filter((warning) => warning.includes('rendered anew')),
      newEntry: entries.some((entry) => !firstEntries.includes(entry)) || { firstEntries, entries },
    }).toEqual({
      servedNext: expect.any(Boolean),
      shownNext: 1,
      renderedAnew: [],
      newEntry: true,
    });
    await returning.close();

    // Past the budget again: a page without the markup, its entry naming the release last read.
    fragmentsDelayMs = SLOWER_THAN_THE_BUDGET_MS;
    await waitUntil(
      async () =>
        !(await (await fetch(`${cachingStore.url}/product`)).text()).includes(NEXT_HEADING),
      'a page without the markup is composed',
    );
    const withoutMarkup = await visit();
    expect({
      servedNext,
      shownNext: await withoutMarkup.getByRole('heading', { name: NEXT_HEADING }).count(),
      renderedAnew: warnings.filter((warning) => warning.includes('rendered anew')),
    }).toEqual({ servedNext: false, shownNext: 1, renderedAnew: [] });
    await withoutMarkup.close();
    fragmentsDelayMs = 0;
  });
});
