/**
 * The image-model path in a real browser, against a local stand-in of the Images API: the model's
 * partial pictures show on the shirt while it draws, then the final art; bought and paid, the
 * order's print file reaches the print provider as a 3600 × 4800 PNG with alpha (300 DPI).
 */
import {
  BUY_BUTTON_LABELS,
  FIELD_LABELS,
  GENERATE_BUTTON_LABELS,
  PAGE_TEXT,
} from '@tshirt/shared/labels';
import {
  startImagesApiStandIn,
  type ImagesApiStandIn,
} from '@tshirt/tooling/test/imagesApiStandIn';
import {
  printProviderEnv,
  startPrintProviderStandIn,
  type PrintProviderStandIn,
} from '@tshirt/tooling/test/printProviderStandIn';
import type { StoreServer } from '@tshirt/tooling/test/storeServer';
import { waitUntil } from '@tshirt/tooling/test/waitUntil';
import { launchBrowser, PORTRAIT, type TestBrowser } from './harness/browser';
import { startStore } from './harness/store';
import { payOnTestPage } from './harness/testPayment';

/** The partial picture's name in the preview (remote-designer's ShirtPreview). */
const DRAWING = 'Your artwork, still being drawn';

let imagesApi: ImagesApiStandIn;
let provider: PrintProviderStandIn;
let browser: TestBrowser;
let server: StoreServer;

beforeAll(async () => {
  imagesApi = await startImagesApiStandIn();
  provider = await startPrintProviderStandIn();
  browser = await launchBrowser();
  server = await startStore({
    ...printProviderEnv(provider),
    PRINT_SUBMIT_RETRY_DELAY_SECONDS: '1',
    OPENAI_API_KEY: 'sk-e2e-test',
    OPENAI_BASE_URL: imagesApi.baseUrl,
    IMAGE_PARTIAL_IMAGES: '2',
  });
  provider.storeOrigin = server.url;
});
afterAll(async () => {
  await server?.stop();
  await browser?.close();
  await provider?.close();
  await imagesApi?.close();
});

it('shows the partial pictures while the model draws, then the art, and prints it at 300 DPI', async () => {
  // Slow enough to see each partial picture on the shirt before the next.
  imagesApi.setPace(700);
  const page = await browser.newPage(PORTRAIT);
  await page.goto(`${server.url}/product`);
  await page.getByLabel(FIELD_LABELS.interests).fill('a sunny day at the beach');
  // Every picture the partial image shows, in order: on a loaded machine the second can replace the
  // first before the test reads it, so the page keeps the record.
  await page.evaluate((name) => {
    const shown: string[] = [];
    (window as unknown as { partialPictures: string[] }).partialPictures = shown;
    const note = () => {
      for (const image of document.querySelectorAll<HTMLImageElement>('img')) {
        if (image.alt === name && image.src !== shown.at(-1)) shown.push(image.src);
      }
    };
    new MutationObserver(note).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['src', 'alt'],
    });
  }, DRAWING);
  await page.getByRole('button', { name: GENERATE_BUTTON_LABELS.idle }).click();

  const partial = page.getByRole('img', { name: DRAWING });
  await partial.waitFor();
  const first = (await partial.getAttribute('src')) ?? '';
  expect(first).toMatch(/^data:image\/webp;base64,/);
  await page.getByRole('status').filter({ hasText: 'Drawing your artwork' }).waitFor();
  // The label stays until the final picture.
  expect(await page.getByRole('button', { name: GENERATE_BUTTON_LABELS.loading }).count()).toBe(1);

  await page.getByRole('button', { name: GENERATE_BUTTON_LABELS.generated }).waitFor();
  // The next partial picture took the first one's place.
  const shown = await page.evaluate(
    () => (window as unknown as { partialPictures: string[] }).partialPictures,
  );
  expect(shown).toContain(first);
  expect(shown.length).toBeGreaterThanOrEqual(2);
  expect(shown.every((src) => src.startsWith('data:image/webp;base64,'))).toBe(true);
  await page.waitForFunction(() =>
    [...document.images].some(
      (image) =>
        /\/creator\/images\/[\w-]{16}\.png$/.test(image.src) && image.naturalWidth === 1024,
    ),
  );
  expect(await partial.count()).toBe(0);
  expect(imagesApi.calls.at(-1)?.body).toMatchObject({ stream: true, partial_images: 2 });

  await page.getByLabel(FIELD_LABELS.shirtSize, { exact: true }).selectOption('L');
  const [tab] = await Promise.all([
    browser.context.waitForEvent('page'),
    page.getByRole('button', { name: BUY_BUTTON_LABELS.idle }).click(),
  ]);
  await tab.waitForURL(/\/pay\//);
  await payOnTestPage(tab);
  await tab.waitForURL(/\/complete\?token=/);
  await tab.getByRole('heading', { name: PAGE_TEXT.orderComplete }).waitFor();
  // The order has loaded once its address shows.
  await tab.getByText('Jane Doe').first().waitFor();
  const main = (await tab.getByRole('main').textContent()) ?? '';
  const orderNumber = /Order number\s*(TW-\d{4}-\d{4})/.exec(main)?.[1] ?? '';
  expect(orderNumber).not.toBe('');

  const printFile = await waitUntil(
    () => provider.orders.get(orderNumber)?.printFile,
    'the provider fetched the print file',
    { timeoutMs: 60_000 },
  );
  expect(printFile).toMatchObject({
    status: 200,
    contentType: 'image/png',
    png: { width: 3600, height: 4800, alpha: true },
  });
});
