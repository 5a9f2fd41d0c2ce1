/**
 * The print provider's HTTP API, modelled on Printful's order API: the order's id is the provider's
 * `external_id`, the print file is a link the provider fetches, the shirt is a catalog variant.
 * Submitting is idempotent by that id: an order the provider already has (an earlier try that
 * timed out after it was accepted, another instance) is adopted, never created twice. A new
 * attempt after the provider cancelled or failed its order has an id of its own.
 */
import type { PrintProviderConfig } from '../config';
import type { Order } from '../orders/ordersRepository';
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

export interface PrintProvider {
  /**
   * Sends a paid order with its print file link under `externalId` (one per attempt); resolves
   * with the provider's order id.
   */
  submit(order: Order, externalId: string, printFileUrl: string): Promise<string>;
}

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

/** 4xx but 408, 409 and 429 will answer the same next time: the order itself is the problem. */
const isPermanent = (status: number) =>
  status >= 400 && status < 500 && status !== 408 && status !== 409 && status !== 429;

export function createPrintfulProvider(settings: PrintfulSettings): PrintProvider {
  const base = settings.apiBase.href.replace(/\/+$/, '');
  const variantsByProduct = new Map<number, Promise<CatalogVariant[]>>();

  async function call(method: 'GET' | 'POST', path: string, body?: unknown) {
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

  /** The provider's id of the order it already has under our id, or undefined. */
  async function existingOrderId(orderId: string): Promise<string | undefined> {
    const answer = await call('GET', `/orders/@${encodeURIComponent(orderId)}`);
    if (answer.status === 404) return undefined;
    const id = (answer.body?.result as { id?: unknown } | undefined)?.id;
    if (answer.status === 200 && (typeof id === 'number' || typeof id === 'string')) {
      return String(id);
    }
    throw failure('looking the order up at the print provider failed', answer);
  }

  function catalogVariants(productId: number): Promise<CatalogVariant[]> {
    let variants = variantsByProduct.get(productId);
    if (!variants) {
      variants = call('GET', `/products/${productId}`).then((answer) => {
        const list = (answer.body?.result as { variants?: unknown } | undefined)?.variants;
        if (answer.status !== 200 || !Array.isArray(list)) {
          throw failure(`reading catalog product ${productId} failed`, answer);
        }
        return list as CatalogVariant[];
      });
      // A failed read is asked again next time; a good one is kept for the life of the server.
      variants.catch(() => variantsByProduct.delete(productId));
      variantsByProduct.set(productId, variants);
    }
    return variants;
  }

  return {
    async submit(order, externalId, printFileUrl) {
      const already = await existingOrderId(externalId);
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
            files: [{ type: 'default', url: printFileUrl }],
          },
        ],
      });
      const id = (answer.body?.result as { id?: unknown } | undefined)?.id;
      if (answer.status === 200 && (typeof id === 'number' || typeof id === 'string')) {
        return String(id);
      }
      // Accepted by another attempt between our look-up and this one: adopt it.
      if (answer.status === 409 || /already exists/i.test(errorMessage(answer))) {
        const adopted = await existingOrderId(externalId);
        if (adopted !== undefined) return adopted;
      }
      throw failure('the print provider refused the order', answer);
    },
  };
}
