/**
 * A tap at first paint on a slow phone (4× CPU slowdown): the generation leaves at the tap, before
 * the designer's code has arrived, and its answer carries the art, so nothing else stands between
 * the tap and the art on the shirt; once the page is idle, a new shirt colour shows the art fitted
 * to it without asking the server. The gallery's tiles, drawn for the shirt colour too, ask for
 * their drawings only after the art on the shirt shows the new colour.
 */
import type { Page, Request, Route } from 'playwright-core';
import { FIELD_LABELS, GENERATE_BUTTON_LABELS } from '@tshirt/shared/labels';
import { PREMADE_DESIGNS, SHIRT_COLORS } from '@tshirt/shared/catalog';
import type { StoreServer } from '@tshirt/tooling/test/storeServer';
import { waitUntil } from '@tshirt/tooling/test/waitUntil';
import { launchBrowser, PORTRAIT, type TestBrowser } from './harness/browser';
import { startStore } from './harness/store';

let browser: TestBrowser;
let store: StoreServer;

beforeAll(async () => {
  browser = await launchBrowser();
  store = await startStore({ GENERATION_DAILY_LIMIT: '1000' });
});
afterAll(async () => {
  await store?.stop();
  await browser?.close();
});

/** The preview's artwork once it shows the art drawn for `shirt` (loaded, its ink fitted). */
function artworkDrawnFor(page: Page, shirt: string) {
  return page.locator(`img[data-drawn-for="${shirt}"]`);
}

/** Every request the page sends to the store's API and images from now on, and those answered. */
function recordStoreRequests(page: Page): { sent: Request[]; finished: Set<Request> } {
  const sent: Request[] = [];
  const finished = new Set<Request>();
  const isStore = (request: Request) => new URL(request.url()).pathname.startsWith('/creator/');
  page.on('request', (request) => {
    if (isStore(request)) sent.push(request);
  });
  page.on('requestfinished', (request) => {
    if (isStore(request)) finished.add(request);
  });
  return { sent, finished };
}

it('sends the generation at the tap, shows its art with no other request, and changes the shirt colour without asking the server, the tiles following after', async () => {
  const page = await browser.newPage(PORTRAIT);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });

  // The designer's code is late: its parts show, but are not live when the shopper taps.
  let releaseDesigner = () => undefined as void;
  const arrived = new Promise<void>((resolve) => (releaseDesigner = resolve));
  await page.route('**/remotes/designer/remoteEntry.js*', async (route: Route) => {
    await arrived;
    await route.continue();
  });
  const { sent, finished } = recordStoreRequests(page);
  // Not until "load": the designer's entry, held above, holds the load event back whenever its
  // request starts before that event (a first paint before it, on a busy machine).
  await page.goto(`${store.url}/product`, { waitUntil: 'domcontentloaded' });
  await page.getByLabel(FIELD_LABELS.interests, { exact: true }).fill('lighthouses');
  const generate = page.getByRole('button', { name: GENERATE_BUTTON_LABELS.idle });
  await generate.click();

  // The generation left at the tap, though the designer's code had not arrived.
  const generation = await waitUntil(
    () => sent.find((request) => request.url().includes('/creator/generate_image')),
    'the generation leaves',
    { timeoutMs: 15_000 },
  );
  const query = new URL(generation.url()).searchParams;
  expect([query.get('interests'), query.get('shirt')]).toEqual(['lighthouses', 'Black']);
  // Its art is on the shirt before the designer's code has come: the early handler laid it there.
  await page.locator('img[data-early-art]').waitFor({ timeout: 30_000 });
  releaseDesigner();

  await artworkDrawnFor(page, 'Black').waitFor({ timeout: 60_000 });
  expect(await artworkDrawnFor(page, 'Black').getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
  // The early art gives way to the part's own: the drawing kept with the answer is on the shirt as
  // soon as it is set, the early image removed once the part has it loaded (a render later).
  await page.locator('img[data-early-art]').waitFor({ state: 'detached', timeout: 10_000 });
  // One round trip from the tap to the art: the generation, once; the art for this shirt and its
  // advice were never asked for (what follows, while idle, is the art for the other shirts).
  const urls = sent.map((request) => new URL(request.url()));
  expect(urls.filter((url) => url.pathname === '/creator/generate_image')).toHaveLength(1);
  const forThisShirt = urls.filter(
    (url) =>
      url.pathname.startsWith('/creator/images/') &&
      [null, 'Black'].includes(url.searchParams.get('shirt')),
  );
  expect(forThisShirt.map(String)).toEqual([]);

  // While the page is idle, the art as drawn for every other shirt arrives.
  await waitUntil(
    () =>
      sent.filter((request) => request.url().includes('.svg?shirt=')).length ===
        SHIRT_COLORS.length - 1 && sent.every((request) => finished.has(request)),
    'the other shirts’ drawings arrive',
    { timeoutMs: 60_000 },
  );
  await page.waitForLoadState('networkidle');
  const before = sent.length;
  // White, whose drawing differs from Black's (Navy's may be the same), so it has to load.
  // When (on the page's clock) the art drawn for White is on the shirt.
  await page.evaluate(() => {
    performance.clearResourceTimings();
    const seen = new MutationObserver(() => {
      if (!document.querySelector('img[data-drawn-for="White"]')) return;
      (window as unknown as { whiteArtAt: number }).whiteArtAt = performance.now();
      seen.disconnect();
    });
    seen.observe(document.body, { subtree: true, attributes: true, childList: true });
  });
  await page.getByLabel(FIELD_LABELS.shirtColor, { exact: true }).selectOption('White');
  await artworkDrawnFor(page, 'White').waitFor({ timeout: 10_000 });
  // The art on the shirt is never asked for: only the gallery's pre-made designs, whose tiles show
  // the new shirt too, fetch their drawings for White, and only once the art shows.
  const premadeForWhite = new Set(
    PREMADE_DESIGNS.map((design) => `${store.url}${design.imagePath}?shirt=White`),
  );
  const afterChange = () => sent.slice(before).map((request) => request.url());
  await waitUntil(
    () => afterChange().length > 0 && sent.every((request) => finished.has(request)),
    'the tiles’ drawings for White arrive',
    { timeoutMs: 30_000 },
  );
  expect(afterChange().filter((url) => !premadeForWhite.has(url))).toEqual([]);
  // When each left, on the page's clock (an entry is kept once its answer has come).
  const tiles = afterChange();
  await page.waitForFunction(
    (urls) => urls.every((url) => performance.getEntriesByName(url).length > 0),
    tiles,
  );
  const { whiteArtAt, tilesAskedAt } = await page.evaluate(
    (urls) => ({
      whiteArtAt: (window as unknown as { whiteArtAt: number }).whiteArtAt,
      tilesAskedAt: urls.map((url) => performance.getEntriesByName(url)[0]!.startTime),
    }),
    tiles,
  );
  for (const askedAt of tilesAskedAt) expect(askedAt).toBeGreaterThanOrEqual(whiteArtAt);
});
