/**
 * The built-in test payment page (`test` provider only: with Stripe configured, nothing here can
 * mark an order paid). Like a real checkout page it collects where the shirt ships and whom to tell.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TLocalizedValidationError } from 'typebox/error';
import type { ShippingDetails } from '@tshirt/shared/types';
import { PAGE_PATHS } from '@tshirt/shared/routes';
import type { Order } from '../../orders/ordersRepository';
import {
  SHIPPING_FIELDS,
  SHIPPING_FIELD_NAMES,
  TEST_PAYMENT_PAGE_SOURCES,
  orderNotFoundPage,
  testPaymentPage,
  type ShippingField,
  type ShippingForm,
  type ShippingFormErrors,
} from '../../payments/testPaymentPage';
import { HIDDEN_CHARACTERS } from '@tshirt/shared/schemas';
import { shippingDetailsValidator } from '../../schemas/creator';
import { isId } from '../../storage/ids';

/** A field with one of these says so first, whatever else is wrong with it. */
const HIDDEN_CHARACTER = new RegExp(`[${HIDDEN_CHARACTERS}]`);

/** The form's fields from a urlencoded body: known names only, the first of repeated ones. */
function readShippingForm(body: string): ShippingForm {
  const params = new URLSearchParams(body);
  return Object.fromEntries(
    SHIPPING_FIELD_NAMES.map((name) => [name, params.get(name) ?? '']),
  ) as ShippingForm;
}

function trimmed(form: ShippingForm): ShippingForm {
  return Object.fromEntries(
    SHIPPING_FIELD_NAMES.map((name) => [name, form[name].trim()]),
  ) as ShippingForm;
}

/** A field not in the right form; for free text that can only mean a hidden character. */
function malformedMessage(name: ShippingField): string {
  const field = SHIPPING_FIELDS[name];
  return (
    field.whenMalformed ??
    `${field.noun} has a hidden control or text-direction character in it: please type it again`
  );
}

function messageFor(name: ShippingField, error: TLocalizedValidationError): string {
  switch (error.keyword) {
    case 'maxLength':
      return `${SHIPPING_FIELDS[name].noun} must be ${error.params.limit} characters or fewer`;
    case 'pattern':
      return malformedMessage(name);
    default:
      return SHIPPING_FIELDS[name].whenMissing ?? malformedMessage(name);
  }
}

type CheckedForm =
  { ok: true; shipping: ShippingDetails } | { ok: false; errors: ShippingFormErrors };

/** The shipping details in the form (trimmed), or a message for each bad field. */
function checkShippingForm(values: ShippingForm, countries: readonly string[]): CheckedForm {
  const errors: ShippingFormErrors = {};
  for (const name of SHIPPING_FIELD_NAMES) {
    if (HIDDEN_CHARACTER.test(values[name])) errors[name] = malformedMessage(name);
  }
  for (const error of shippingDetailsValidator.Errors(values)) {
    const name = error.instancePath.slice(1) as ShippingField;
    if (name in SHIPPING_FIELDS) errors[name] ??= messageFor(name, error);
  }
  if (!countries.includes(values.country)) errors.country ??= malformedMessage('country');
  return Object.keys(errors).length === 0 ? { ok: true, shipping: values } : { ok: false, errors };
}

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

export default async function testPaymentRoutes(app: FastifyInstance) {
  if (app.paymentProvider.name !== 'test') return;
  const { orders } = app.repositories;
  const { brandName } = app.appConfig.frontEnd;
  const countries = app.appConfig.shippingCountries;

  // The shipping form is the only body these routes read.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 8 * 1024 },
    (_request, body, done) => done(null, readShippingForm(body as string)),
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

  async function findOrder(orderId: string): Promise<Order | undefined> {
    return isId(orderId) ? orders.find(orderId) : undefined;
  }

  app.get<{ Params: { orderId: string } }>('/pay/:orderId', async (request, reply) => {
    const order = await findOrder(request.params.orderId);
    if (!order) return sendNotFound(reply);
    return sendPage(reply, testPaymentPage(order, brandName, { countries }));
  });

  app.post<{ Params: { orderId: string }; Body: ShippingForm | undefined }>(
    '/pay/:orderId',
    async (request, reply) => {
      const order = await findOrder(request.params.orderId);
      if (!order) return sendNotFound(reply);
      const typed = request.body ?? readShippingForm('');
      const values = trimmed(typed);
      if (order.status === 'pending') {
        const checked = checkShippingForm(values, countries);
        if (!checked.ok) {
          const page = testPaymentPage(order, brandName, {
            countries,
            values: typed,
            errors: checked.errors,
          });
          return sendPage(reply.code(422), page);
        }
        const paid = await app.orderFulfillment.orderPaid(order.id, {
          reference: 'test-payment-page',
          shipping: checked.shipping,
        });
        if (paid) return reply.redirect(completePath(paid), 303);
      }
      // Paid already: the same form again (a double click, a reload) is the shopper, sent to the
      // order; anyone else knows only the order id and is not given its secret link.
      const current = order.status === 'paid' ? order : await findOrder(order.id);
      if (!current) return sendNotFound(reply);
      return reply.redirect(
        paidWith(current, values) ? completePath(current) : `/pay/${current.id}`,
        303,
      );
    },
  );
}
