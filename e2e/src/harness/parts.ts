/** The product page's server-rendered parts, as a test or a benchmark waits for them. */
import type { Page } from 'playwright-core';
import { PART_ATTRIBUTES, PRODUCT_PAGE_PART_PROPS } from '@tshirt/shared/contract';
import { PART_LIVE } from '@tshirt/shared/pageStart';

/** How many parts `/product` composes: every module it shows of every remote. */
export const PRODUCT_PART_COUNT = Object.values(PRODUCT_PAGE_PART_PROPS).reduce(
  (count, modules) => count + Object.keys(modules).length,
  0,
);

/** The parts whose code has run (the host marks each one live). */
export const LIVE_PART_SELECTOR = `[${PART_ATTRIBUTES.state}="${PART_LIVE}"]`;

/** Waits until every part of `/product` is live: its markup adopted by its own code. */
export async function waitUntilEveryPartIsLive(
  page: Page,
  options: { timeout?: number } = {},
): Promise<void> {
  await page.waitForFunction(
    ({ selector, count }) => document.querySelectorAll(selector).length === count,
    { selector: LIVE_PART_SELECTOR, count: PRODUCT_PART_COUNT },
    options,
  );
}
