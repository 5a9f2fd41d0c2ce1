/**
 * Each remote's team works with no store: `npm run dev -w remote-designer` / `-w remote-checkout`
 * answer the store's API in the page itself, from the shared contract's mocks (MSW). No store
 * server runs in this file; a request that fails or a console error fails the test.
 */
import type { Page } from 'playwright-core';
import { PREMADE_DESIGNS } from '@tshirt/shared/catalog';
import {
  BUY_BUTTON_LABELS,
  FIELD_LABELS,
  GENERATE_BUTTON_LABELS,
  PAGE_TEXT,
} from '@tshirt/shared/labels';
import { launchBrowser, type TestBrowser } from './harness/browser';
import { startRemoteDevServer, type DevServer } from './harness/devServer';

let browser: TestBrowser;
const servers: DevServer[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const server of servers) await server.stop();
  await browser?.close();
});

/** Every failed answer and console error on `page` from now on. */
function watchFailures(page: Page): string[] {
  const failures: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failures.push(`${response.status()} ${response.url()}`);
  });
  page.on('requestfailed', (request) => {
    // A request the page's own navigation cut off (the payment tab moving on) did not fail.
    const reason = request.failure()?.errorText ?? '';
    if (reason !== 'net::ERR_ABORTED') failures.push(`failed ${request.url()} (${reason})`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') failures.push(`console: ${message.text()}`);
  });
  return failures;
}

/** Starts a remote's dev server for the test and opens its page, collecting what fails on it. */
async function openOnDevServer(
  ...remote: Parameters<typeof startRemoteDevServer>
): Promise<{ server: DevServer; page: Page; failures: string[] }> {
  const server = await startRemoteDevServer(...remote);
  servers.push(server);
  const page = await browser.newPage();
  const failures = watchFailures(page);
  await page.goto(`${server.url}/`);
  return { server, page, failures };
}

/** Waits until every image in the page has loaded with pixels (none broken). */
async function expectImagesShown(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    [...document.images].every((image) => image.complete && image.naturalWidth > 0),
  );
}

it('the designer’s dev server, with no store, generates art in the style chosen and shows the eight designs', async () => {
  const { page, failures } = await openOnDevServer('remote-designer', 'DESIGNER_DEV_PORT');
  await page.getByLabel(FIELD_LABELS.interests).fill('motorcycles, open road');
  await page.getByLabel(FIELD_LABELS.style).selectOption('Sketch');
  await page.getByRole('button', { name: GENERATE_BUTTON_LABELS.idle }).click();
  await page.getByRole('button', { name: GENERATE_BUTTON_LABELS.generated }).waitFor();
  // The engine's description of what it drew names the subject, as the store's does.
  await page
    .getByRole('img', { name: /motorcycle/i })
    .first()
    .waitFor();

  // The new design joins the row once its art is painted on the shirt: wait for it, then count.
  const designs = page.getByRole('group', { name: 'Designs' }).getByRole('button');
  await designs.nth(PREMADE_DESIGNS.length).waitFor();
  expect(await designs.count()).toBe(PREMADE_DESIGNS.length + 1);
  expect(await designs.first().getAttribute('aria-pressed')).toBe('true');
  await expectImagesShown(page);
  expect(failures).toEqual([]);
});

it('the checkout’s dev server, with no store, buys a design through the mocked payment page and confirms the order', async () => {
  const { server, page, failures } = await openOnDevServer('remote-checkout', 'CHECKOUT_DEV_PORT');
  await expectImagesShown(page);
  await page.getByRole('button', { name: PREMADE_DESIGNS[0]!.title }).first().click();
  await page.getByLabel(FIELD_LABELS.shirtSize, { exact: true }).selectOption('L');
  const [tab] = await Promise.all([
    browser.context.waitForEvent('page'),
    page.getByRole('button', { name: BUY_BUTTON_LABELS.idle }).click(),
  ]);
  const tabFailures = watchFailures(tab);
  await tab.waitForURL(`${server.url}/mock-payment?order=**`);
  const orderNumber = (await tab.getByText(/TW-\d{4}-\d{4}/).textContent())?.match(
    /TW-\d{4}-\d{4}/,
  )?.[0];
  expect(orderNumber).toBeDefined();
  await tab.getByRole('button', { name: /^Pay / }).click();
  await tab.waitForURL(`${server.url}/complete?token=**`);
  await tab.getByRole('heading', { name: PAGE_TEXT.orderComplete }).waitFor();
  await tab.getByText(orderNumber!).waitFor();
  expect([...failures, ...tabFailures]).toEqual([]);
});
