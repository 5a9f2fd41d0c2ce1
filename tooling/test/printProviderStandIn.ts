/**
 * A local stand-in of the print provider's HTTP API (Printful's order API, the parts the store
 * uses): the catalog's variants, orders by external id (refusing a second order under the same
 * id, as Printful does), each with its status and cancelled as Printful cancels (only before it is
 * being made), fetching each order's print file like the real provider, what each order costs the
 * shop (Printful's `costs`), and a signed shipping webhook. Server tests and browser tests point
 * PRINT_PROVIDER_API_BASE at it.
 */
import { createHmac } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import { listenOnLoopback, readBody, sendJson } from './standInHttp';

/** The catalog's colour names and sizes the stand-in offers for every product. */
const CATALOG_COLORS = [
  'Black',
  'White',
  'Red',
  'True Royal',
  'Navy',
  'Athletic Heather',
  'Dark Grey',
  'Pink',
];
const CATALOG_SIZES = ['S', 'M', 'L', 'XL', 'XXL', '3XL', '4XL', '5XL', '6XL'];

/**
 * The sizes each catalog product lacks, as print providers stock them: the youth shirt (163) stops
 * at 3XL, the women's (360) at 4XL; the unisex (71) comes in every size.
 */
export const CATALOG_MISSING_SIZES: Readonly<Record<number, readonly string[]>> = {
  163: ['4XL', '5XL', '6XL'],
  360: ['5XL', '6XL'],
};

/** Printful's order statuses; a test sets `inprocess` to have the provider start making an order. */
export type ProviderOrderStatus =
  | 'draft'
  | 'inreview'
  | 'pending'
  | 'failed'
  | 'canceled'
  | 'inprocess'
  | 'onhold'
  | 'partial'
  | 'fulfilled'
  | 'archived';

/** The statuses Printful cancels an order from (DELETE /orders/{id}): not yet being made. */
const CANCELLABLE: ReadonlySet<ProviderOrderStatus> = new Set([
  'draft',
  'pending',
  'failed',
  'onhold',
]);

/** What the stand-in charges: each shirt, then shipping for the first shirt and each additional one. */
export const STAND_IN_PRICES = {
  shirtCents: 1295,
  firstShippingCents: 469,
  additionalShippingCents: 220,
};

/** Printful's `costs` of an order: decimal strings in the order's currency. */
export interface ProviderCosts {
  currency: string;
  subtotal: string;
  discount: string;
  shipping: string;
  digitization: string;
  additional_fee: string;
  fulfillment_fee: string;
  tax: string;
  vat: string;
  total: string;
}

const decimal = (cents: number) =>
  `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** What the stand-in charges for `quantity` shirts, as Printful reports an order's costs. */
export function standInCosts(quantity: number, currency = 'USD'): ProviderCosts {
  const shirts = STAND_IN_PRICES.shirtCents * quantity;
  const shipping =
    STAND_IN_PRICES.firstShippingCents + STAND_IN_PRICES.additionalShippingCents * (quantity - 1);
  return {
    currency,
    subtotal: decimal(shirts),
    discount: '0.00',
    shipping: decimal(shipping),
    digitization: '0.00',
    additional_fee: '0.00',
    fulfillment_fee: '0.00',
    tax: '0.00',
    vat: '0.00',
    total: decimal(shirts + shipping),
  };
}

export interface ProviderOrder {
  id: number;
  externalId: string;
  /** `pending` once confirmed; a test moves it on (`inprocess`: making it has started). */
  status: ProviderOrderStatus;
  body: {
    recipient: Record<string, string>;
    items: Array<{
      variant_id: number;
      quantity: number;
      retail_price?: string;
      files: Array<{ url: string }>;
    }>;
    /** What the shopper paid, in the order's currency, as decimal strings. */
    retail_costs?: {
      currency: string;
      subtotal: string;
      discount: string;
      shipping: string;
      tax: string;
    };
  };
  /** What it costs the shop; absent when the stand-in was told not to say (`reportsCosts`). */
  costs?: ProviderCosts;
  /** What fetching the print file gave: its HTTP status and size in bytes. */
  printFile?: {
    status: number;
    bytes: number;
    contentType: string | null;
    /** From the PNG's header: its pixel size and whether it has an alpha channel. */
    png?: { width: number; height: number; alpha: boolean };
  };
}

/**
 * How the stand-in answers order submissions: `accept` (normally), `down` (503), `hang` (never
 * answers), `acceptThenHang` (creates the order, then never answers: a time-out after accepting),
 * `refuseAddress` (400: the recipient's address cannot be shipped to), `refuse` (400: an order it
 * cannot make for another reason).
 */
export type SubmissionMode =
  'accept' | 'down' | 'hang' | 'acceptThenHang' | 'refuseAddress' | 'refuse';

/** Printful's webhook event types the stand-in can send. */
export type ProviderEventType =
  | 'package_shipped'
  | 'shipment_sent'
  | 'shipment_delivered'
  | 'package_returned'
  | 'shipment_returned'
  | 'order_failed'
  | 'order_canceled'
  | 'order_put_hold'
  | 'order_put_hold_approval'
  | 'order_remove_hold'
  | 'order_updated';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width, height and alpha from a PNG's IHDR chunk (colour types 4 and 6 carry alpha). */
function pngHeader(bytes: Buffer): { width: number; height: number; alpha: boolean } | undefined {
  if (bytes.length < 26 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return undefined;
  const colorType = bytes[25] as number;
  return {
    width: bytes.readUInt32BE(16),
    height: bytes.readUInt32BE(20),
    alpha: colorType === 4 || colorType === 6,
  };
}

export interface PrintProviderStandIn {
  url: string;
  apiKey: string;
  webhookSecret: string;
  /** Orders created, by external id (a second submission of the same id is refused, not added). */
  orders: Map<string, ProviderOrder>;
  /** Every POST /orders received, refused ones included. */
  submissions: string[];
  /** `down`: catalog reads answer 503 (the store must start and sell anyway). */
  catalogMode: 'up' | 'down';
  /** Catalog reads received (GET /products/<id>), by product id. */
  catalogReads: number[];
  /** The external id of every DELETE /orders/@<id> received, refused ones included. */
  cancellations: string[];
  mode: SubmissionMode;
  /** `false`: orders are answered without their `costs`, as an answer that does not say them. */
  reportsCosts: boolean;
  /**
   * Where the store really listens, when its PUBLIC_URL (in the print file links) is not reachable
   * from here: the stand-in fetches print files from this origin instead.
   */
  storeOrigin: string | undefined;
  /**
   * Sends a signed webhook event about the order the provider knows as `externalId` (`data`
   * beside the order, like `reason`; `secret` to sign with another one, `body` to send raw bytes).
   */
  sendEvent(
    storeUrl: string,
    type: ProviderEventType | string,
    externalId: string,
    options?: { data?: Record<string, unknown>; secret?: string; body?: string },
  ): Promise<Response>;
  /** Sends the signed `package_shipped` webhook for an order to the store at `storeUrl`. */
  ship(
    storeUrl: string,
    externalId: string,
    tracking?: { carrier: string; number: string; url: string },
    options?: { secret?: string },
  ): Promise<Response>;
  close(): Promise<void>;
}

export async function startPrintProviderStandIn(
  options: { apiKey?: string; webhookSecret?: string; fetchPrintFiles?: boolean } = {},
): Promise<PrintProviderStandIn> {
  const apiKey = options.apiKey ?? 'pf_test_key_0123456789';
  const webhookSecret = options.webhookSecret ?? 'pf_webhook_secret_0123456789';
  const orders = new Map<string, ProviderOrder>();
  const submissions: string[] = [];
  const cancellations: string[] = [];
  const hanging = new Set<ServerResponse>();
  let nextOrderId = 1000;

  async function fetchPrintFile(order: ProviderOrder): Promise<void> {
    const link = order.body.items[0]?.files[0]?.url;
    if (!link) return;
    const url = standIn.storeOrigin
      ? `${standIn.storeOrigin}${new URL(link).pathname}${new URL(link).search}`
      : link;
    try {
      const answer = await fetch(url);
      const body = Buffer.from(await answer.arrayBuffer());
      order.printFile = {
        status: answer.status,
        bytes: body.byteLength,
        contentType: answer.headers.get('content-type'),
        png: pngHeader(body),
      };
    } catch {
      order.printFile = { status: 0, bytes: 0, contentType: null };
    }
  }

  const standIn: PrintProviderStandIn = {
    url: '',
    apiKey,
    webhookSecret,
    orders,
    submissions,
    cancellations,
    catalogMode: 'up',
    catalogReads: [],
    mode: 'accept',
    reportsCosts: true,
    storeOrigin: undefined,
    async sendEvent(storeUrl, type, externalId, eventOptions = {}) {
      const body =
        eventOptions.body ??
        JSON.stringify({
          type,
          created: Math.floor(Date.now() / 1000),
          retries: 0,
          data: {
            ...eventOptions.data,
            order: {
              id: orders.get(externalId)?.id ?? 0,
              external_id: externalId,
              status: 'fulfilled',
            },
          },
        });
      const signature = createHmac('sha256', eventOptions.secret ?? webhookSecret)
        .update(body)
        .digest('hex');
      return fetch(`${storeUrl}/creator/print-provider/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-pf-webhook-signature': signature },
        body,
      });
    },
    ship(storeUrl, externalId, tracking, shipOptions = {}) {
      return standIn.sendEvent(storeUrl, 'package_shipped', externalId, {
        secret: shipOptions.secret,
        data: {
          shipment: {
            carrier: tracking?.carrier ?? 'USPS',
            service: 'USPS First Class',
            tracking_number: tracking?.number ?? '9400100000000000000000',
            tracking_url:
              tracking?.url ??
              'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000000',
          },
        },
      });
    },
    close: () => {
      for (const response of hanging) response.destroy();
      return listening.close();
    },
  };

  const server = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request);
      if (request.headers.authorization !== `Bearer ${apiKey}`) {
        return sendJson(response, 401, {
          code: 401,
          error: { reason: 'Unauthorized', message: 'Invalid token' },
        });
      }
      const path = new URL(request.url ?? '/', 'http://stand-in').pathname;
      const product = /^\/products\/(\d+)$/.exec(path);
      if (request.method === 'GET' && product) {
        const productId = Number(product[1]);
        standIn.catalogReads.push(productId);
        if (standIn.catalogMode === 'down') {
          return sendJson(response, 503, { code: 503, error: { message: 'Service unavailable' } });
        }
        let id = productId * 1000;
        const missing = CATALOG_MISSING_SIZES[productId] ?? [];
        // Ids over the whole grid, so a variant's id does not depend on which sizes are missing.
        const variants = CATALOG_COLORS.flatMap((color) =>
          CATALOG_SIZES.map((size) => ({ id: id++, color, size, in_stock: true })),
        ).filter((variant) => !missing.includes(variant.size));
        return sendJson(response, 200, {
          code: 200,
          result: { product: { id: Number(product[1]) }, variants },
        });
      }
      const existing = /^\/orders\/@(.+)$/.exec(path);
      if ((request.method === 'GET' || request.method === 'DELETE') && existing) {
        const externalId = decodeURIComponent(existing[1] as string);
        const order = orders.get(externalId);
        if (request.method === 'DELETE') cancellations.push(externalId);
        if (!order) {
          return sendJson(response, 404, {
            code: 404,
            error: { reason: 'NotFound', message: 'Order not found' },
          });
        }
        if (request.method === 'DELETE') {
          if (!CANCELLABLE.has(order.status)) {
            const message = `Order with status ${order.status} cannot be canceled`;
            return sendJson(response, 400, {
              code: 400,
              result: message,
              error: { reason: 'BadRequest', message },
            });
          }
          order.status = 'canceled';
        }
        return sendJson(response, 200, {
          code: 200,
          result: {
            id: order.id,
            external_id: order.externalId,
            status: order.status,
            ...(order.costs && { costs: order.costs }),
          },
        });
      }
      if (request.method === 'POST' && path === '/orders') {
        const parsed = JSON.parse(body) as ProviderOrder['body'] & { external_id: string };
        submissions.push(parsed.external_id);
        if (standIn.mode === 'down') {
          return sendJson(response, 503, { code: 503, error: { message: 'Service unavailable' } });
        }
        if (standIn.mode === 'hang') {
          hanging.add(response);
          return;
        }
        if (standIn.mode === 'refuseAddress' || standIn.mode === 'refuse') {
          const message =
            standIn.mode === 'refuseAddress'
              ? 'Recipient: the address could not be verified (ZIP code does not match the city)'
              : 'This product variant is discontinued';
          return sendJson(response, 400, {
            code: 400,
            result: message,
            error: { reason: 'BadRequest', message },
          });
        }
        if (orders.has(parsed.external_id)) {
          return sendJson(response, 400, {
            code: 400,
            result: 'Order with this external ID already exists',
            error: { reason: 'BadRequest', message: 'Order with this external ID already exists' },
          });
        }
        const order: ProviderOrder = {
          id: nextOrderId++,
          externalId: parsed.external_id,
          status: 'pending',
          body: parsed,
          ...(standIn.reportsCosts && {
            costs: standInCosts(
              parsed.items.reduce((sum, item) => sum + item.quantity, 0),
              parsed.retail_costs?.currency ?? 'USD',
            ),
          }),
        };
        orders.set(order.externalId, order);
        // Like the real provider, the file is fetched after the order is taken, not before answering.
        if (options.fetchPrintFiles !== false) setImmediate(() => void fetchPrintFile(order));
        if (standIn.mode === 'acceptThenHang') {
          hanging.add(response);
          return;
        }
        return sendJson(response, 200, {
          code: 200,
          result: {
            id: order.id,
            external_id: order.externalId,
            status: 'pending',
            ...(order.costs && { costs: order.costs }),
          },
        });
      }
      sendJson(response, 404, { code: 404, error: { message: 'No such endpoint' } });
    })();
  });
  const listening = await listenOnLoopback(server);
  standIn.url = listening.url;
  return standIn;
}

/** The store's environment for a print provider stand-in. */
export function printProviderEnv(standIn: PrintProviderStandIn): Record<string, string> {
  return {
    PRINT_PROVIDER_API_KEY: standIn.apiKey,
    PRINT_PROVIDER_WEBHOOK_SECRET: standIn.webhookSecret,
    PRINT_PROVIDER_API_BASE: standIn.url,
  };
}
