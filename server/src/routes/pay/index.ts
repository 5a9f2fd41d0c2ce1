/**
 * The built-in test payment page (`test` provider only: with Stripe configured, nothing here can
 * mark an order paid). Like a real checkout page it collects where the shirt ships and whom to tell.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { formatPrice } from '@tshirt/shared/catalog';
import { PAGE_PATHS } from '@tshirt/shared/routes';
import { amountsShippedTo } from '../../orders/orderAmounts';
import { isAccessToken, type Order } from '../../orders/ordersRepository';
import { testPaymentPath } from '../../payments/paymentProvider';
import { checkShippingForm, readShippingForm, trimmed } from '../../payments/shippingForm';
import {
  SHIPPING_FIELD_NAMES,
  SHOWN_TOTAL_FIELD,
  TEST_PAYMENT_PAGE_SOURCES,
  orderNotFoundPage,
  testPaymentPage,
  type ShippingForm,
} from '../../payments/testPaymentPage';
import { isId } from '../../storage/ids';

/** Whether the order was paid with these details: the same form sent again. */
function paidWith(order: Order, values: ShippingForm): boolean {
  const stored: Partial<ShippingForm> = { ...order.shipTo, email: order.email ?? undefined };
  return SHIPPING_FIELD_NAMES.every((name) => stored[name] === values[name]);
}

function completePath(order: Order): string {
  return order.accessToken === null
    ? PAGE_PATHS.complete
    : `${PAGE_PATHS.complete}?token=${order.accessToken}`;
}

async function testPaymentRoutes(app: FastifyInstance) {
  if (app.paymentProvider.name !== 'test') return;
  const { orders } = app.repositories;
  const { brandName } = app.appConfig.frontEnd;
  const countries = app.appConfig.shippingCountries;
  const money = { zones: app.appConfig.shippingZones, salesTax: app.appConfig.salesTax.mode };

  // The shipping form is the only body these routes read.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 8 * 1024 },
    (_request, body, done) =>
      done(null, {
        form: readShippingForm(body as string),
        shownTotal: new URLSearchParams(body as string).get(SHOWN_TOTAL_FIELD),
      }),
  );

  function sendPage(reply: FastifyReply, html: string) {
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', app.pagePolicy(TEST_PAYMENT_PAGE_SOURCES))
      .send(html);
  }

  function sendNotFound(reply: FastifyReply) {
    return sendPage(reply.code(404), orderNotFoundPage(brandName));
  }

  /** The order a payment link names: by its secret, or by the random id of an older order. */
  async function findOrder(key: string): Promise<Order | undefined> {
    if (isAccessToken(key)) return orders.findByPaymentToken(key);
    if (!isId(key)) return undefined;
    const order = await orders.find(key);
    return order?.paymentToken === null ? order : undefined;
  }

  app.get<{ Params: { key: string } }>('/pay/:key', async (request, reply) => {
    const order = await findOrder(request.params.key);
    if (!order) return sendNotFound(reply);
    return sendPage(reply, testPaymentPage(order, brandName, { countries, money }));
  });

  app.post<{
    Params: { key: string };
    Body: { form: ShippingForm; shownTotal: string | null } | undefined;
  }>('/pay/:key', async (request, reply) => {
    const order = await findOrder(request.params.key);
    if (!order) return sendNotFound(reply);
    const typed = request.body?.form ?? readShippingForm('');
    const values = trimmed(typed);
    if (order.status === 'pending') {
      const checked = checkShippingForm(values, countries);
      if (!checked.ok) {
        const page = testPaymentPage(order, brandName, {
          countries,
          money,
          values: typed,
          errors: checked.errors,
        });
        // Text that was not UTF-8 makes the request itself broken; anything else is a bad field.
        return sendPage(reply.code(checked.unreadable ? 400 : 422), page);
      }
      // The country is one the shop ships to (checked above), so it has a rate.
      const amounts = amountsShippedTo(order, money.zones, checked.shipping.country)!;
      // A form sent without the page's figure (not from the page) is held to the order's quote.
      const shownTotal = request.body?.shownTotal ?? String(order.totalCents);
      if (String(amounts.totalCents) !== shownTotal) {
        // Pay pays the total the shopper saw: another country's shipping is shown before it is paid.
        const page = testPaymentPage(order, brandName, {
          countries,
          money,
          values: typed,
          notice: `The total is now ${formatPrice(amounts.totalCents, order.currency)}, with shipping to where you chose. Press Pay to pay it.`,
        });
        return sendPage(reply.code(409), page);
      }
      const paid = await app.orderFulfillment.orderPaid(order.id, {
        reference: 'test-payment-page',
        shipping: checked.shipping,
        charged: {
          shippingCents: amounts.shippingCents,
          taxCents: 0,
          totalCents: amounts.totalCents,
        },
      });
      if (paid) return reply.redirect(completePath(paid), 303);
    }
    // Paid already: the same form again (a double click, a reload) is the shopper, sent to the
    // order; anyone else holding this link is not given the order page's.
    const current = order.status === 'paid' ? order : await orders.find(order.id);
    if (!current) return sendNotFound(reply);
    return reply.redirect(
      paidWith(current, values) ? completePath(current) : testPaymentPath(current),
      303,
    );
  });
}

export default fp(testPaymentRoutes, { name: 'test-payment-routes', encapsulate: true });
