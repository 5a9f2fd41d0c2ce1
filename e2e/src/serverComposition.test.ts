/**
 * `/product` composed on the server (docs/ARCHITECTURE.md), in the browser: every part is in the
 * first HTML (even with JavaScript off), comes alive when its code arrives without losing what the
 * shopper did meanwhile, and a remote that cannot give its markup keeps its placeholder.
 */
import type { Page, Route } from 'playwright-core';
import {
  PREMADE_DESIGNS,
  PRODUCT_NAME,
  SHIRT_COLORS,
  SHIRT_SIZES,
  SHIRT_STYLES,
} from '@tshirt/shared/catalog';
import { PART_ATTRIBUTES, PART_PLACEHOLDER_ATTRIBUTE, REMOTES } from '@tshirt/shared/contract';
import {
  HELD_ATTRIBUTE,
  PAGE_SCRIPTS_ATTRIBUTE,
  PART_SCRIPTS_ATTRIBUTE,
} from '@tshirt/shared/pageStart';
import { BUY_BUTTON_LABELS, FIELD_LABELS, GENERATE_BUTTON_LABELS } from '@tshirt/shared/labels';
import type { StoreServer } from '@tshirt/tooling/test/storeServer';
import { freePort } from '@tshirt/tooling/test/ports';
import { launchBrowser, PORTRAIT, type TestBrowser } from './harness/browser';
import { startStore } from './harness/store';
import { LIVE_PART_SELECTOR, PRODUCT_PART_COUNT, waitUntilEveryPartIsLive } from './harness/parts';
import { startSilentServer } from './harness/ports';

let browser: TestBrowser;
let store: StoreServer;

beforeAll(async () => {
  store = await startStore();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await store?.stop();
});

/** Every part of the product page, found as a shopper finds it. */
async function expectEveryPart(page: Page): Promise<void> {
  await page.getByRole('heading', { name: PRODUCT_NAME }).waitFor();
  expect(await page.getByRole('img', { name: "Black Men's t-shirt preview" }).count()).toBe(1);
  for (const label of [FIELD_LABELS.interests, FIELD_LABELS.colors, FIELD_LABELS.style]) {
    expect(await page.getByLabel(label, { exact: true }).count()).toBe(1);
  }
  expect(await page.getByRole('button', { name: FIELD_LABELS.customizations }).count()).toBe(1);
  expect(await page.getByRole('button', { name: GENERATE_BUTTON_LABELS.idle }).count()).toBe(1);
  for (const design of PREMADE_DESIGNS) {
    expect(await page.getByRole('button', { name: design.title, exact: true }).count()).toBe(1);
  }
  const picks = page.getByRole('group', { name: FIELD_LABELS.pickYourShirt });
  expect(await picks.getByLabel(FIELD_LABELS.shirtColor).inputValue()).toBe(SHIRT_COLORS[0]);
  expect(await picks.getByLabel(FIELD_LABELS.shirtStyle).inputValue()).toBe(SHIRT_STYLES[0]);
  expect(await picks.getByLabel(FIELD_LABELS.shirtSize).inputValue()).toBe(SHIRT_SIZES[1]);
  expect(await picks.getByLabel(FIELD_LABELS.quantity).inputValue()).toBe('1');
  expect(await page.getByText('$19.99 USD').count()).toBeGreaterThanOrEqual(2);
  expect(await page.getByRole('button', { name: BUY_BUTTON_LABELS.idle }).isDisabled()).toBe(true);
  expect(await page.getByText('Generate art or pick a design to continue').count()).toBe(1);
}

describe('the product page without JavaScript', () => {
  it('shows every part the live page shows, and says what needs scripts', async () => {
    const withoutScripts = await launchBrowser({ javaScriptEnabled: false });
    try {
      const page = await withoutScripts.newPage(PORTRAIT);
      await page.goto(`${store.url}/product`);
      await expectEveryPart(page);
      // Nothing ran: no script was added (the only ones in the page are the remotes' early
      // scripts, `async` in the server's HTML) and no part is live.
      expect(await page.locator('script[src]:not([async])').count()).toBe(0);
      expect(await page.locator(LIVE_PART_SELECTOR).count()).toBe(0);
      expect(await page.locator(`[${PART_PLACEHOLDER_ATTRIBUTE}]`).count()).toBe(0);
      expect(await page.getByRole('note').textContent()).toMatch(/JavaScript is off/);
    } finally {
      await withoutScripts.close();
    }
  });
});

describe('the product page’s scripts', () => {
  it('download while the page paints (its own) or at once after it (its parts’), each fetched once', async () => {
    const page = await browser.newPage(PORTRAIT);
    const requested: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') requested.push(new URL(request.url()).href);
    });
    await page.goto(`${store.url}/product`);
    await waitUntilEveryPartIsLive(page);
    const beforeLive = [...requested];
    const preloaded = await page
      .locator('link[rel="preload"][as="script"]')
      .evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href));
    const pageScripts = await page
      .locator(`script[${PAGE_SCRIPTS_ATTRIBUTE}]`)
      .evaluate(
        (script, attribute) =>
          (JSON.parse(script.getAttribute(attribute) ?? '[]') as string[]).map(
            (src) => new URL(src, document.baseURI).href,
          ),
        PAGE_SCRIPTS_ATTRIBUTE,
      );
    const early = await page
      .locator('script[async][src]')
      .evaluateAll((scripts) => scripts.map((script) => (script as HTMLScriptElement).src));
    // The parts' scripts (the template's preloads) are asked for once the page has painted.
    const partScripts = await page
      .locator(`template[${PART_SCRIPTS_ATTRIBUTE}]`)
      .evaluate((template) =>
        [...(template as HTMLTemplateElement).content.querySelectorAll('link')].map(
          (link) => new URL(link.getAttribute('href') ?? '', document.baseURI).href,
        ),
      );
    const startedBeforePaint = await page.evaluate(
      `(() => {
        const paint = performance.getEntriesByName('first-contentful-paint')[0];
        return performance
          .getEntriesByType('resource')
          .filter((entry) => !paint || entry.startTime < paint.startTime)
          .map((entry) => entry.name);
      })()`,
    );
    await page.close();
    // The page's own scripts, the host's part loader, and each remote's entry and parts (one file
    // for all of a remote's parts), each named once.
    const remotes = Object.keys(REMOTES).length;
    expect(new Set(preloaded).size).toBe(preloaded.length);
    expect(preloaded).toEqual(expect.arrayContaining([...pageScripts, ...partScripts]));
    expect(preloaded.length).toBeGreaterThanOrEqual(1 + 1 + remotes + remotes);
    for (const remote of Object.keys(REMOTES)) {
      expect(partScripts.filter((url) => url.includes(`/remotes/${remote}/chunks/`))).toHaveLength(
        1,
      );
    }
    expect(startedBeforePaint).toEqual(expect.arrayContaining(pageScripts));
    expect((startedBeforePaint as string[]).filter((url) => partScripts.includes(url))).toEqual([]);
    for (const href of preloaded) expect(requested.filter((url) => url === href)).toEqual([href]);
    // Besides them, only the page's own scripts, the remotes' early scripts and the vitals reporter.
    const others = beforeLive.filter(
      (url) => ![...preloaded, ...pageScripts, ...early].includes(url),
    );
    expect(others.filter((url) => !/\/web-vitals\.[0-9a-f]+\.js$/.test(url))).toEqual([]);
  });

  it('leave the link to the parts: the gallery’s images, below the fold, are asked for once every part is live', async () => {
    const page = await browser.newPage(PORTRAIT);
    let releaseCheckout = () => undefined as void;
    const arrived = new Promise<void>((resolve) => (releaseCheckout = resolve));
    await page.route('**/remotes/checkout/remoteEntry.js*', async (route: Route) => {
      await arrived;
      await route.continue();
    });
    const images: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/creator/designs/')) images.push(request.url());
    });
    try {
      // The held entry is one of the page's resources: its load event waits for it, the page not.
      await page.goto(`${store.url}/product`, { waitUntil: 'domcontentloaded' });
      await page
        .locator(`[${PART_ATTRIBUTES.part}="designer/DesignGallery"]${LIVE_PART_SELECTOR}`)
        .waitFor();
      expect(images).toEqual([]);
      const imageAsked = page.waitForRequest((request) =>
        request.url().includes('/creator/designs/'),
      );
      releaseCheckout();
      await waitUntilEveryPartIsLive(page);
      await imageAsked;
    } finally {
      releaseCheckout();
      await page.close();
    }
  });
});

describe('the product page before its parts’ code arrives', () => {
  let page: Page;
  let releaseDesigner: () => void;

  beforeEach(async () => {
    page = await browser.newPage(PORTRAIT);
    let release = () => undefined as void;
    const arrived = new Promise<void>((resolve) => (release = resolve));
    releaseDesigner = release;
    // The designer's entry is slow: its parts are visible, their code is not there yet.
    await page.route('**/remotes/designer/remoteEntry.js*', async (route: Route) => {
      await arrived;
      await route.continue();
    });
    // The held entry is one of the page's resources: its load event waits for it, the page not.
    await page.goto(`${store.url}/product`, { waitUntil: 'domcontentloaded' });
  });
  afterEach(() => releaseDesigner());

  it('shows every part at once, and each comes alive when its code arrives', async () => {
    await expectEveryPart(page);
    expect(await page.locator(LIVE_PART_SELECTOR).count()).toBeLessThan(PRODUCT_PART_COUNT);
    releaseDesigner();
    await waitUntilEveryPartIsLive(page);
    expect(await page.locator(`[${PART_PLACEHOLDER_ATTRIBUTE}]`).count()).toBe(0);
  });

  it('styles the parts with the CSS the server inlined, in the store’s colours, under a policy with no inline-style loophole', async () => {
    const response = await page.request.get(`${store.url}/product`);
    const policy = response.headers()['content-security-policy'] ?? '';
    expect(policy).toMatch(/style-src 'self'( 'sha256-[^' ]+')+;/);
    // The designer's stylesheets have not loaded: only its inlined CSS can colour the button.
    const generate = page.getByRole('button', { name: GENERATE_BUTTON_LABELS.idle });
    const colours = await generate.evaluate((button) => ({
      button: getComputedStyle(button).backgroundColor,
      accent: getComputedStyle(document.documentElement).getPropertyValue('--color-accent'),
    }));
    expect(colours.accent.trim()).toBe('#c2410c');
    expect(colours.button).toBe('rgb(194, 65, 12)');
  });

  it('keeps a design picked and text typed before then, and acts on them once the part is live', async () => {
    const design = PREMADE_DESIGNS[2]!;
    await page.getByLabel(FIELD_LABELS.interests, { exact: true }).fill('jazz saxophone');
    const designButton = page.getByRole('button', { name: design.title, exact: true });
    await designButton.click();
    // Held, and shown as waiting, not silently ignored.
    expect(await designButton.getAttribute(HELD_ATTRIBUTE)).toBe('');

    releaseDesigner();
    await waitUntilEveryPartIsLive(page);
    await page.waitForFunction(
      (title) =>
        [...document.querySelectorAll('button[aria-pressed="true"]')].some((button) =>
          button.textContent?.includes(title),
        ),
      design.title,
    );
    expect(await designButton.getAttribute(HELD_ATTRIBUTE)).toBeNull();
    expect(await page.getByRole('button', { name: BUY_BUTTON_LABELS.idle }).isEnabled()).toBe(true);
    expect(await page.getByLabel(FIELD_LABELS.interests, { exact: true }).inputValue()).toBe(
      'jazz saxophone',
    );

    // The typed text reached the part's state: it is what the next generation asks for.
    const [request] = await Promise.all([
      page.waitForRequest((sent) => sent.url().includes('/creator/generate_image')),
      page.getByRole('button', { name: GENERATE_BUTTON_LABELS.idle }).click(),
    ]);
    expect(new URL(request.url()).searchParams.get('interests')).toBe('jazz saxophone');
  });

  it('generates art from a Generate pressed before the code arrived', async () => {
    await page.getByLabel(FIELD_LABELS.interests, { exact: true }).fill('lighthouses');
    const requested = page.waitForRequest((sent) => sent.url().includes('/creator/generate_image'));
    await page.getByRole('button', { name: GENERATE_BUTTON_LABELS.idle }).click();
    releaseDesigner();
    const request = await requested;
    expect(new URL(request.url()).searchParams.get('interests')).toBe('lighthouses');
    await page.getByRole('button', { name: GENERATE_BUTTON_LABELS.generated }).waitFor();
  });
});

describe('a remote that cannot give its markup when the page is asked for', () => {
  it('keeps that remote’s placeholders in the HTML, and the page still composes the rest', async () => {
    const port = await freePort();
    const silent = await startSilentServer(port);
    const hungStore = await startStore({
      DESIGNER_URL: `http://127.0.0.1:${port}/`,
      REMOTE_TIMEOUT_MS: '3000',
    });
    try {
      // That the answer does not wait on the hung remote past the budget is kept by the server's
      // tests (server/test/composition.test.ts), on conditions rather than this machine's clock.
      for (let load = 0; load < 2; load += 1) {
        const response = await fetch(`${hungStore.url}/product`);
        const html = await response.text();
        expect(response.status).toBe(200);
        expect(html).toContain(`${PART_PLACEHOLDER_ATTRIBUTE}="designer/ArtForm"`);
        expect(html).toContain(`${PART_ATTRIBUTES.part}="checkout/CheckoutPanel"`);
      }
      const page = await browser.newPage(PORTRAIT);
      await page.goto(`${hungStore.url}/product`);
      await page
        .getByText(/art designer could not be loaded/i)
        .first()
        .waitFor({ timeout: 10_000 });
      expect(await page.getByRole('button', { name: BUY_BUTTON_LABELS.idle }).count()).toBe(1);
      await page.close();
    } finally {
      await hungStore.stop();
      await silent.stop();
    }
  });
});
