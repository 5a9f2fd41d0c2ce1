/**
 * `GET /creator/order`: one order for its shopper, by the order page's secret (`?token=`) or by the
 * Stripe Checkout session that paid for it (`?session_id=`, Stripe's success redirect). Anything
 * else, malformed or unknown, is the same 404: nothing tells a guesser how close they came.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { ORDER_PATH } from '@tshirt/shared/api';
import { notFound } from '../../http/httpError';
import { isAccessToken, type Order } from '../../orders/ordersRepository';
import { orderView } from '../../orders/orderView';
import { orderLookupSchema } from '../../schemas/creator';

/** Stripe's Checkout Session ids: `cs_test_…` / `cs_live_…`. */
const SESSION_ID = /^cs_(test|live)_[A-Za-z0-9]{10,250}$/;

/** Look-ups per visitor per minute: a page polling while a payment is confirmed, not a guesser. */
export const ORDER_LOOKUPS_PER_MINUTE = 120;

export default async function orderRoutes(app: FastifyInstance) {
  const { orders } = app.repositories;
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    ORDER_PATH,
    {
      schema: orderLookupSchema,
      config: { rateLimit: { max: ORDER_LOOKUPS_PER_MINUTE, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { token, session_id: sessionId } = request.query;
      let order: Order | undefined;
      if (token !== undefined && isAccessToken(token)) {
        order = await orders.findByAccessToken(token);
      } else if (
        sessionId !== undefined &&
        SESSION_ID.test(sessionId) &&
        app.paymentProvider.name === 'stripe'
      ) {
        order = await orders.findByPaymentReference(sessionId);
      }
      if (!order || order.accessToken === null)
        throw notFound('There is no order at this address.');
      return orderView({ ...order, accessToken: order.accessToken });
    },
  );
}
