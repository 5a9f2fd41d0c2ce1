/**
 * Stripe, played by the test: an API that opens one Checkout Session (remembering what the store
 * asked for), its hosted page in the browser, and its signed `checkout.session.completed` webhook.
 */
import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { BrowserContext } from 'playwright-core';

const HOSTED_PAGES = 'https://checkout.stripe.com/**';

/** What Stripe's Checkout collected from the shopper. */
export interface StripeCustomer {
  email: string;
  name: string;
  address: {
    line1: string;
    line2: string | null;
    city: string;
    state: string;
    postal_code: string;
    country: string;
  };
}

export interface StripeStandIn {
  sessionId: string;
  /** The store's environment for this stand-in. */
  env: Record<string, string>;
  /** The form the store last created a Checkout Session with. */
  sessionRequest(): URLSearchParams | undefined;
  /** Serves the hosted Checkout page in `context` (a bare page: the shopper "pays" by leaving it). */
  showHostedPage(context: BrowserContext): Promise<() => Promise<void>>;
  /**
   * Sends the signed `checkout.session.completed` of the order to the store at `storeUrl`, with
   * the amounts Checkout would have charged: the session's shirts, the shipping option for the
   * customer's country, and `taxCents` when the session asked for automatic tax.
   */
  sendCompleted(
    storeUrl: string,
    orderId: string,
    customer: StripeCustomer,
    taxCents?: number,
  ): Promise<Response>;
  close(): Promise<void>;
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const webhookSecret = 'whsec_e2e_0123456789';
  const sessionId = 'cs_test_e2eSession0123456789';
  let sessionRequest: URLSearchParams | undefined;

  const api = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      sessionRequest = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      response.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id: sessionId,
          object: 'checkout.session',
          url: `https://checkout.stripe.com/c/pay/${sessionId}`,
        }),
      );
    });
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  const { port } = api.address() as { port: number };

  return {
    sessionId,
    env: {
      STRIPE_SECRET_KEY: 'sk_test_e2e',
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_BASE: `http://127.0.0.1:${port}`,
    },
    sessionRequest: () => sessionRequest,
    async showHostedPage(context) {
      await context.route(HOSTED_PAGES, (route) =>
        route.fulfill({
          status: 200,
          contentType: 'text/html',
          body: '<title>Stripe</title><p>Stripe Checkout</p>',
        }),
      );
      return () => context.unroute(HOSTED_PAGES);
    },
    sendCompleted(storeUrl, orderId, customer, taxCents = 0) {
      const form = sessionRequest ?? new URLSearchParams();
      const subtotal =
        Number(form.get('line_items[0][price_data][unit_amount]')) *
        Number(form.get('line_items[0][quantity]'));
      let shipping = 0;
      for (
        let index = 0;
        form.has(`shipping_options[${index}][shipping_rate_data][type]`);
        index++
      ) {
        const rate = `shipping_options[${index}][shipping_rate_data]`;
        const countries = form.get(`${rate}[metadata][countries]`)?.split(',') ?? [];
        if (countries.includes(customer.address.country.toUpperCase())) {
          shipping = Number(form.get(`${rate}[fixed_amount][amount]`));
        }
      }
      const tax = form.get('automatic_tax[enabled]') === 'true' ? taxCents : 0;
      const inclusive = form.get('line_items[0][price_data][tax_behavior]') === 'inclusive';
      const metadata = Object.fromEntries(
        [...form.entries()].flatMap(([key, value]) => {
          const name = /^metadata\[(.+)\]$/.exec(key)?.[1];
          return name === undefined ? [] : [[name, value]];
        }),
      );
      const payload = JSON.stringify({
        id: 'evt_e2e',
        object: 'event',
        type: 'checkout.session.completed',
        data: {
          object: {
            id: sessionId,
            object: 'checkout.session',
            payment_status: 'paid',
            amount_subtotal: subtotal,
            total_details: { amount_discount: 0, amount_shipping: shipping, amount_tax: tax },
            amount_total: subtotal + shipping + (inclusive ? 0 : tax),
            currency: 'usd',
            client_reference_id: orderId,
            metadata: { ...metadata, order_id: orderId },
            customer_details: { email: customer.email },
            collected_information: {
              shipping_details: { name: customer.name, address: customer.address },
            },
          },
        },
      });
      const timestamp = Math.floor(Date.now() / 1000);
      const signature = createHmac('sha256', webhookSecret)
        .update(`${timestamp}.${payload}`)
        .digest('hex');
      return fetch(`${storeUrl}/creator/stripe/webhook`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': `t=${timestamp},v1=${signature}`,
        },
        body: payload,
      });
    },
    close: () => new Promise<void>((resolve) => api.close(() => resolve())),
  };
}
