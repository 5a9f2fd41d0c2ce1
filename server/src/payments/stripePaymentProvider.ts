import Stripe from 'stripe';
import type { AppConfig, PaymentProviderConfig } from '../config';
import { HttpError } from '../http/httpError';
import type { Order } from '../orders/ordersRepository';
import { orderPagePath } from '../orders/orderView';
import { amountsMetadata, checkoutMoney } from './stripeAmounts';
import {
  PaymentProviderUnavailable,
  PaymentRefundRefused,
  type PaymentProvider,
} from './paymentProvider';
import { PAGE_PATHS } from '@tshirt/shared/routes';

type AllowedCountry = Stripe.Checkout.SessionCreateParams.ShippingAddressCollection.AllowedCountry;

type StripeSettings = Extract<PaymentProviderConfig, { kind: 'stripe' }>;

export function createStripeClient(settings: StripeSettings): Stripe {
  const apiBase = settings.apiBase;
  return new Stripe(settings.secretKey, {
    // The shopper is waiting on the loading tab; the idempotency key makes a retry safe.
    maxNetworkRetries: 1,
    timeout: settings.timeoutMs,
    telemetry: false,
    ...(apiBase && {
      host: apiBase.hostname,
      port: apiBase.port || (apiBase.protocol === 'https:' ? 443 : 80),
      protocol: apiBase.protocol === 'https:' ? 'https' : 'http',
    }),
  });
}

/** Only a Stripe-hosted https page may become the shopper's payment link. */
function isStripeCheckoutUrl(url: string | null): url is string {
  if (!url) return false;
  try {
    const parsed = new URL(url);
    return (
      parsed.protocol === 'https:' &&
      (parsed.hostname === 'stripe.com' || parsed.hostname.endsWith('.stripe.com'))
    );
  } catch {
    return false;
  }
}

/**
 * Order details a person at Stripe's dashboard (and the webhook) can read; values ≤ 500 chars.
 * `order_page_url` is the order's secret page, so the owner can hand it to the shopper again.
 */
export function orderMetadata(order: Order, publicUrl: string): Record<string, string> {
  return {
    order_id: order.id,
    ...(order.accessToken !== null && {
      order_page_url: `${publicUrl}${orderPagePath(order.accessToken)}`,
    }),
    product_name: order.productName,
    shirt_color: order.shirtColor,
    shirt_style: order.shirtStyle,
    shirt_size: order.shirtSize,
    quantity: String(order.quantity),
    image_path: order.imagePath.slice(0, 500),
    prompt: order.prompt.slice(0, 500),
  };
}

/** Stripe's answers that asking again may change: it was not reached, it failed, or it said "later". */
const UNANSWERED_ERRORS = new Set([
  'StripeConnectionError',
  'StripeAPIError',
  'StripeRateLimitError',
]);

/** A Stripe error as a refusal in Stripe's words, or as "not answered" (the same key may try again). */
function refundError(error: unknown): Error {
  if (!(error instanceof Stripe.errors.StripeError)) {
    return new PaymentProviderUnavailable(
      `Stripe could not be asked: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (UNANSWERED_ERRORS.has(error.type)) {
    return new PaymentProviderUnavailable(`Stripe did not answer: ${error.message}`);
  }
  return new PaymentRefundRefused(error.message);
}

/** The PaymentIntent a Checkout Session collected the money with. */
function paymentIntentOf(session: Stripe.Checkout.Session): string | undefined {
  const intent = session.payment_intent;
  return typeof intent === 'string' ? intent : (intent?.id ?? undefined);
}

/**
 * Stripe Checkout: the server sets the price; Checkout collects the email and an address in one of
 * the shop's countries; the webhook (not the redirect) confirms payment.
 */
export function createStripePaymentProvider(
  stripe: Stripe,
  {
    publicUrl,
    shippingCountries,
    shippingZones,
    salesTax,
  }: Pick<AppConfig, 'publicUrl' | 'shippingCountries' | 'shippingZones' | 'salesTax'>,
): PaymentProvider {
  const allowedCountries: AllowedCountry[] = [...shippingCountries];
  return {
    name: 'stripe',
    async createPaymentLink(order) {
      const metadata = { ...orderMetadata(order, publicUrl), ...amountsMetadata(order) };
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.create(
          {
            mode: 'payment',
            client_reference_id: order.id,
            ...checkoutMoney(order, shippingZones, salesTax),
            metadata,
            payment_intent_data: {
              metadata: {
                order_id: order.id,
                ...(metadata.order_page_url && { order_page_url: metadata.order_page_url }),
              },
            },
            shipping_address_collection: { allowed_countries: allowedCountries },
            // Stripe fills in the placeholder; the complete page finds the order by it.
            success_url: `${publicUrl}${PAGE_PATHS.complete}?session_id={CHECKOUT_SESSION_ID}`,
            cancel_url: `${publicUrl}/product`,
          },
          // Per draft, not per order number: a number drawn twice must never get the other's session.
          { idempotencyKey: `checkout-${order.paymentToken ?? order.id}` },
        );
      } catch (error) {
        const { type, message } = error as { type?: string; message?: string };
        if (type === 'StripeConnectionError' && /time/i.test(message ?? '')) {
          throw new HttpError(
            504,
            'payment_provider_timeout',
            'The payment service took too long. Please try again.',
          );
        }
        throw new HttpError(
          502,
          'payment_provider_error',
          'The payment service is not available right now. Please try again.',
        );
      }
      if (!isStripeCheckoutUrl(session.url)) {
        throw new HttpError(
          502,
          'payment_provider_error',
          'The payment service answered without a checkout page.',
        );
      }
      return { url: session.url, reference: session.id };
    },

    async refund(order, { idempotencyKey, amountCents }) {
      // The order's payment reference is its Checkout Session; the money is on its PaymentIntent.
      const sessionId = order.paymentReference;
      if (!sessionId) {
        throw new PaymentRefundRefused('The order has no Stripe Checkout Session to refund.');
      }
      try {
        const session = await stripe.checkout.sessions.retrieve(sessionId);
        const paymentIntent = paymentIntentOf(session);
        if (!paymentIntent) {
          throw new PaymentRefundRefused(
            `Stripe's Checkout Session ${sessionId} has no payment to refund.`,
          );
        }
        const refund = await stripe.refunds.create(
          { payment_intent: paymentIntent, amount: amountCents, metadata: { order_id: order.id } },
          { idempotencyKey },
        );
        if (refund.status === 'failed' || refund.status === 'canceled') {
          throw new PaymentRefundRefused(
            `Stripe's refund ${refund.id} ${refund.status === 'failed' ? 'failed' : 'was canceled'}${refund.failure_reason ? `: ${refund.failure_reason}` : ''}.`,
          );
        }
        return { reference: refund.id };
      } catch (error) {
        if (error instanceof PaymentRefundRefused) throw error;
        throw refundError(error);
      }
    },
  };
}
