/**
 * Each remote's production build running alone, on its own origin, against a real store server:
 * the static server tells the page where the store is (STORE_URL), and the store lets exactly those
 * origins call its API (STANDALONE_ORIGINS). Nothing is routed or faked in the browser.
 */
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Page } from 'playwright-core';
import { PREMADE_DESIGNS } from '@tshirt/shared/catalog';
import {
  BUY_BUTTON_LABELS,
  FIELD_LABELS,
  GENERATE_BUTTON_LABELS,
  PAGE_TEXT,
} from '@tshirt/shared/labels';
import { startStaticServer } from '@tshirt/tooling/build/serveStatic';
import { REPO_ROOT, type StoreServer } from '@tshirt/tooling/test/storeServer';
import { freePort } from '@tshirt/tooling/test/ports';
import { launchBrowser, type TestBrowser } from './harness/browser';
import { startStore } from './harness/store';
import { payOnTestPage } from './harness/testPayment';

let store: StoreServer;
let browser: TestBrowser;
let page: Page;
const origins: Record<'designer' | 'checkout' | 'unlisted', string> = {
  designer: '',
  checkout: '',
  unlisted: '',
};
const statics: FastifyInstance[] = [];

async function serveRemote(folder: string, port: number): Promise<string> {
  const server = await startStaticServer({
    root: join(REPO_ROOT, folder, 'dist'),
    port,
    storeUrl: store.url,
  });
  statics.push(server);
  return `http://127.0.0.1:${port}`;
}

beforeAll(async () => {
  const [designerPort, checkoutPort, unlistedPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  store = await startStore({
    STANDALONE_ORIGINS: `http://127.0.0.1:${designerPort},http://127.0.0.1:${checkoutPort}`,
  });
  origins.designer = await serveRemote('remote-designer', designerPort);
  origins.checkout = await serveRemote('remote-checkout', checkoutPort);
  origins.unlisted = await serveRemote('remote-designer', unlistedPort);
  browser = await launchBrowser();
});
afterAll(async () => {
  // The browser first, as deployment.test.ts does: a static server's close() waits for every
  // request still in flight, and with the browser still open one clean-clone run's teardown here
  // timed out at 180 s (every test had passed).
  await browser?.close();
  for (const server of statics) await server.close();
  await store?.stop();
});

/** The store's accent (--color-accent in @tshirt/shared/tokens.css), as the browser computes it. */
const STORE_ACCENT = 'rgb(194, 65, 12)';

async function backgroundOf(name: string): Promise<string> {
  return page.getByRole('button', { name }).evaluate(async (button) => {
    // A button that has just become enabled may still be fading to its colour.
    await Promise.all(button.getAnimations().map((animation) => animation.finished));
    return getComputedStyle(button).backgroundColor;
  });
}

/** Waits until every image in the page has loaded with pixels (none broken). */
async function expectImagesShown(): Promise<void> {
  await page.waitForFunction(() =>
    [...document.images].every((image) => image.complete && image.naturalWidth > 0),
  );
}

it('the designer runs alone: generates art on the store and shows it and the store’s designs', async () => {
  page = await browser.newPage();
  await page.goto(`${origins.designer}/`);
  await page.getByLabel(FIELD_LABELS.interests).fill('mountains');
  await page.getByRole('button', { name: 'Moonlit Wolf', exact: true }).waitFor();
  // Alone it wears the store's tokens, the same file the store's pages load.
  expect(await backgroundOf(GENERATE_BUTTON_LABELS.idle)).toBe(STORE_ACCENT);
  const [response] = await Promise.all([
    page.waitForResponse((answer) =>
      answer.url().startsWith(`${store.url}/creator/generate_image`),
    ),
    page.getByRole('button', { name: GENERATE_BUTTON_LABELS.idle }).click(),
  ]);
  expect(response.status()).toBe(200);
  await page.getByRole('button', { name: GENERATE_BUTTON_LABELS.generated }).waitFor();
  // The generated artwork on the shirt and every pre-made design come from the store.
  await expectImagesShown();
  const sources = await page.$$eval('img', (images) => images.map((image) => image.src));
  expect(sources.length).toBeGreaterThan(PREMADE_DESIGNS.length);
  // The generated artwork came drawn with the store's answer (a data: URL), the rest from it.
  expect(
    sources.every(
      (src) => src.startsWith(`${store.url}/creator/`) || src.startsWith('data:image/svg+xml'),
    ),
  ).toBe(true);
  expect(
    sources.filter((src) => src.startsWith(`${store.url}/creator/designs/`)).length,
  ).toBeGreaterThanOrEqual(PREMADE_DESIGNS.length);
});

it('the checkout runs alone: buys a design through the store’s payment page', async () => {
  page = await browser.newPage();
  await page.goto(`${origins.checkout}/`);
  await expectImagesShown();
  await page.getByRole('button', { name: PREMADE_DESIGNS[0]!.title }).first().click();
  await page.getByLabel(FIELD_LABELS.shirtSize, { exact: true }).selectOption('XL');
  expect(await backgroundOf(BUY_BUTTON_LABELS.idle)).toBe(STORE_ACCENT);
  const [tab] = await Promise.all([
    browser.context.waitForEvent('page'),
    page.getByRole('button', { name: BUY_BUTTON_LABELS.idle }).click(),
  ]);
  await tab.waitForURL(`${store.url}/pay/**`);
  await payOnTestPage(tab);
  await tab.waitForURL(`${store.url}/complete?token=**`);
  await tab.getByText(PAGE_TEXT.orderComplete).waitFor();
});

it('an origin the store does not list cannot use its API, and says so', async () => {
  page = await browser.newPage();
  await page.goto(`${origins.unlisted}/`);
  await page.getByLabel(FIELD_LABELS.interests).fill('mountains');
  await page.getByRole('button', { name: GENERATE_BUTTON_LABELS.idle }).click();
  await page
    .getByRole('alert')
    .getByText(/generation failed/i)
    .waitFor();
  expect(await page.getByRole('button', { name: GENERATE_BUTTON_LABELS.idle }).count()).toBe(1);
});
