/**
 * Stripe Checkout's hosted page, played in the browser (Stripe's API and webhooks are the one
 * stand-in of tooling/test/stripeStandIn.ts): a bare page, which the shopper "pays" by leaving.
 */
import type { BrowserContext } from 'playwright-core';

const HOSTED_PAGES = 'https://checkout.stripe.com/**';

/** Serves the hosted Checkout page in `context`; resolves with what stops serving it. */
export async function showStripeHostedPage(context: BrowserContext): Promise<() => Promise<void>> {
  await context.route(HOSTED_PAGES, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: '<title>Stripe</title><p>Stripe Checkout</p>',
    }),
  );
  return () => context.unroute(HOSTED_PAGES);
}
