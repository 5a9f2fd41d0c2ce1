import type { Page } from 'playwright-core';
import { PRODUCT_NAME } from '@tshirt/shared/catalog';
import { PAGE_TEXT } from '@tshirt/shared/labels';
import type { StoreServer } from '@tshirt/tooling/test/storeServer';
import { launchBrowser, LANDSCAPE, PORTRAIT, type TestBrowser } from './harness/browser';
import { startStore } from './harness/store';

let server: StoreServer;
let browser: TestBrowser;
let page: Page;

beforeAll(async () => {
  server = await startStore();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

beforeEach(async () => {
  page = await browser.newPage(LANDSCAPE);
});

async function open(path: string): Promise<void> {
  await page.goto(`${server.url}${path}`);
}

describe('the server answers', () => {
  it.each(['/', '/product', '/loading', '/complete', '/empty'])('%s with 200', async (path) => {
    const response = await fetch(`${server.url}${path}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
  });

  it('an unknown path with 404 and the not-found page', async () => {
    const response = await page.goto(`${server.url}/no/such/page`);
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: /not found/i }).waitFor();
    await page.getByRole('main').getByRole('link', { name: /home/i }).first().click();
    await page.waitForURL(`${server.url}/`);
    await page.getByText(PAGE_TEXT.welcome).waitFor();
  });
});

describe('pages', () => {
  it('home welcomes the shopper and Shop All leads to the product page', async () => {
    await open('/');
    await page.getByText(PAGE_TEXT.welcome).waitFor();
    await page.getByRole('link', { name: PAGE_TEXT.shopAll }).click();
    await page.waitForURL(`${server.url}/product`);
    await page.getByRole('heading', { name: PRODUCT_NAME }).waitFor();
    expect(await page.getByText('$19.99 USD').first().isVisible()).toBe(true);
  });

  it('the loading page tells the shopper their order is on its way', async () => {
    await open('/loading');
    await page.getByText(PAGE_TEXT.loadingOrder).waitFor();
  });

  it('the complete page leads back to shopping', async () => {
    await open('/complete');
    await page.getByText(PAGE_TEXT.orderComplete).waitFor();
    await page.getByRole('link', { name: PAGE_TEXT.continueShopping }).click();
    await page.waitForURL(`${server.url}/product`);
  });

  it('the empty page says it does not exist yet', async () => {
    await open('/empty');
    await page.getByText(PAGE_TEXT.emptyPage).waitFor();
  });
});

describe('navigation', () => {
  it('the top bar links to home, the catalog and a contact address', async () => {
    await open('/empty');
    const banner = page.getByRole('banner');
    await banner.getByRole('link', { name: 'Catalog' }).click();
    await page.waitForURL(`${server.url}/product`);
    await banner.getByRole('link', { name: 'Home', exact: true }).click();
    await page.waitForURL(`${server.url}/`);
    const contact = await banner.getByRole('link', { name: 'Contact' }).getAttribute('href');
    expect(contact).toMatch(/^mailto:.+@.+/);
  });

  it('the footer links to home, careers and legal and carries this year', async () => {
    await open('/product');
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('link', { name: 'Careers' }).click();
    await page.waitForURL(`${server.url}/empty`);
    await footer.getByRole('link', { name: 'Legal' }).click();
    await page.waitForURL(`${server.url}/empty`);
    await footer.getByRole('link', { name: 'Home' }).click();
    await page.waitForURL(`${server.url}/`);
    expect(await footer.textContent()).toContain(String(new Date().getFullYear()));
    expect(await footer.textContent()).toMatch(/powered by/i);
  });
});

describe('orientation', () => {
  it('switches between portrait and landscape layouts as the window changes shape', async () => {
    await page.setViewportSize(PORTRAIT);
    await open('/');
    const layout = page.locator('[data-orientation]').first();
    await page.waitForFunction(
      () =>
        document.querySelector('[data-orientation]')?.getAttribute('data-orientation') ===
        'portrait',
    );
    await page.setViewportSize(LANDSCAPE);
    await page.waitForFunction(
      () =>
        document.querySelector('[data-orientation]')?.getAttribute('data-orientation') ===
        'landscape',
    );
    expect(await layout.getAttribute('data-orientation')).toBe('landscape');
  });
});
