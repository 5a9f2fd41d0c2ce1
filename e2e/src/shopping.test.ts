import type { Page, Route } from 'playwright-core';
import { PREMADE_DESIGNS } from '@tshirt/shared/catalog';
import {
  BUY_BUTTON_LABELS,
  FIELD_LABELS,
  GENERATE_BUTTON_LABELS,
  PAGE_TEXT,
} from '@tshirt/shared/labels';
import type { StoreServer } from '@tshirt/tooling/test/storeServer';
import { launchBrowser, PORTRAIT, type TestBrowser } from './harness/browser';
import { startStore } from './harness/store';
import { payOnTestPage } from './harness/testPayment';

const ADMIN_TOKEN = 'e2e-admin-token-0123456789';
let server: StoreServer;
let browser: TestBrowser;
let page: Page;

beforeAll(async () => {
  server = await startStore({ ADMIN_TOKEN });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});
beforeEach(async () => {
  page = await browser.newPage();
  await page.goto(`${server.url}/product`);
  await page.getByLabel(FIELD_LABELS.interests).waitFor();
  await page.getByRole('button', { name: BUY_BUTTON_LABELS.idle }).waitFor();
});

interface Generated {
  url: URL;
  imageUrl: string;
  prompt: string;
}

/** Presses the generate button and returns what was asked and what the server answered. */
async function generate(label: string): Promise<Generated> {
  const [response] = await Promise.all([
    page.waitForResponse((answer) => answer.url().includes('/creator/generate_image')),
    page.getByRole('button', { name: label }).click(),
  ]);
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { image_url: string; prompt: string };
  await page.getByRole('button', { name: GENERATE_BUTTON_LABELS.generated }).waitFor();
  return { url: new URL(response.url()), imageUrl: body.image_url, prompt: body.prompt };
}

/** The artwork shown on the shirt: the image in the preview named by its description. */
async function expectArtworkOnShirt(description: string, imageUrl: string): Promise<void> {
  const artwork = page.getByRole('img', { name: description, exact: true }).first();
  await artwork.waitFor();
  const src = (await artwork.getAttribute('src')) ?? '';
  // The preview shows the artwork as drawn for the chosen shirt colour: the drawing that came
  // with the generation's answer or was fetched while the page was idle, or `<artwork>?shirt=`.
  if (!src.startsWith('data:image/svg+xml')) expect(src.split('?')[0]).toBe(imageUrl);
  await page.waitForFunction(
    (name) => [...document.images].some((image) => image.alt === name && image.naturalWidth > 0),
    description,
  );
}

/** Waits until the design named `title` is wholly in the visible part of the row of designs. */
async function waitUntilInDesignsRow(title: string): Promise<void> {
  const row = page.getByRole('group', { name: 'Designs' });
  const handles = await Promise.all([
    row.elementHandle(),
    row.getByRole('button', { name: title, exact: true }).elementHandle(),
  ]);
  await page.waitForFunction(([scroller, design]) => {
    if (!scroller || !design) return false;
    const [visible, box] = [scroller.getBoundingClientRect(), design.getBoundingClientRect()];
    return box.left >= visible.left - 1 && box.right <= visible.right + 1;
  }, handles);
}

describe('designing a shirt', () => {
  it('generates art from every field, re-generates, picks and un-picks a design, recolours the shirt', async () => {
    const fields = {
      interests: 'cats & dogs #1? 100% 🐱',
      colors: 'purple & gold',
      target: 'Grandpa & Grandma',
      occasion: 'Birthday #60?',
    };
    await page.getByLabel(FIELD_LABELS.interests).fill(fields.interests);
    await page.getByLabel(FIELD_LABELS.colors).fill(fields.colors);
    await page.getByLabel(FIELD_LABELS.style).selectOption('Cartoon');
    const disclosure = page.getByRole('button', { name: FIELD_LABELS.customizations });
    expect(await disclosure.getAttribute('aria-expanded')).toBe('false');
    // A click before the designer's code has run is held and replayed when it arrives.
    await disclosure.click();
    await page.getByRole('button', { name: FIELD_LABELS.customizations, expanded: true }).waitFor();
    await page.getByLabel(FIELD_LABELS.target).fill(fields.target);
    await page.getByLabel(FIELD_LABELS.occasion).fill(fields.occasion);

    const first = await generate(GENERATE_BUTTON_LABELS.idle);
    expect(Object.fromEntries(first.url.searchParams)).toEqual({
      ...fields,
      style: 'Cartoon',
      objects: '',
      // The chosen shirt: the answer carries the artwork as drawn for it.
      shirt: 'Black',
    });
    expect(first.imageUrl).toMatch(/^\/creator\/images\//);
    await expectArtworkOnShirt(first.prompt, first.imageUrl);

    const second = await generate(GENERATE_BUTTON_LABELS.generated);
    expect(second.imageUrl).not.toBe(first.imageUrl);
    const [firstSvg, secondSvg] = await Promise.all(
      [first.imageUrl, second.imageUrl].map(async (path) =>
        (await fetch(`${server.url}${path}`)).text(),
      ),
    );
    expect(secondSvg).not.toBe(firstSvg);
    await expectArtworkOnShirt(second.prompt, second.imageUrl);
    await waitUntilInDesignsRow('Your design 2');

    const surf = PREMADE_DESIGNS[0]!;
    const surfButton = page.getByRole('button', { name: surf.title, exact: true });
    await surfButton.click();
    expect(await surfButton.getAttribute('aria-pressed')).toBe('true');
    await expectArtworkOnShirt(surf.title, surf.imagePath);

    await surfButton.click();
    expect(await surfButton.getAttribute('aria-pressed')).toBe('false');
    await expectArtworkOnShirt(second.prompt, second.imageUrl);

    await page.getByRole('img', { name: "Black Men's t-shirt preview" }).waitFor();
    await page.getByLabel(FIELD_LABELS.shirtColor, { exact: true }).selectOption('White');
    await page.getByLabel(FIELD_LABELS.shirtStyle, { exact: true }).selectOption("Women's");
    await page.getByRole('img', { name: "White Women's t-shirt preview" }).waitFor();
  });
});

describe('buying a shirt', () => {
  it('opens the payment tab on /loading, pays on the test page and lands on /complete', async () => {
    const trail = PREMADE_DESIGNS[1]!;
    await page.getByRole('button', { name: trail.title, exact: true }).click();
    await page.getByLabel(FIELD_LABELS.shirtColor, { exact: true }).selectOption('Navy');
    await page.getByLabel(FIELD_LABELS.shirtStyle, { exact: true }).selectOption("Women's");
    await page.getByLabel(FIELD_LABELS.shirtSize, { exact: true }).selectOption('XXL');
    await page.getByLabel(FIELD_LABELS.quantity, { exact: true }).selectOption('3');
    // Before Buy It the page says what shipping adds: $4.99 for the first shirt, $2.00 each after.
    await page.getByText('$68.96 USD').first().waitFor();
    await page
      .getByText(/\$8\.99 USD shipping/)
      .first()
      .waitFor();

    // The checkout is answered once the tab has shown /loading: the tab moves on when it is.
    let answerCheckout = () => undefined as void;
    const loadingShown = new Promise<void>((resolve) => (answerCheckout = resolve));
    const holdCheckout = async (route: Route) => {
      await loadingShown;
      await route.continue();
    };
    await page.route('**/creator/checkout**', holdCheckout, { times: 1 });
    const [tab] = await Promise.all([
      browser.context.waitForEvent('page'),
      page.getByRole('button', { name: BUY_BUTTON_LABELS.idle }).click(),
    ]);
    try {
      await tab.waitForURL(/\/loading$/);
      await tab.getByText(PAGE_TEXT.loadingOrder).waitFor();
    } finally {
      answerCheckout();
    }
    await tab.waitForURL(/\/pay\/[^/]+$/);
    // The shop's tab says where the payment is, with Buy It back beside it (SPEC §12).
    await page
      .getByRole('status')
      .filter({ hasText: 'payment page is open in another tab' })
      .waitFor();
    expect(await page.getByRole('button', { name: BUY_BUTTON_LABELS.idle }).isEnabled()).toBe(true);
    expect(
      await page.getByRole('link', { name: 'Open the payment page again' }).getAttribute('href'),
    ).toBe(new URL(tab.url()).pathname);

    await tab
      .getByText(/test payment/i)
      .first()
      .waitFor();
    const details = (await tab.getByRole('main').textContent()) ?? '';
    for (const expected of ['Navy', "Women's", 'XXL', '3', '$19.99 USD', '$59.97 USD']) {
      expect(details).toContain(expected);
    }
    // Subtotal + shipping = total, as the shopper pays it.
    expect(details).toMatch(/Subtotal \(3 × \$19\.99 USD\)\s*\$59\.97 USD/);
    expect(details).toMatch(/Shipping[^$]*\$8\.99 USD/);
    expect(details).toMatch(/Total\s*\$68\.96 USD/);
    // The order number is read aloud; the payment link's secret is not it.
    const orderId = /TW-\d{4}-\d{4}/.exec(details)?.[0];
    expect(orderId).toBeDefined();
    expect(tab.url()).not.toContain(orderId);

    await payOnTestPage(tab);
    await tab.waitForURL(/\/complete\?token=/);
    await tab.getByText(PAGE_TEXT.orderComplete).waitFor();
    // /complete shows the figures that were paid.
    await tab.getByText('$68.96 USD').first().waitFor();
    expect((await tab.getByRole('main').textContent()) ?? '').toContain('$8.99 USD');

    const listing = await fetch(`${server.url}/creator/admin/orders`, {
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    const { orders } = (await listing.json()) as {
      orders: Array<{ id: string; state: string; totalCents: number; email: string }>;
    };
    const order = orders.find((candidate) => candidate.id === orderId);
    // Paid, with no print provider configured: it waits for the owner to print it.
    expect(order).toMatchObject({
      state: 'ready_to_print',
      totalCents: 6896,
      email: 'jane@example.com',
    });

    await tab.getByRole('link', { name: PAGE_TEXT.continueShopping }).click();
    await tab.waitForURL(/\/product$/);
  });

  it('shows what went wrong and leaves no stray tab when the server fails', async () => {
    await page.getByRole('button', { name: PREMADE_DESIGNS[2]!.title, exact: true }).click();
    await page.route('**/creator/checkout**', (route) =>
      route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal Server Error' }),
    );
    const pagesBefore = browser.context.pages().length;
    const opened = browser.context.waitForEvent('page');
    await page.getByRole('button', { name: BUY_BUTTON_LABELS.idle }).click();
    const tab = await opened;
    await page
      .getByRole('alert')
      .filter({ hasText: /HTTP 500/ })
      .waitFor();
    await tab.waitForEvent('close', { timeout: 5_000 }).catch(() => undefined);
    expect(tab.isClosed()).toBe(true);
    expect(browser.context.pages()).toHaveLength(pagesBefore);
    expect(await page.getByRole('button', { name: BUY_BUTTON_LABELS.idle }).isEnabled()).toBe(true);
  });
});

describe('on a phone', () => {
  it('the product page works in portrait', async () => {
    await page.setViewportSize(PORTRAIT);
    await page.getByRole('button', { name: PREMADE_DESIGNS[3]!.title, exact: true }).click();
    await expectArtworkOnShirt(PREMADE_DESIGNS[3]!.title, PREMADE_DESIGNS[3]!.imagePath);
    expect(await page.getByRole('button', { name: BUY_BUTTON_LABELS.idle }).isEnabled()).toBe(true);
  });
});
