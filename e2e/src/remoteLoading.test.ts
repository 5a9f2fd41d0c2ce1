import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Page } from 'playwright-core';
import { startStaticServer } from '@tshirt/shared/build/serveStatic';
import { PRODUCT_NAME } from '@tshirt/shared/catalog';
import { BUY_BUTTON_LABELS, FIELD_LABELS } from '@tshirt/shared/labels';
import { launchBrowser, type TestBrowser } from './harness/browser';
import { freePort, startSilentServer } from './harness/ports';
import { REPO_ROOT, startStoreServer, type StoreServer } from './harness/storeServer';

let browser: TestBrowser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
beforeEach(async () => {
  page = await browser.newPage();
});
afterEach(async () => {
  await page.close();
});

async function expectRestOfPageWorks(): Promise<void> {
  await page.getByRole('heading', { name: PRODUCT_NAME }).waitFor();
  expect(await page.getByText('$19.99 USD').first().isVisible()).toBe(true);
  expect(
    await page
      .getByText(/made on demand/i)
      .first()
      .isVisible(),
  ).toBe(true);
  expect(await page.getByRole('banner').isVisible()).toBe(true);
  expect(await page.getByRole('contentinfo').isVisible()).toBe(true);
}

describe('a remote that is down', () => {
  let server: StoreServer;
  let designerPort: number;
  let designer: FastifyInstance | undefined;

  beforeAll(async () => {
    designerPort = await freePort();
    server = await startStoreServer({ DESIGNER_URL: `http://127.0.0.1:${designerPort}/` });
  });
  afterAll(async () => {
    await designer?.close();
    await server?.stop();
  });

  it('shows a fallback with Retry within 3 s, keeps the rest, and recovers on Retry', async () => {
    const started = Date.now();
    await page.goto(`${server.url}/product`);
    await page
      .getByText(/art designer could not be loaded/i)
      .first()
      .waitFor({ timeout: 3_000 });
    expect(Date.now() - started).toBeLessThan(3_000);
    await expectRestOfPageWorks();
    await page.getByRole('button', { name: BUY_BUTTON_LABELS.idle }).waitFor();

    designer = await startStaticServer({
      root: join(REPO_ROOT, 'remote-designer/dist'),
      port: designerPort,
    });
    await page.getByRole('button', { name: /retry/i }).first().click();
    await page.getByLabel(FIELD_LABELS.interests).waitFor({ timeout: 10_000 });
    expect(await page.getByText(/could not be loaded/i).count()).toBe(0);
  });
});

describe('a remote that never answers', () => {
  let server: StoreServer;
  let silent: { stop(): Promise<void> };

  beforeAll(async () => {
    const port = await freePort();
    silent = await startSilentServer(port);
    server = await startStoreServer({
      CHECKOUT_URL: `http://127.0.0.1:${port}/`,
      REMOTE_TIMEOUT_MS: '3000',
    });
  });
  afterAll(async () => {
    await server?.stop();
    await silent?.stop();
  });

  it('reaches the fallback when the configured timeout expires, the designer still works', async () => {
    const started = Date.now();
    await page.goto(`${server.url}/product`);
    await page.getByLabel(FIELD_LABELS.interests).waitFor();
    await page
      .getByText(/checkout could not be loaded/i)
      .first()
      .waitFor({ timeout: 10_000 });
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(2_500);
    await expectRestOfPageWorks();
    expect(await page.getByRole('button', { name: /retry/i }).count()).toBeGreaterThan(0);
  });
});
