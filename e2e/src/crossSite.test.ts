/**
 * A hostile page on another site, opened in real Chromium, tries to spend the visitor's generation
 * quota, open orders and write vitals in their name: the browser says where the requests come from
 * and the store refuses every one, while its own pages keep working.
 */
import { createServer, type Server } from 'node:http';
import type { Page } from 'playwright-core';
import { PREMADE_DESIGNS, PRODUCT_NAME } from '@tshirt/shared/catalog';
import type { StoreServer } from '@tshirt/tooling/test/storeServer';
import { freePort } from '@tshirt/tooling/test/ports';
import { waitUntil } from '@tshirt/tooling/test/waitUntil';
import { launchBrowser, type TestBrowser } from './harness/browser';
import { startStore } from './harness/store';

const ADMIN_TOKEN = 'e2e-cross-site-token-0123456789';
const DAILY_LIMIT = 2;
let store: StoreServer;
let hostile: Server;
let hostileUrl: string;
let browser: TestBrowser;
let page: Page;

const CHECKOUT_QUERY = new URLSearchParams({
  productName: PRODUCT_NAME,
  quantity: '1',
  shirtStyle: "Men's",
  shirtColor: 'Black',
  shirtSize: 'M',
  imageURL: PREMADE_DESIGNS[0]!.imagePath,
}).toString();

/** What a hostile page can send without any permission: simple requests, an image, a beacon, a form. */
function hostilePage(storeUrl: string): string {
  return `<!doctype html><html><body>
<img src="${storeUrl}/creator/generate_image?interests=img">
<iframe name="sink"></iframe>
<form id="buy" method="POST" target="sink" action="${storeUrl}/creator/checkout?${CHECKOUT_QUERY.replace(/&/g, '&amp;')}"></form>
<script>
  const store = ${JSON.stringify(storeUrl)};
  window.attempts = Promise.all([
    fetch(store + '/creator/generate_image?interests=fetch', { mode: 'no-cors' }),
    fetch(store + '/creator/generate_image?interests=again', { mode: 'no-cors', credentials: 'include' }),
    fetch(store + '/creator/checkout?${CHECKOUT_QUERY}', { method: 'POST', mode: 'no-cors' }),
    fetch(store + '/creator/vitals', {
      method: 'POST',
      mode: 'no-cors',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ name: 'LCP', value: 1, rating: 'good', id: 'x', route: '/hostile' }),
    }),
    // The store's refusals are not for other sites to read (Cross-Origin-Resource-Policy): the
    // browser fails these fetches once the 403 has arrived.
  ].map((attempt) => attempt.catch(() => 'blocked'))).then(() => navigator.sendBeacon(store + '/creator/vitals',
    JSON.stringify({ name: 'LCP', value: 1, rating: 'good', id: 'y', route: '/hostile' })));
  document.getElementById('buy').submit();
</script></body></html>`;
}

beforeAll(async () => {
  store = await startStore({ ADMIN_TOKEN, GENERATION_DAILY_LIMIT: String(DAILY_LIMIT) });
  // Another site: `localhost` is not the store's 127.0.0.1.
  const port = await freePort();
  hostileUrl = `http://localhost:${port}/`;
  hostile = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(hostilePage(store.url));
  });
  await new Promise<void>((resolve) => hostile.listen(port, '127.0.0.1', resolve));
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => (hostile ? hostile.close(() => resolve()) : resolve()));
  await store?.stop();
});

it('refuses every spending request a page on another site sends in the visitor’s name', async () => {
  page = await browser.newPage();
  const answers: Array<{ url: string; status: number }> = [];
  const blocked: string[] = [];
  page.on('response', (response) => {
    if (response.url().startsWith(`${store.url}/creator/`)) {
      answers.push({ url: new URL(response.url()).pathname, status: response.status() });
    }
  });
  // Refusals the browser keeps from the other site (the store's Cross-Origin-Resource-Policy).
  page.on('requestfailed', (request) => {
    if (
      request.url().startsWith(`${store.url}/creator/`) &&
      /BLOCKED_BY_RESPONSE/.test(request.failure()?.errorText ?? '')
    ) {
      blocked.push(new URL(request.url()).pathname);
    }
  });
  await page.goto(hostileUrl);
  await page.evaluate(() => (window as unknown as { attempts: Promise<unknown> }).attempts);
  // The image, four fetches and the form reach the store (the beacon may not be seen as a response).
  await waitUntil(
    () => answers.length + blocked.length >= 6,
    () =>
      `six requests reached the store (answered: ${answers.length}, blocked: ${blocked.length})`,
    { timeoutMs: 15_000, everyMs: 100 },
  );
  expect(answers.filter((answer) => answer.status !== 403)).toEqual([]);

  const vitals = await fetch(`${store.url}/creator/admin/vitals`, {
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  expect(JSON.stringify(await vitals.json())).not.toContain('/hostile');
  const listing = await fetch(`${store.url}/creator/admin/orders`, {
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  expect(((await listing.json()) as { orders: unknown[] }).orders).toEqual([]);
});

it('leaves the visitor’s whole daily quota for the store’s own page', async () => {
  page = await browser.newPage();
  await page.goto(`${store.url}/empty`);
  const statuses = await page.evaluate(async (limit) => {
    const results: number[] = [];
    for (let attempt = 0; attempt <= limit; attempt += 1) {
      results.push((await fetch(`/creator/generate_image?interests=owls%20${attempt}`)).status);
    }
    return results;
  }, DAILY_LIMIT);
  expect(statuses).toEqual([...Array<number>(DAILY_LIMIT).fill(200), 429]);
});
