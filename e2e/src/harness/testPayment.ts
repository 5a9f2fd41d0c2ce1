import type { Page } from 'playwright-core';

/** Who pays on the test payment page, and where the shirt goes. */
export interface TestPageShopper {
  name: string;
  email: string;
  line1: string;
  city: string;
  state: string;
  postalCode: string;
}

export const TEST_PAGE_SHOPPER: TestPageShopper = {
  name: 'Jane Doe',
  email: 'jane@example.com',
  line1: '1 Main St',
  city: 'Springfield',
  state: 'IL',
  postalCode: '62701',
};

/**
 * Fills the built-in test payment page's address form as a shopper would, and presses Pay;
 * `shopper` changes some of what is typed.
 */
export async function payOnTestPage(
  tab: Page,
  shopper: Partial<TestPageShopper> = {},
): Promise<void> {
  const typed = { ...TEST_PAGE_SHOPPER, ...shopper };
  await tab.getByLabel('Full name').fill(typed.name);
  await tab.getByLabel('Email').fill(typed.email);
  await tab.getByLabel('Address line 1').fill(typed.line1);
  await tab.getByLabel('City').fill(typed.city);
  await tab.getByLabel('State / province / region').fill(typed.state);
  await tab.getByLabel('ZIP / postal code').fill(typed.postalCode);
  await tab.getByRole('button', { name: 'Pay' }).click();
}
