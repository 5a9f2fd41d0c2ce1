import type { Page } from 'playwright-core';

/** Fills the built-in test payment page's address form as a shopper would, and presses Pay. */
export async function payOnTestPage(tab: Page): Promise<void> {
  await tab.getByLabel('Full name').fill('Jane Doe');
  await tab.getByLabel('Email').fill('jane@example.com');
  await tab.getByLabel('Address line 1').fill('1 Main St');
  await tab.getByLabel('City').fill('Springfield');
  await tab.getByLabel('State / province / region').fill('IL');
  await tab.getByLabel('ZIP / postal code').fill('62701');
  await tab.getByRole('button', { name: 'Pay' }).click();
}
