/**
 * `GET /creator/order`: one order for its shopper, by the order page's secret (`?token=`) or by the
 * Stripe Checkout session that paid for it (`?session_id=`, Stripe's success redirect). Anything
 * else, malformed or unknown, is the same 404: nothing tells a guesser how close they came.
 *
 * `POST /creator/order/address?token=`: the shopper's corrected address for an order the print
 * shop could not ship; the order goes on its way again. Only while the order waits for it: a
 * replay, or a correction after it moved on, is refused and changes nothing.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ORDER_ADDRESS_PATH, ORDER_PATH } from '@tshirt/shared/api';
import { dearerShippingRefusal } from '../../orders/addressCorrection';
import { HttpError, notFound } from '../../http/httpError';
import { canCorrectAddress } from '../../orders/orderLife';
import { isAccessToken, orderState, type Order } from '../../orders/ordersRepository';
import { orderView } from '../../orders/orderView';
import { checkAddressCorrection } from '../../payments/shippingForm';
import { orderAddressSchema, orderLookupSchema } from '../../schemas/creator';

/** Stripe's Checkout Session ids: `cs_test_…` / `cs_live_…`. */
const SESSION_ID = /^cs_(test|live)_[A-Za-z0-9]{10,250}$/;

/** Look-ups per visitor per minute: a page polling while a payment is confirmed, not a guesser. */
export const ORDER_LOOKUPS_PER_MINUTE = 120;
/** Address corrections per visitor per minute: a shopper fixing typos, not a flood. */
export const ADDRESS_CORRECTIONS_PER_MINUTE = 20;

const NO_ORDER = 'There is no order at this address.';

async function orderRoutes(app: FastifyInstance) {
  const { orders } = app.repositories;
  const countries = app.appConfig.shippingCountries;
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();

  async function byToken(token: string | undefined): Promise<Order | undefined> {
    return token !== undefined && isAccessToken(token)
      ? orders.findByAccessToken(token)
      : undefined;
  }

  const view = (order: Order) =>
    orderView({ ...order, accessToken: order.accessToken ?? '' }, countries);

  routes.get(
    ORDER_PATH,
    {
      schema: orderLookupSchema,
      config: { rateLimit: { max: ORDER_LOOKUPS_PER_MINUTE, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { token, session_id: sessionId } = request.query;
      let order = await byToken(token);
      if (
        token === undefined &&
        sessionId !== undefined &&
        SESSION_ID.test(sessionId) &&
        app.paymentProvider.name === 'stripe'
      ) {
        order = await orders.findByPaymentReference(sessionId);
      }
      if (!order || order.accessToken === null) throw notFound(NO_ORDER);
      return view(order);
    },
  );

  routes.post(
    ORDER_ADDRESS_PATH,
    {
      schema: orderAddressSchema,
      config: { rateLimit: { max: ADDRESS_CORRECTIONS_PER_MINUTE, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const order = await byToken(request.query.token);
      if (!order || order.accessToken === null) throw notFound(NO_ORDER);
      const refusedNow = () =>
        new HttpError(
          409,
          'address_not_correctable',
          `This order is ${orderState(order).replace(/_/g, ' ')}: its address can no longer be changed here. Write to ${app.appConfig.frontEnd.contactEmail} if something is wrong.`,
        );
      if (!canCorrectAddress(orderState(order))) throw refusedNow();
      const checked = checkAddressCorrection(request.body, order.email, countries);
      if (!checked.ok) return reply.code(400).send(checked.refusal);
      const dearer = dearerShippingRefusal(
        order,
        checked.shipTo.country,
        app.appConfig.shippingZones,
        app.appConfig.frontEnd.contactEmail,
      );
      if (dearer) {
        return reply.code(400).send({
          error: { code: 'invalid_address', message: dearer, fields: { country: dearer } },
        });
      }
      const { order: corrected, decision } = await app.orderFulfillment.correctAddress(
        order.id,
        checked.shipTo,
        'shopper',
      );
      // Moved on between the look-up and the change (another tab, the owner, the provider).
      if (!corrected || !decision?.moves) throw refusedNow();
      request.log.info({ orderId: order.id }, 'the shopper corrected the shipping address');
      return view(corrected);
    },
  );
}

export default fp(orderRoutes, { name: 'order-routes', encapsulate: true });
