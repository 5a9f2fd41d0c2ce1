/**
 * Stripe's signed webhook: the only way an order paid through Stripe becomes `paid`, and how a
 * refund made in Stripe's dashboard reaches the order the way every refund does (the order module's
 * refund workflow: recorded once, the shopper emailed the amount, the print shop stopped).
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type Stripe from 'stripe';
import { HttpError } from '../../http/httpError';
import { settleSession } from '../../payments/stripeAmounts';
import { shippingFromSession } from '../../payments/stripeShipping';

export const STRIPE_WEBHOOK_PATH = '/creator/stripe/webhook';

const PAID_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
]);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The order a refunded charge paid for: by the `order_id` in its metadata when it carries one, else
 * by the Checkout Session that collected its PaymentIntent (made with the order id in its metadata).
 */
async function orderIdOfCharge(stripe: Stripe, charge: Stripe.Charge): Promise<string | undefined> {
  const fromMetadata = charge.metadata?.order_id;
  if (fromMetadata) return fromMetadata;
  const intent =
    typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
  if (!intent) return undefined;
  let sessions: Stripe.ApiList<Stripe.Checkout.Session>;
  try {
    sessions = await stripe.checkout.sessions.list({ payment_intent: intent, limit: 1 });
  } catch {
    // Answered 503 so Stripe sends the event again later.
    throw new HttpError(
      503,
      'payment_provider_unavailable',
      'Stripe could not be asked which order the refund is for.',
    );
  }
  const session = sessions.data[0];
  return session?.metadata?.order_id ?? session?.client_reference_id ?? undefined;
}

/** A charge Stripe refunded (in full or in part) applied to its order. */
async function chargeRefunded(
  app: FastifyInstance,
  stripe: Stripe,
  charge: Stripe.Charge,
  log: FastifyBaseLogger,
): Promise<void> {
  if (typeof charge.amount !== 'number' || typeof charge.amount_refunded !== 'number') {
    throw new HttpError(400, 'invalid_event', 'The refunded charge has no amounts.');
  }
  const orderId = await orderIdOfCharge(stripe, charge);
  const order = orderId === undefined ? undefined : await app.repositories.orders.find(orderId);
  if (!order || order.paymentProvider !== 'stripe') {
    log.warn({ chargeId: charge.id, orderId }, 'a refunded Stripe charge matches no order of ours');
    return;
  }
  // Every refund path is the order module's one (orders/refunding.ts): recorded once, the shopper
  // emailed the amount; in full, the order is taken back from the print shop or the owner told.
  const refunds = Array.isArray(charge.refunds?.data)
    ? charge.refunds.data
        .filter((refund) => typeof refund?.id === 'string' && typeof refund.amount === 'number')
        .filter((refund) => refund.status !== 'failed' && refund.status !== 'canceled')
        .map((refund) => ({ id: refund.id, amountCents: refund.amount }))
    : undefined;
  const applied = await app.refunding.refundedAtProvider(order, {
    chargeId: charge.id,
    amountRefundedCents: charge.amount_refunded,
    ...(refunds && { refunds }),
  });
  log.info(
    { orderId: order.id, chargeId: charge.id, moved: applied?.decision?.moves ?? false },
    'Stripe refunded an order',
  );
}

async function stripeWebhookRoute(app: FastifyInstance) {
  const stripe = app.stripe;
  const { paymentProvider, shippingCountries, shippingZones, salesTax } = app.appConfig;
  if (!stripe || paymentProvider.kind !== 'stripe') return;

  // The signature covers the exact bytes Stripe sent, so the body must stay raw.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
    done(null, body);
  });

  app.post<{ Body: Buffer }>(STRIPE_WEBHOOK_PATH, async (request) => {
    const signature = request.headers['stripe-signature'];
    if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) {
      throw new HttpError(
        400,
        'invalid_signature',
        'The Stripe-Signature header or the JSON body is missing.',
      );
    }
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(
        request.body,
        signature,
        paymentProvider.webhookSecret,
      );
    } catch {
      throw new HttpError(400, 'invalid_signature', 'The webhook signature does not match.');
    }

    // Signed, yet not an event this code can read: a 400 says so, where a 500 would have Stripe retry it.
    if (!isObject(event) || !isObject(event.data) || !isObject(event.data.object)) {
      throw new HttpError(400, 'invalid_event', 'The webhook event has no data object.');
    }

    if (event.type === 'charge.refunded') {
      await chargeRefunded(app, stripe, event.data.object, request.log);
    } else if (PAID_EVENTS.has(event.type)) {
      const session = event.data.object as Stripe.Checkout.Session;
      const orderId = session.metadata?.order_id ?? session.client_reference_id;
      if (session.payment_status === 'paid' && orderId) {
        const order = await app.repositories.orders.find(orderId);
        const settled = order && settleSession(order, session, shippingZones, salesTax.mode);
        const mismatch = settled && !settled.ok ? settled.mismatch : undefined;
        if (!order || !settled?.ok) {
          // Acknowledged (a retry would not change it) but not paid: the owner must look.
          request.log.error(
            { orderId, sessionId: session.id, mismatch: mismatch ?? 'no such order' },
            'a paid Stripe session does not match its order; the order was not marked paid',
          );
        } else {
          const found = shippingFromSession(session, shippingCountries);
          // The money was taken: the order is paid with or without somewhere to send it.
          const marked =
            (await app.orderFulfillment.orderPaid(orderId, {
              reference: session.id,
              shipping: found.ok ? found.shipping : undefined,
              charged: settled.charged,
            })) !== undefined;
          request.log.info({ orderId, marked }, marked ? 'order paid' : 'order was already paid');
          if (marked && !found.ok) {
            request.log.error(
              { orderId, sessionId: session.id, problem: found.problem },
              'a paid Stripe order has no usable shipping details: ask the shopper where it goes',
            );
          }
        }
      }
    }
    return { received: true };
  });
}

export default fp(stripeWebhookRoute, { name: 'stripe-webhook-route', encapsulate: true });
