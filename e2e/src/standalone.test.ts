import { join } from 'node:path';
import type { Server } from 'node:http';
import type { Page } from 'playwright-core';
import { BUY_BUTTON_LABELS, FIELD_LABELS, GENERATE_BUTTON_LABELS } from '@tshirt/shared/labels';
import { launchBrowser, type TestBrowser } from './harness/browser';
import { serveFolder } from './harness/ports';
import { REPO_ROOT, startStoreServer, type StoreServer } from './harness/storeServer';

let store: StoreServer;
let browser: TestBrowser;
let page: Page;
const statics: Server[] = [];

beforeAll(async () => {
  store = await startStoreServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const server of statics) server.close();
  await browser?.close();
  await store?.stop();
});
afterEach(async () => {
  await page.close();
});

/** Serves a remote's production build alone, with its API calls forwarded to the store server. */
async function openStandalone(folder: string): Promise<void> {
  const { server, origin } = await serveFolder(join(REPO_ROOT, folder, 'dist'));
  statics.push(server);
  page = await browser.newPage();
  await page.route('**/creator/**', async (route) => {
    const url = new URL(route.request().url());
    const answer = await fetch(`${store.url}${url.pathname}${url.search}`, {
      method: route.request().method(),
    });
    await route.fulfill({
      status: answer.status,
      headers: Object.fromEntries(answer.headers),
      body: Buffer.from(await answer.arrayBuffer()),
    });
  });
  await page.goto(`${origin}/`);
}

it('the designer runs alone: fields, preview, gallery and generation', async () => {
  await openStandalone('remote-designer');
  await page.getByLabel(FIELD_LABELS.interests).fill('mountains');
  await page
    .getByRole('img', { name: /t-shirt preview/ })
    .first()
    .waitFor();
  await page.getByRole('button', { name: 'Moonlit Wolf', exact: true }).waitFor();
  await page.getByRole('button', { name: GENERATE_BUTTON_LABELS.idle }).click();
  await page.getByRole('button', { name: GENERATE_BUTTON_LABELS.generated }).waitFor();
});

it('the checkout runs alone: shirt picks and a Buy button that needs an artwork', async () => {
  await openStandalone('remote-checkout');
  await page.getByLabel(FIELD_LABELS.shirtSize, { exact: true }).selectOption('XL');
  const buy = page.getByRole('button', { name: BUY_BUTTON_LABELS.idle });
  expect(await buy.isDisabled()).toBe(true);
});
