/**
 * The print provider's side of the API: the signed print file link it fetches, and its signed
 * webhook that moves an order to shipped (with tracking) or to a problem. Registered only when a
 * provider is configured.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { cleanShopperText } from '../../http/cleanText';
import { HttpError, notFound } from '../../http/httpError';
import { PRINT_FILE_PATH_PREFIX } from '../../fulfillment/printFileLinks';
import { printableArtwork } from '../../images/printFiles';
import { parseArtworkReference } from '../../orders/artworkReference';
import { isId } from '../../storage/ids';
import { printFileSchema } from '../../schemas/creator';

export const PRINT_PROVIDER_WEBHOOK_PATH = '/creator/print-provider/webhook';
/** Printful's header: the hex HMAC-SHA256 of the body with the webhook's secret. */
export const PRINT_PROVIDER_SIGNATURE_HEADER = 'x-pf-webhook-signature';

interface ProviderEvent {
  type?: unknown;
  data?: {
    order?: { external_id?: unknown };
    shipment?: { carrier?: unknown; tracking_number?: unknown; tracking_url?: unknown };
    reason?: unknown;
  };
}

const PROBLEM_EVENTS = new Set(['order_failed', 'order_canceled', 'order_put_hold']);

/** A short piece of the provider's text, safe to keep and show. */
function providerText(value: unknown, maxLength: number): string {
  return typeof value === 'string' ? cleanShopperText(value).slice(0, maxLength) : '';
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

export default async function printProviderRoutes(app: FastifyInstance) {
  const provider = app.appConfig.printProvider;
  const links = app.printFileLinks;
  if (provider.kind === 'none' || !links) return;
  const { orders, images } = app.repositories;

  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .get(`${PRINT_FILE_PATH_PREFIX}:file`, { schema: printFileSchema }, async (request, reply) => {
      const orderId = /^(.+)\.png$/.exec(request.params.file)?.[1] ?? '';
      const { expires, signature } = request.query;
      if (!isId(orderId) || !links.verify(orderId, expires, signature, app.clock())) {
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
    let event: ProviderEvent;
    try {
      event = JSON.parse(request.body.toString('utf8')) as ProviderEvent;
    } catch {
      throw new HttpError(400, 'invalid_request', 'The webhook body is not JSON.');
    }
    const orderId = event.data?.order?.external_id;
    if (typeof orderId !== 'string' || !isId(orderId)) return { received: true };

    if (event.type === 'package_shipped') {
      const shipment = event.data?.shipment ?? {};
      const order = await orders.markShipped(orderId, {
        carrier: providerText(shipment.carrier, 60),
        number: providerText(shipment.tracking_number, 100),
        url: trackingLink(shipment.tracking_url),
      });
      request.log.info(
        { orderId, found: order !== undefined },
        'the print provider shipped an order',
      );
    } else if (typeof event.type === 'string' && PROBLEM_EVENTS.has(event.type)) {
      const reason = providerText(event.data?.reason, 300) || event.type.replace(/_/g, ' ');
      const order = await orders.markProblem(orderId, reason);
      request.log.warn(
        { orderId, reason, found: order !== undefined },
        'the print provider reported a problem',
      );
    }
    return { received: true };
  });
}
