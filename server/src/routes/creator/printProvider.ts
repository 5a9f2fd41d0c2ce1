/**
 * The print provider's side of the API: the signed print file link it fetches, and its signed
 * webhook, whose every event moves the order through its state machine (orders/orderLife.ts) or is
 * recorded in its history as ignored, with the reason. Registered only when a provider is configured.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { cleanShopperText } from '../../http/cleanText';
import { HttpError, notFound } from '../../http/httpError';
import { PRINT_FILE_PATH_PREFIX } from '../../fulfillment/printFileLinks';
import { printableArtwork } from '../../images/printFiles';
import { parseArtworkReference } from '../../orders/artworkReference';
import type { OrderEvent } from '../../orders/orderLife';
import { parseProviderExternalId } from '../../orders/ordersRepository';
import { isOrderId } from '../../orders/orderNumber';
import { printFileSchema } from '../../schemas/creator';

export const PRINT_PROVIDER_WEBHOOK_PATH = '/creator/print-provider/webhook';
/** Printful's header: the hex HMAC-SHA256 of the body with the webhook's secret. */
export const PRINT_PROVIDER_SIGNATURE_HEADER = 'x-pf-webhook-signature';

interface ProviderEventData {
  order?: { external_id?: unknown };
  shipment?: { carrier?: unknown; tracking_number?: unknown; tracking_url?: unknown };
  reason?: unknown;
}

interface ProviderEvent {
  type?: unknown;
  data?: ProviderEventData | null;
}

const isObject = (value: unknown): value is object =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A short piece of the provider's text, safe to keep and show: cut, then cleaned of half emoji. */
function providerText(value: unknown, maxLength: number): string {
  return typeof value === 'string' ? cleanShopperText(value.slice(0, maxLength)) : '';
}

/** Only an http(s) link becomes the shopper's tracking link. */
function trackingLink(value: unknown): string {
  if (typeof value !== 'string' || value.length > 2000) return '';
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : '';
  } catch {
    return '';
  }
}

/** The provider's reason, or the event's own name in words when it gave none. */
const reasonOf = (data: ProviderEventData, type: string) =>
  providerText(data.reason, 300) || type.replace(/_/g, ' ');

const shipped = (data: ProviderEventData): OrderEvent => {
  const shipment = data.shipment ?? {};
  return {
    type: 'provider_shipped',
    tracking: {
      carrier: providerText(shipment.carrier, 60),
      number: providerText(shipment.tracking_number, 100),
      url: trackingLink(shipment.tracking_url),
    },
  };
};

type ToOrderEvent = (data: ProviderEventData, type: string) => OrderEvent;

/**
 * Each of Printful's webhook events (the older `package_*` names and the newer `shipment_*` ones)
 * as an event of the order's life; any other type is recorded and ignored. A Map: a type such as
 * `constructor` or `__proto__` must find nothing, not a member of Object.prototype.
 */
const PROVIDER_EVENTS: ReadonlyMap<string, ToOrderEvent> = new Map(
  Object.entries({
    package_shipped: shipped,
    shipment_sent: shipped,
    shipment_delivered: () => ({ type: 'provider_delivered' }),
    package_returned: (data, type) => ({ type: 'provider_returned', reason: reasonOf(data, type) }),
    shipment_returned: (data, type) => ({
      type: 'provider_returned',
      reason: reasonOf(data, type),
    }),
    order_failed: (data, type) => ({ type: 'provider_failed', reason: reasonOf(data, type) }),
    order_canceled: (data, type) => ({ type: 'provider_cancelled', reason: reasonOf(data, type) }),
    order_put_hold: (data, type) => ({ type: 'provider_hold', reason: reasonOf(data, type) }),
    order_put_hold_approval: (data, type) => ({
      type: 'provider_hold',
      reason: reasonOf(data, type),
    }),
    order_remove_hold: () => ({ type: 'provider_hold_removed' }),
  } satisfies Record<string, ToOrderEvent>),
);

async function printProviderRoutes(app: FastifyInstance) {
  const provider = app.appConfig.printProvider;
  const links = app.printFileLinks;
  if (provider.kind === 'none' || !links) return;
  const { orders, images } = app.repositories;

  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .get(`${PRINT_FILE_PATH_PREFIX}:file`, { schema: printFileSchema }, async (request, reply) => {
      const orderId = /^(.+)\.png$/.exec(request.params.file)?.[1] ?? '';
      const { expires, signature } = request.query;
      if (!isOrderId(orderId) || !links.verify(orderId, expires, signature, app.clock())) {
        throw new HttpError(
          403,
          'invalid_link',
          'This print file link is not valid or has expired.',
        );
      }
      const order = await orders.find(orderId);
      const reference = order && parseArtworkReference(order.imagePath, app.appConfig.publicUrl);
      if (!order || order.status !== 'paid' || !reference) {
        throw notFound('There is no print file at this address.');
      }
      const artwork = printableArtwork(reference, images, app.artEngine, order.shirtColor);
      if (!artwork) throw notFound('There is no print file at this address.');
      const png = await app.printFiles.get(artwork);
      return reply
        .header('content-type', 'image/png')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="order-${orderId}.png"`)
        .send(png);
    });

  // The signature covers the exact bytes the provider sent, so the body must stay raw.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: 256 * 1024 },
    (_request, body, done) => done(null, body),
  );

  app.post<{ Body: Buffer }>(PRINT_PROVIDER_WEBHOOK_PATH, async (request) => {
    const signature = request.headers[PRINT_PROVIDER_SIGNATURE_HEADER];
    const expected = Buffer.from(
      createHmac('sha256', provider.webhookSecret)
        .update(Buffer.isBuffer(request.body) ? request.body : '')
        .digest('hex'),
    );
    const given = Buffer.from(typeof signature === 'string' ? signature.toLowerCase() : '');
    if (
      !Buffer.isBuffer(request.body) ||
      given.length !== expected.length ||
      !timingSafeEqual(given, expected)
    ) {
      throw new HttpError(400, 'invalid_signature', 'The webhook signature does not match.');
    }
    let event: unknown;
    try {
      event = JSON.parse(request.body.toString('utf8'));
    } catch {
      throw new HttpError(400, 'invalid_request', 'The webhook body is not JSON.');
    }
    // Signed JSON that is not an object (`null`, a number) has no type or data either.
    const { type: typeGiven, data } = (isObject(event) ? event : {}) as ProviderEvent;
    const type = typeof typeGiven === 'string' ? typeGiven.slice(0, 60) : '';
    if (!type || typeof data !== 'object' || data === null || Array.isArray(data)) {
      request.log.warn({ type }, 'a signed print provider event has no type or data');
      throw new HttpError(400, 'invalid_request', 'The webhook event has no type or data.');
    }
    const externalId = data.order?.external_id;
    const named = typeof externalId === 'string' ? parseProviderExternalId(externalId) : undefined;
    const order = named && isOrderId(named.orderId) ? await orders.find(named.orderId) : undefined;
    // Answered all the same: the provider would only send it again.
    if (!named || !order) {
      request.log.warn(
        { type, externalId },
        'a print provider event for no order of ours: ignored',
      );
      return { received: true };
    }
    const toEvent = PROVIDER_EVENTS.get(type);
    const ignored = !toEvent
      ? `${type} is not an event the store acts on`
      : named.attempt !== order.providerAttempt
        ? `${type} is about an earlier provider order (attempt ${named.attempt}; the order is on attempt ${order.providerAttempt})`
        : undefined;
    if (ignored) {
      await orders.noteEvent(order.id, 'provider', type, ignored);
      request.log.info({ orderId: order.id, type }, ignored);
      return { received: true };
    }
    const { decision } = await app.orderFulfillment.apply(
      order.id,
      toEvent!(data, type),
      'provider',
    );
    request.log.info(
      { orderId: order.id, type, moved: decision?.moves ?? false },
      'a print provider event',
    );
    return { received: true };
  });
}

export default fp(printProviderRoutes, { name: 'print-provider-routes', encapsulate: true });
