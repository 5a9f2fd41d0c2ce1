/** Stripe's signed webhook: the only way an order paid through Stripe becomes `paid`. */
import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { HttpError } from '../../http/httpError';
import { paymentMismatch } from '../../payments/stripePaymentProvider';
import { shippingFromSession } from '../../payments/stripeShipping';

export const STRIPE_WEBHOOK_PATH = '/creator/stripe/webhook';

const PAID_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
]);

export default async function stripeWebhookRoute(app: FastifyInstance) {
  const stripe = app.stripe;
  const { paymentProvider, shippingCountries } = app.appConfig;
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

    if (PAID_EVENTS.has(event.type)) {
      const session = event.data.object as Stripe.Checkout.Session;
      const orderId = session.metadata?.order_id ?? session.client_reference_id;
      if (session.payment_status === 'paid' && orderId) {
        const order = await app.repositories.orders.find(orderId);
        const mismatch = order && paymentMismatch(order, session);
        if (!order || mismatch) {
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
