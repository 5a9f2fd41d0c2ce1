/**
 * The owner's side of the API, behind a bearer token (the local scripts use it too): the orders
 * with where each one is, where it ships and its print file; resubmitting an order to the print
 * provider; the Web Vitals summary.
 */
import { timingSafeEqual } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import Type, { type Static, type TSchema } from 'typebox';
import { printFileUrlForShirt } from '@tshirt/shared/artworkUrls';
import { SHIRT_COLORS, SHIRT_SIZES, SHIRT_STYLES, type ShirtColor } from '@tshirt/shared/catalog';
import { ShippingDetailsSchema } from '@tshirt/shared/schemas';
import { HttpError, notFound } from '../../http/httpError';
import { ORDER_STATES, type OrderState } from '../../orders/orderLife';
import {
  orderState,
  providerExternalId,
  type Applied,
  type Order,
} from '../../orders/ordersRepository';
import { orderPagePath } from '../../orders/orderView';
import { checkAddressCorrection } from '../../payments/shippingForm';
import { InvalidAddressSchema } from '../../schemas/creator';
import { isId } from '../../storage/ids';

export const ADMIN_ORDERS_PATH = '/creator/admin/orders';
export const ADMIN_VITALS_PATH = '/creator/admin/vitals';

export function adminResubmitPath(orderId: string): string {
  return `${ADMIN_ORDERS_PATH}/${orderId}/resubmit`;
}

export function adminAddressPath(orderId: string): string {
  return `${ADMIN_ORDERS_PATH}/${orderId}/address`;
}

export { ORDER_STATES, orderState, type OrderState };

export const DEFAULT_ORDERS_LIMIT = 100;
export const MAX_ORDERS_LIMIT = 1000;

const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** One order as the owner sees it: everything but the secrets that would open it to others. */
export const AdminOrderSchema = Type.Object({
  id: Type.String(),
  state: Type.Enum(ORDER_STATES, { type: 'string' }),
  createdAt: Type.String(),
  paidAt: nullable(Type.String()),
  productName: Type.String(),
  shirtColor: Type.Enum(SHIRT_COLORS, { type: 'string' }),
  shirtStyle: Type.Enum(SHIRT_STYLES, { type: 'string' }),
  shirtSize: Type.Enum(SHIRT_SIZES, { type: 'string' }),
  quantity: Type.Integer(),
  prompt: Type.String(),
  imageUrl: Type.String(),
  unitPriceCents: Type.Integer(),
  totalCents: Type.Integer(),
  currency: Type.String(),
  paymentProvider: Type.String(),
  email: nullable(Type.String()),
  shipTo: nullable(Type.Omit(ShippingDetailsSchema, ['email'])),
  /** The PNG the owner prints from; null until the order is paid. */
  printFileUrl: nullable(Type.String()),
  /** The shopper's own order page (its secret inside), to send again to a shopper who lost it. */
  orderPageUrl: nullable(Type.String()),
  providerOrderId: nullable(Type.String()),
  /** The id the provider knows the current attempt by (`<id>`, then `<id>-2`…). */
  providerExternalId: Type.String(),
  fulfillmentError: nullable(Type.String()),
  submitAttempts: Type.Integer(),
  tracking: nullable(
    Type.Object({ carrier: Type.String(), number: Type.String(), url: Type.String() }),
  ),
  shippedAt: nullable(Type.String()),
});
export type AdminOrder = Static<typeof AdminOrderSchema>;

/**
 * The print file of an artwork path for the order's shirt colour: the `.png` beside the `.svg`,
 * drawn for that fabric; an image model's picture has one 300 DPI print file, `<id>.print.png`.
 */
export function printFileUrl(imagePath: string, shirtColor: ShirtColor, publicUrl: string): string {
  return `${publicUrl}${printFileUrlForShirt(imagePath, shirtColor)}`;
}

export function adminOrder(order: Order, publicUrl: string): AdminOrder {
  const paid = order.status === 'paid';
  return {
    id: order.id,
    state: orderState(order),
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    productName: order.productName,
    shirtColor: order.shirtColor,
    shirtStyle: order.shirtStyle,
    shirtSize: order.shirtSize,
    quantity: order.quantity,
    prompt: order.prompt,
    imageUrl: `${publicUrl}${order.imagePath}`,
    unitPriceCents: order.unitPriceCents,
    totalCents: order.totalCents,
    currency: order.currency,
    paymentProvider: order.paymentProvider,
    email: order.email,
    shipTo: order.shipTo,
    printFileUrl: paid ? printFileUrl(order.imagePath, order.shirtColor, publicUrl) : null,
    orderPageUrl:
      order.accessToken === null ? null : `${publicUrl}${orderPagePath(order.accessToken)}`,
    providerOrderId: order.providerOrderId,
    providerExternalId: providerExternalId(order),
    fulfillmentError: order.fulfillmentError,
    submitAttempts: order.submitAttempts,
    tracking: order.tracking,
    shippedAt: order.shippedAt?.toISOString() ?? null,
  };
}

const listOrdersSchema = {
  querystring: Type.Object({
    limit: Type.Optional(
      Type.Integer({ minimum: 1, maximum: MAX_ORDERS_LIMIT, default: DEFAULT_ORDERS_LIMIT }),
    ),
    state: Type.Optional(Type.Enum(ORDER_STATES, { type: 'string' })),
  }),
  response: { 200: Type.Object({ orders: Type.Array(AdminOrderSchema) }) },
};

const resubmitSchema = {
  response: { 200: Type.Object({ order: AdminOrderSchema }) },
};

const correctAddressSchema = {
  response: { 200: Type.Object({ order: AdminOrderSchema }), 400: InvalidAddressSchema },
};

function hasToken(request: FastifyRequest, expected: string): boolean {
  const match = /^Bearer (.+)$/.exec(request.headers.authorization ?? '');
  if (!match) return false;
  const given = Buffer.from(match[1] as string);
  const wanted = Buffer.from(expected);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

export default async function adminRoutes(
  app: FastifyInstance,
  options: { adminToken: string | undefined },
) {
  const { adminToken } = options;
  if (!adminToken) return;
  const { orders } = app.repositories;
  const { publicUrl } = app.appConfig;

  app.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!hasToken(request, adminToken)) {
      throw new HttpError(401, 'unauthorized', 'A valid admin bearer token is required.', {
        'www-authenticate': 'Bearer',
      });
    }
  });

  const routes = app.withTypeProvider<TypeBoxTypeProvider>();

  routes.get(ADMIN_ORDERS_PATH, { schema: listOrdersSchema }, async (request) => {
    const { limit = DEFAULT_ORDERS_LIMIT, state } = request.query;
    const recent = await orders.listRecent(limit, state);
    return { orders: recent.map((order) => adminOrder(order, publicUrl)) };
  });

  async function existing(id: string): Promise<Order> {
    const order = isId(id) ? await orders.find(id) : undefined;
    if (!order) throw notFound('There is no order with this id.');
    return order;
  }

  /** The order as the action left it, or a 409 saying why the action does not apply to it. */
  function outcome(
    { order, decision }: Applied,
    code: string,
    refusal: string,
  ): { order: AdminOrder } {
    if (!order || !decision) throw notFound('There is no order with this id.');
    if (!decision.moves) throw new HttpError(409, code, `${refusal}: ${decision.reason}.`);
    return { order: adminOrder(order, publicUrl) };
  }

  routes.post<{ Params: { id: string } }>(
    adminResubmitPath(':id'),
    { schema: resubmitSchema },
    async (request) => {
      const { id } = request.params;
      await existing(id);
      // Throws the 409 itself when no print provider is configured.
      const applied = await app.orderFulfillment.resubmit(id, 'owner');
      const answer = outcome(
        applied,
        'not_resubmittable',
        `Order ${id} cannot be resubmitted (only a paid order that failed, was cancelled or returned, needs a new address or is ready to print can be)`,
      );
      request.log.info({ orderId: id }, 'the owner resubmitted an order');
      return answer;
    },
  );

  routes.post<{ Params: { id: string }; Body: unknown }>(
    adminAddressPath(':id'),
    { schema: correctAddressSchema },
    async (request, reply) => {
      const { id } = request.params;
      const order = await existing(id);
      const checked = checkAddressCorrection(
        request.body,
        order.email,
        app.appConfig.shippingCountries,
      );
      if (!checked.ok) return reply.code(400).send(checked.refusal);
      const applied = await app.orderFulfillment.correctAddress(id, checked.shipTo, 'owner');
      const answer = outcome(
        applied,
        'address_not_correctable',
        `The address of order ${id} cannot be corrected now (only while it waits to print, needs a new address or came back)`,
      );
      request.log.info({ orderId: id }, 'the owner corrected the shipping address');
      return answer;
    },
  );

  app.get(ADMIN_VITALS_PATH, async () => ({
    vitals: await app.repositories.vitals.p75ByMetricAndRoute(),
  }));
}
