/**
 * The owner's side of the API, behind a bearer token (the local scripts use it too): the orders
 * with where each one is, where it ships, its print file and what it earned; the sales by day; one
 * order with its history, emails and refund; what the owner can do to an order
 * (plugins/app/ownerActions.ts, the desk's own rules and refusals); the Web Vitals summary.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import Type, { type Static, type TSchema } from 'typebox';
import { printFileUrlForShirt } from '@tshirt/shared/artworkUrls';
import { SHIRT_COLORS, SHIRT_SIZES, SHIRT_STYLES, type ShirtColor } from '@tshirt/shared/catalog';
import { ShippingDetailsSchema } from '@tshirt/shared/schemas';
import { badRequest, HttpError, notFound } from '../../http/httpError';
import { ORDER_STATES, type OrderState } from '../../orders/orderLife';
import { EARNINGS_DAYS, marginCents, printCostCents } from '../../orders/orderEarnings';
import { PAYMENT_STATUSES, orderPaymentStatus } from '../../orders/orderStatus';
import { OwnerActionRefused } from '../../orders/ownerActions';
import {
  orderState,
  providerExternalId,
  type Applied,
  type Order,
} from '../../orders/ordersRepository';
import { orderPagePath } from '../../orders/orderView';
import { createOrderRefunds } from '../../payments/orderRefunds';
import { createSignInFailures, tokenMatches } from '../../http/ownerToken';
import { orderEmailLog } from '../../mail/orderEmailLog';
import { checkAddressCorrection } from '../../payments/shippingForm';
import { AddressRefusalSchema } from '../../schemas/creator';
import { isOrderId } from '../../orders/orderNumber';
import { DEFAULT_ORDERS_LIMIT, MAX_ORDERS_LIMIT } from './adminOrdersLimits';

export const ADMIN_ORDERS_PATH = '/creator/admin/orders';
export const ADMIN_VITALS_PATH = '/creator/admin/vitals';
export const ADMIN_EARNINGS_PATH = '/creator/admin/earnings';

export function adminResubmitPath(orderId: string): string {
  return `${ADMIN_ORDERS_PATH}/${orderId}/resubmit`;
}

export function adminAddressPath(orderId: string): string {
  return `${ADMIN_ORDERS_PATH}/${orderId}/address`;
}

export function adminOrderPath(orderId: string): string {
  return `${ADMIN_ORDERS_PATH}/${orderId}`;
}

export function adminShipPath(orderId: string): string {
  return `${ADMIN_ORDERS_PATH}/${orderId}/ship`;
}

export function adminResendConfirmationPath(orderId: string): string {
  return `${ADMIN_ORDERS_PATH}/${orderId}/resend-confirmation`;
}

export function adminCancelRefundPath(orderId: string): string {
  return `${ADMIN_ORDERS_PATH}/${orderId}/cancel-refund`;
}

/** Refunds part of an order: `{"amountCents": 1000, "reason": "…"}`. */
export function adminRefundPath(orderId: string): string {
  return `${ADMIN_ORDERS_PATH}/${orderId}/refund`;
}

export { ORDER_STATES, orderState, type OrderState };

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
  subtotalCents: Type.Integer(),
  shippingCents: Type.Integer(),
  /** Sales tax collected: on top of the subtotal, or inside it (prices including tax). */
  taxCents: Type.Integer(),
  totalCents: Type.Integer(),
  currency: Type.String(),
  /** What the print provider charges for the order; null while unknown (never a cost of zero). */
  providerCost: nullable(
    Type.Object({
      itemsCents: Type.Integer(),
      shippingCents: Type.Integer(),
      taxCents: Type.Integer(),
      totalCents: Type.Integer(),
    }),
  ),
  /** Total − refunded − every print order's cost − sales tax kept (orders/orderEarnings.ts); null while no cost is known. */
  marginCents: nullable(Type.Integer()),
  /** Where the shopper's money stands (orders/orderStatus.ts), apart from where the shirt is. */
  paymentStatus: Type.Enum(PAYMENT_STATUSES, { type: 'string' }),
  /** What went back to the shopper, every refund counted once. */
  refundedCents: Type.Integer(),
  /** What every print order of it cost (reprints included); null while none is known. */
  printCostCents: nullable(Type.Integer()),
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
  refundedAt: nullable(Type.String()),
});
export type AdminOrder = Static<typeof AdminOrderSchema>;

/** One day's sales in one currency (orders/orderEarnings.ts). */
export const DailyEarningsSchema = Type.Object({
  day: Type.String(),
  currency: Type.String(),
  orders: Type.Integer(),
  revenueCents: Type.Integer(),
  costedOrders: Type.Integer(),
  costCents: Type.Integer(),
  marginCents: nullable(Type.Integer()),
});

/** One order with everything that happened to it: its history, its emails and its refund. */
export const AdminOrderDetailSchema = Type.Object({
  order: AdminOrderSchema,
  history: Type.Array(
    Type.Object({
      at: Type.String(),
      source: Type.String(),
      event: Type.String(),
      fromState: nullable(Type.String()),
      /** null: the event changed nothing (`note` says why). */
      toState: nullable(Type.String()),
      note: nullable(Type.String()),
    }),
  ),
  emails: Type.Array(
    Type.Object({
      kind: Type.String(),
      audience: Type.String(),
      recipient: Type.String(),
      queuedAt: Type.String(),
      sentAt: nullable(Type.String()),
      attempts: Type.Integer(),
      lastError: nullable(Type.String()),
    }),
  ),
  refund: nullable(
    Type.Object({
      status: Type.String(),
      amountCents: Type.Integer(),
      providerReference: nullable(Type.String()),
      error: nullable(Type.String()),
      requestedAt: Type.String(),
      settledAt: nullable(Type.String()),
    }),
  ),
});
export type AdminOrderDetail = Static<typeof AdminOrderDetailSchema>;

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
    subtotalCents: order.subtotalCents,
    shippingCents: order.shippingCents,
    taxCents: order.taxCents,
    totalCents: order.totalCents,
    currency: order.currency,
    providerCost: order.providerCost,
    marginCents: marginCents(order),
    paymentStatus: orderPaymentStatus(order),
    refundedCents: order.refundedCents,
    printCostCents: printCostCents(order),
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
    refundedAt: order.refundedAt?.toISOString() ?? null,
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

const earningsSchema = {
  querystring: Type.Object({
    days: Type.Optional(Type.Integer({ minimum: 1, maximum: 366, default: EARNINGS_DAYS })),
  }),
  response: { 200: Type.Object({ days: Type.Array(DailyEarningsSchema) }) },
};

/** An owner's action answers with the order as it left it (its body, if any, is read by the route). */
const orderActionSchema = {
  response: { 200: Type.Object({ order: AdminOrderSchema }) },
};

const correctAddressSchema = {
  response: { 200: Type.Object({ order: AdminOrderSchema }), 400: AddressRefusalSchema },
};

const orderDetailSchema = {
  response: { 200: AdminOrderDetailSchema },
};

// Bounds here only keep a body small; the owner's words are checked (and refused) by the action.
const shipSchema = {
  body: Type.Object({
    carrier: Type.String({ maxLength: 1000 }),
    number: Type.String({ maxLength: 1000 }),
    url: Type.Optional(Type.String({ maxLength: 2000 })),
  }),
  response: orderActionSchema.response,
};

const refundSchema = {
  body: Type.Object({
    amountCents: Type.Integer({ minimum: 1, maximum: 100_000_000 }),
    reason: Type.Optional(Type.String({ maxLength: 1000 })),
  }),
  response: orderActionSchema.response,
};

/** The bearer token the request carries, or undefined. */
function bearerToken(request: FastifyRequest): string | undefined {
  return /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
}

/** Wrong tokens one address may send within the window before it is locked out of the API. */
export const WRONG_ADMIN_TOKENS_ALLOWED = 5;
export const WRONG_ADMIN_TOKEN_WINDOW_MS = 15 * 60_000;

async function adminRoutes(app: FastifyInstance, options: { adminToken: string | undefined }) {
  const { adminToken } = options;
  if (!adminToken) return;
  const { orders } = app.repositories;
  const { publicUrl } = app.appConfig;

  const failures = createSignInFailures({
    limit: WRONG_ADMIN_TOKENS_ALLOWED,
    windowMs: WRONG_ADMIN_TOKEN_WINDOW_MS,
  });
  const lockedOut = (seconds: number) =>
    new HttpError(429, 'too_many_wrong_tokens', 'Too many wrong tokens: try again later.', {
      'retry-after': String(seconds),
    });

  app.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const locked = failures.lockedFor(request.ip);
    if (locked > 0) throw lockedOut(locked);
    const given = bearerToken(request);
    if (given === undefined || !tokenMatches(given, adminToken)) {
      const nowLocked = failures.record(request.ip);
      if (nowLocked > 0) throw lockedOut(nowLocked);
      throw new HttpError(401, 'unauthorized', 'A valid admin bearer token is required.', {
        'www-authenticate': 'Bearer',
      });
    }
    failures.clear(request.ip);
  });

  const routes = app.withTypeProvider<TypeBoxTypeProvider>();

  routes.get(ADMIN_ORDERS_PATH, { schema: listOrdersSchema }, async (request) => {
    const { limit = DEFAULT_ORDERS_LIMIT, state } = request.query;
    const recent = await orders.listRecent(limit, state);
    return { orders: recent.map((order) => adminOrder(order, publicUrl)) };
  });

  routes.get(ADMIN_EARNINGS_PATH, { schema: earningsSchema }, async (request) => ({
    days: await orders.dailyEarnings(request.query.days ?? EARNINGS_DAYS),
  }));

  async function existing(id: string): Promise<Order> {
    const order = isOrderId(id) ? await orders.find(id) : undefined;
    if (!order) throw notFound('There is no order with this id.');
    return order;
  }

  /** The order as the owner's action left it; a refusal is a 409 (a 400 for what the owner typed). */
  async function act(work: () => Promise<Applied>): Promise<{ order: AdminOrder }> {
    try {
      const { order } = await work();
      if (!order) throw notFound('There is no order with this id.');
      return { order: adminOrder(order, publicUrl) };
    } catch (error) {
      if (!(error instanceof OwnerActionRefused)) throw error;
      throw new HttpError(error.code.startsWith('invalid_') ? 400 : 409, error.code, error.message);
    }
  }

  routes.get<{ Params: { id: string } }>(
    adminOrderPath(':id'),
    { schema: orderDetailSchema },
    async (request) => {
      const order = await existing(request.params.id);
      const [history, emails, refund] = await Promise.all([
        orders.history(order.id),
        orderEmailLog(app.db, order.id),
        createOrderRefunds(app.db).find(order.id),
      ]);
      return {
        order: adminOrder(order, publicUrl),
        history: history.map((entry) => ({
          at: entry.at.toISOString(),
          source: entry.source,
          event: entry.event,
          fromState: entry.fromState,
          toState: entry.toState,
          note: entry.note,
        })),
        emails: emails.map((email) => ({
          ...email,
          queuedAt: email.queuedAt.toISOString(),
          sentAt: email.sentAt?.toISOString() ?? null,
        })),
        refund: refund
          ? {
              status: refund.status,
              amountCents: refund.amountCents,
              providerReference: refund.providerReference,
              error: refund.error,
              requestedAt: refund.requestedAt.toISOString(),
              settledAt: refund.settledAt?.toISOString() ?? null,
            }
          : null,
      };
    },
  );

  routes.post<{ Params: { id: string } }>(
    adminResubmitPath(':id'),
    { schema: orderActionSchema },
    async (request) => {
      const { id } = request.params;
      const answer = await act(() => app.ownerActions.resubmit(id));
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
      const answer = await act(() => app.ownerActions.correctAddress(id, checked.shipTo));
      request.log.info({ orderId: id }, 'the owner corrected the shipping address');
      return answer;
    },
  );

  routes.post(adminShipPath(':id'), { schema: shipSchema }, async (request) => {
    const { id } = request.params as { id: string };
    const { carrier, number, url = '' } = request.body;
    const answer = await act(() => app.ownerActions.shipByHand(id, { carrier, number, url }));
    request.log.info({ orderId: id }, 'the owner shipped an order by hand');
    return answer;
  });

  routes.post<{ Params: { id: string } }>(
    adminResendConfirmationPath(':id'),
    { schema: orderActionSchema },
    async (request) => {
      const { id } = request.params;
      const answer = await act(() => app.ownerActions.resendConfirmation(id));
      request.log.info({ orderId: id }, 'the owner sent the confirmation again');
      return answer;
    },
  );

  routes.post<{ Params: { id: string }; Body: unknown }>(
    adminCancelRefundPath(':id'),
    // The body is optional (`{"reason": "…"}`): with no reason, the owner is said to have cancelled.
    { schema: orderActionSchema },
    async (request) => {
      const { id } = request.params;
      const { body } = request;
      const reason =
        typeof body === 'object' && body !== null
          ? (body as Record<string, unknown>).reason
          : undefined;
      if (reason !== undefined && typeof reason !== 'string') {
        throw badRequest('reason must be a string');
      }
      const answer = await act(() => app.ownerActions.cancelAndRefund(id, reason ?? ''));
      request.log.info({ orderId: id }, 'the owner cancelled and refunded an order');
      return answer;
    },
  );

  routes.post<{ Params: { id: string }; Body: { amountCents: number; reason?: string } }>(
    adminRefundPath(':id'),
    { schema: refundSchema },
    async (request) => {
      const { id } = request.params;
      const { amountCents, reason = '' } = request.body;
      const answer = await act(() => app.ownerActions.refundPart(id, amountCents, reason));
      request.log.info({ orderId: id, amountCents }, 'the owner refunded part of an order');
      return answer;
    },
  );

  app.get(ADMIN_VITALS_PATH, async () => ({
    vitals: await app.repositories.vitals.p75ByMetricAndRoute(),
  }));
}

export default fp(adminRoutes, { name: 'admin-routes', encapsulate: true });
