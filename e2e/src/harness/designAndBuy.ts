import type { Page } from 'playwright-core';
import { BUY_BUTTON_LABELS, FIELD_LABELS, GENERATE_BUTTON_LABELS } from '@tshirt/shared/labels';
import type { TestBrowser } from './browser';

/**
 * Generates art on /product, picks a navy L shirt and presses Buy It, as a shopper would; resolves
 * with the payment tab that opens.
 */
export async function designAndBuy(
  browser: TestBrowser,
  page: Page,
  storeUrl: string,
): Promise<Page> {
  await page.goto(`${storeUrl}/product`);
  await page.getByLabel(FIELD_LABELS.interests).fill('mountains at dawn');
  await page.getByRole('button', { name: GENERATE_BUTTON_LABELS.idle }).click();
  await page.getByRole('button', { name: GENERATE_BUTTON_LABELS.generated }).waitFor();
  await page.getByLabel(FIELD_LABELS.shirtColor, { exact: true }).selectOption('Navy');
  await page.getByLabel(FIELD_LABELS.shirtSize, { exact: true }).selectOption('L');
  const [tab] = await Promise.all([
    browser.context.waitForEvent('page'),
    page.getByRole('button', { name: BUY_BUTTON_LABELS.idle }).click(),
  ]);
  return tab;
}
