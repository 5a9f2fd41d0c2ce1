/**
 * The print provider's HTTP API, modelled on Printful's order API: the order's id is the provider's
 * `external_id`, the print file is a link the provider fetches, the shirt is a catalog variant.
 * Submitting is idempotent by that id: an order the provider already has (an earlier try that
 * timed out after it was accepted, another instance) is adopted, never created twice. A new
 * attempt after the provider cancelled or failed its order has an id of its own. The owner's
 * cancellation asks the provider where its order is first: it can take back only one it has not
 * started making.
 */
import { centsToDecimal, decimalToCents } from '@tshirt/shared/money';
import type { PrintProviderConfig } from '../config';
import type { Order, ProviderCost } from '../orders/ordersRepository';
import { CATALOG_PRODUCT_IDS, findVariant, type CatalogVariant } from './printVariants';

type PrintfulSettings = Extract<PrintProviderConfig, { kind: 'printful' }>;

/**
 * A submission that failed; `retryable` when trying again later may work (outage, time-out, 429),
 * `addressRefused` when the provider refused where it ships (only the shopper can fix that).
 */
export class PrintProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly addressRefused = false,
    /** The provider's own words, fit to show the shopper. */
    readonly providerMessage = '',
  ) {
    super(message);
    this.name = 'PrintProviderError';
  }
}

/** What asking the provider to cancel its order under an external id came to. */
export type ProviderCancellation =
  /** It had the order, had not started it, and cancelled it now. */
  | { outcome: 'cancelled' }
  /** It has no order under that id (never sent, or sent under another attempt's id). */
  | { outcome: 'absent' }
  | { outcome: 'already_cancelled' }
  /** It keeps the order: `status` is the provider's, `message` says why in the owner's words. */
  | { outcome: 'refused'; status: string; started: boolean; message: string };

/** The provider's order for one of ours: its id, and what it charges when it says. */
export interface AcceptedOrder {
  providerOrderId: string;
  cost: ProviderCost | undefined;
}

export interface PrintProvider {
  /**
   * Sends a paid order with its print file link under `externalId` (one per attempt); resolves
   * with the provider's order (an order it already had under that id is adopted).
   */
  submit(order: Order, externalId: string, printFileUrl: string): Promise<AcceptedOrder>;
  /** Cancels the order under `externalId` unless making it has started; throws when unreachable. */
  cancel(externalId: string): Promise<ProviderCancellation>;
  /** The catalog product's variants as the provider lists them now; throws when unreachable. */
  readCatalog(productId: number): Promise<CatalogVariant[]>;
}

/**
 * Printful's order statuses it cancels from (its API cancels a draft or pending order; a failed one
 * or one on hold is not being made, so it is asked, and its answer decides).
 */
const CANCELLABLE_STATUSES = new Set(['draft', 'pending', 'failed', 'onhold']);
/** Printful is reviewing the order: it cannot cancel until the review is over. */
const IN_REVIEW_STATUS = 'inreview';
const CANCELLED_STATUS = 'canceled';

export const STARTED_MAKING_MESSAGE =
  'The print provider has started making this order and can no longer cancel it';

/** Printful's words for a recipient it cannot ship to. */
const ADDRESS_REFUSAL = /recipient|address|zip|postal|state_code|country/i;

interface ProviderAnswer {
  status: number;
  body: { result?: unknown; error?: { message?: unknown } } | undefined;
}

function errorMessage(answer: ProviderAnswer): string {
  const message = answer.body?.error?.message ?? answer.body?.result;
  return typeof message === 'string' ? message.slice(0, 300) : `HTTP ${answer.status}`;
}

/**
 * Printful's `costs` of an order (decimal strings in its currency) as what the shop pays, in cents:
 * shipping, tax (sales tax and VAT) and the total as reported; the items are the rest of the total
 * (the shirts less any discount, with the fees). Undefined when the costs are missing, not whole
 * cents, in another currency than the order's, or larger in parts than in all.
 */
export function printfulCost(costs: unknown, orderCurrency: string): ProviderCost | undefined {
  if (typeof costs !== 'object' || costs === null) return undefined;
  const reported = costs as Record<string, unknown>;
  const { currency } = reported;
  if (currency !== undefined && String(currency).toUpperCase() !== orderCurrency.toUpperCase()) {
    return undefined;
  }
  const cents = (name: string, required: boolean): number | undefined => {
    const value = reported[name];
    if (value === undefined || value === null) return required ? undefined : 0;
    return typeof value === 'string' || typeof value === 'number'
      ? decimalToCents(String(value))
      : undefined;
  };
  const totalCents = cents('total', true);
  const shippingCents = cents('shipping', true);
  const salesTax = cents('tax', false);
  const vat = cents('vat', false);
  if ([totalCents, shippingCents, salesTax, vat].includes(undefined)) return undefined;
  const taxCents = salesTax! + vat!;
  const itemsCents = totalCents! - shippingCents! - taxCents;
  if (itemsCents < 0) return undefined;
  return { itemsCents, shippingCents: shippingCents!, taxCents, totalCents: totalCents! };
}

/** 4xx but 408, 409 and 429 will answer the same next time: the order itself is the problem. */
const isPermanent = (status: number) =>
  status >= 400 && status < 500 && status !== 408 && status !== 409 && status !== 429;

export function createPrintfulProvider(settings: PrintfulSettings): PrintProvider {
  const base = settings.apiBase.href.replace(/\/+$/, '');
  const variantsByProduct = new Map<number, Promise<CatalogVariant[]>>();

  async function call(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown) {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${settings.apiKey}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
    } catch (error) {
      const timedOut = (error as Error).name === 'TimeoutError';
      throw new PrintProviderError(
        timedOut
          ? `the print provider did not answer within ${settings.timeoutMs} ms`
          : 'the print provider could not be reached',
        true,
      );
    }
    let parsed: ProviderAnswer['body'];
    try {
      parsed = (await response.json()) as ProviderAnswer['body'];
    } catch {
      parsed = undefined;
    }
    return { status: response.status, body: parsed };
  }

  function failure(what: string, answer: ProviderAnswer): PrintProviderError {
    const permanent = isPermanent(answer.status);
    const said = errorMessage(answer);
    return new PrintProviderError(
      `${what}: ${said} (HTTP ${answer.status})`,
      !permanent,
      permanent && ADDRESS_REFUSAL.test(said),
      said,
    );
  }

  /** The provider's order in its answer (to creating it, or looking it up), if the answer has one. */
  function acceptedOrder(answer: ProviderAnswer, order: Order): AcceptedOrder | undefined {
    const result = answer.body?.result as { id?: unknown; costs?: unknown } | undefined;
    const id = result?.id;
    if (answer.status !== 200 || (typeof id !== 'number' && typeof id !== 'string')) {
      return undefined;
    }
    return { providerOrderId: String(id), cost: printfulCost(result?.costs, order.currency) };
  }

  /** The order the provider already has under our id, or undefined. */
  async function existingOrder(
    externalId: string,
    order: Order,
  ): Promise<AcceptedOrder | undefined> {
    const answer = await call('GET', `/orders/@${encodeURIComponent(externalId)}`);
    if (answer.status === 404) return undefined;
    const existing = acceptedOrder(answer, order);
    if (existing) return existing;
    throw failure('looking the order up at the print provider failed', answer);
  }

  /** The provider's status of its order under our id (`draft`, `pending`, `inprocess`…), if it has one. */
  async function orderStatus(externalId: string): Promise<string | undefined> {
    const answer = await call('GET', `/orders/@${encodeURIComponent(externalId)}`);
    if (answer.status === 404) return undefined;
    const status = (answer.body?.result as { status?: unknown } | undefined)?.status;
    if (answer.status === 200 && typeof status === 'string') return status;
    throw failure('looking the order up at the print provider failed', answer);
  }

  async function readCatalog(productId: number): Promise<CatalogVariant[]> {
    const answer = await call('GET', `/products/${productId}`);
    const list = (answer.body?.result as { variants?: unknown } | undefined)?.variants;
    if (answer.status !== 200 || !Array.isArray(list)) {
      throw failure(`reading catalog product ${productId} failed`, answer);
    }
    return list as CatalogVariant[];
  }

  function catalogVariants(productId: number): Promise<CatalogVariant[]> {
    let variants = variantsByProduct.get(productId);
    if (!variants) {
      variants = readCatalog(productId);
      // A failed read is asked again next time; a good one is kept for the life of the server.
      variants.catch(() => variantsByProduct.delete(productId));
      variantsByProduct.set(productId, variants);
    }
    return variants;
  }

  return {
    readCatalog,
    async submit(order, externalId, printFileUrl) {
      const already = await existingOrder(externalId, order);
      if (already !== undefined) return already;
      if (!order.shipTo || !order.email) {
        throw new PrintProviderError(
          'the order has no shipping address',
          false,
          true,
          'We have no shipping address for this order.',
        );
      }
      const productId = CATALOG_PRODUCT_IDS[order.shirtStyle];
      const variant = findVariant(
        await catalogVariants(productId),
        order.shirtColor,
        order.shirtSize,
      );
      if (!variant) {
        throw new PrintProviderError(
          `catalog product ${productId} has no ${order.shirtColor} shirt in size ${order.shirtSize}`,
          false,
        );
      }
      const { shipTo } = order;
      const answer = await call('POST', '/orders?confirm=true', {
        external_id: externalId,
        shipping: 'STANDARD',
        recipient: {
          name: shipTo.name,
          address1: shipTo.line1,
          address2: shipTo.line2,
          city: shipTo.city,
          state_code: shipTo.state,
          country_code: shipTo.country,
          zip: shipTo.postalCode,
          email: order.email,
        },
        items: [
          {
            variant_id: variant.id,
            quantity: order.quantity,
            retail_price: centsToDecimal(order.unitPriceCents),
            files: [{ type: 'default', url: printFileUrl }],
          },
        ],
        // What the shopper paid, for the packing slip and customs (the provider's own costs are apart).
        retail_costs: {
          currency: order.currency,
          subtotal: centsToDecimal(order.subtotalCents),
          discount: '0.00',
          shipping: centsToDecimal(order.shippingCents),
          tax: centsToDecimal(order.taxCents),
        },
      });
      const accepted = acceptedOrder(answer, order);
      if (accepted) return accepted;
      // Accepted by another attempt between our look-up and this one: adopt it.
      if (answer.status === 409 || /already exists/i.test(errorMessage(answer))) {
        const adopted = await existingOrder(externalId, order);
        if (adopted !== undefined) return adopted;
      }
      throw failure('the print provider refused the order', answer);
    },

    async cancel(externalId) {
      const status = await orderStatus(externalId);
      if (status === undefined) return { outcome: 'absent' };
      if (status === CANCELLED_STATUS) return { outcome: 'already_cancelled' };
      if (status === IN_REVIEW_STATUS) {
        return {
          outcome: 'refused',
          status,
          started: false,
          message:
            'The print provider is reviewing this order and cannot cancel it until the review is over: try again later',
        };
      }
      if (!CANCELLABLE_STATUSES.has(status)) {
        return { outcome: 'refused', status, started: true, message: STARTED_MAKING_MESSAGE };
      }
      const answer = await call('DELETE', `/orders/@${encodeURIComponent(externalId)}`);
      if (answer.status === 200) return { outcome: 'cancelled' };
      if (answer.status === 404) return { outcome: 'absent' };
      if (!isPermanent(answer.status)) {
        throw failure('cancelling the order at the print provider failed', answer);
      }
      return {
        outcome: 'refused',
        status,
        started: false,
        message: `The print provider would not cancel this order: ${errorMessage(answer)}`,
      };
    },
  };
}
