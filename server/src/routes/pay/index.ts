/**
 * The built-in test payment page (`test` provider only: with Stripe configured, nothing here can
 * mark an order paid).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { orderNotFoundPage, testPaymentPage } from '../../payments/testPaymentPage';
import { isId } from '../../storage/ids';
import { PAGE_PATHS } from '@tshirt/shared/routes';

export default async function testPaymentRoutes(app: FastifyInstance) {
  if (app.paymentProvider.name !== 'test') return;
  const { orders } = app.repositories;
  const { brandName } = app.appConfig.site;

  // The Pay form posts an empty urlencoded body; nothing in it is read.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_r, _b, done) => done(null, {}),
  );

  function sendNotFound(reply: FastifyReply) {
    return reply
      .code(404)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(orderNotFoundPage(brandName));
  }

  app.get<{ Params: { orderId: string } }>('/pay/:orderId', async (request, reply) => {
    const { orderId } = request.params;
    const order = isId(orderId) ? await orders.find(orderId) : undefined;
    if (!order) return sendNotFound(reply);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(testPaymentPage(order, brandName));
  });

  app.post<{ Params: { orderId: string } }>('/pay/:orderId', async (request, reply) => {
    const { orderId } = request.params;
    const order = isId(orderId) ? await orders.find(orderId) : undefined;
    if (!order) return sendNotFound(reply);
    // Paying twice (a double click, a reload) changes nothing.
    await app.orderFulfillment.orderPaid(order.id, { reference: 'test-payment-page' });
    return reply.code(303).header('location', PAGE_PATHS.complete).send();
  });
}
