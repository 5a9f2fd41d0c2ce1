/** The shopper's pages about one order, as a test reads them: /complete and the order page. */
import type { Page } from 'playwright-core';
import { ORDER_TEXT, PAGE_TEXT } from '@tshirt/shared/labels';
import { waitUntil } from '@tshirt/tooling/test/waitUntil';

/** The order's number and its page's link (a path), as /complete shows them once it is confirmed. */
export async function orderOnCompletePage(
  tab: Page,
): Promise<{ orderNumber: string; orderPage: string }> {
  await tab.getByRole('heading', { name: PAGE_TEXT.orderComplete }).waitFor();
  await tab.getByRole('status').filter({ hasText: ORDER_TEXT.confirmed }).waitFor();
  const main = (await tab.getByRole('main').textContent()) ?? '';
  const orderNumber = new RegExp(`${ORDER_TEXT.orderNumber}\\s*(TW-\\d{4}-\\d{4})`).exec(main)?.[1];
  if (orderNumber === undefined) throw new Error(`No order number on /complete: ${main}`);
  const track = tab.getByRole('link', { name: ORDER_TEXT.trackYourOrder });
  return { orderNumber, orderPage: (await track.getAttribute('href')) ?? '' };
}

/** Waits until the page is the order page of `orderNumber`, loaded. */
export async function waitForOrderPageOf(page: Page, orderNumber: string): Promise<void> {
  await page.getByRole('heading', { name: PAGE_TEXT.yourOrder, level: 1 }).waitFor();
  await page.getByText(orderNumber, { exact: true }).waitFor();
  await page.getByRole('list', { name: ORDER_TEXT.progress }).waitFor();
}

/** The order page at `url`, reloaded until its status says `state`. */
export async function waitForOrderPageState(page: Page, url: string, state: RegExp): Promise<void> {
  await waitUntil(
    async () => {
      await page.goto(url);
      // The progress list is there once the order has loaded.
      await page.getByRole('list', { name: ORDER_TEXT.progress }).waitFor();
      return (await page.getByRole('status').filter({ hasText: state }).count()) > 0;
    },
    `the order page shows ${state}`,
    { timeoutMs: 60_000, everyMs: 1_000 },
  );
}
