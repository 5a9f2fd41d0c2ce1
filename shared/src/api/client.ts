import { STANDALONE_CONFIG_FILE, type StandaloneConfig } from '../contract';
import {
  LIMIT_REACHED_IMAGE_URL,
  type ApiErrorBody,
  type ArtFields,
  type CheckoutOrder,
  type CheckoutResponse,
  type GenerateImageResponse,
  type OrderView,
} from '../types';

export const GENERATE_IMAGE_PATH = '/creator/generate_image';
export const CHECKOUT_PATH = '/creator/checkout';
export const VITALS_PATH = '/creator/vitals';
/** `?token=` (the order page's secret) or `?session_id=` (Stripe's success redirect). */
export const ORDER_PATH = '/creator/order';

/**
 * Where the store's server is: this page's own origin (the composed site, and every page the
 * server renders), or another origin for a remote's page running alone (configureStoreUrl).
 */
let storeOrigin = '';

/** Sends the API calls, and resolves the store's image paths, to the store at `url` (an origin). */
export function configureStoreUrl(url: string): void {
  storeOrigin = url.replace(/\/+$/, '');
}

/**
 * For a remote's standalone page: reads STANDALONE_CONFIG_FILE beside the page and, when it names
 * a store, sends everything there. Without the file (a dev server, a plain static host) the page
 * keeps calling its own origin.
 */
export async function configureStoreFromStandaloneConfig(
  fetchImpl: typeof fetch = globalThis.fetch.bind(globalThis),
): Promise<void> {
  try {
    const response = await fetchImpl(new URL(STANDALONE_CONFIG_FILE, document.baseURI).href, {
      cache: 'no-cache',
    });
    if (!response.ok) return;
    const config = (await response.json()) as Partial<StandaloneConfig> | null;
    if (typeof config?.storeUrl === 'string' && /^https?:\/\/[^/]/.test(config.storeUrl)) {
      configureStoreUrl(config.storeUrl);
    }
  } catch {
    // No readable configuration: the page's own origin it is.
  }
}

/** A path of the store's (an API route, an artwork) as this page must ask for it. */
export function storeUrl(path: string): string {
  return path.startsWith('/') && !path.startsWith('//') ? `${storeOrigin}${path}` : path;
}

/** A failure the UI can show as it is. */
export interface ApiFailure {
  /** Server error code, or `network_error` / `bad_response`. */
  code: string;
  /** A sentence for the shopper. */
  message: string;
  /** HTTP status, when the server answered. */
  status?: number;
}

export type GenerateImageResult =
  | { kind: 'ok'; imageUrl: string; prompt: string }
  | { kind: 'limit'; retryAfterSeconds?: number }
  | { kind: 'error'; error: ApiFailure };

export type CheckoutResult =
  { kind: 'ok'; paymentLinkURL: string } | { kind: 'error'; error: ApiFailure };

export interface ApiClientOptions {
  /** Origin (or path prefix) the API lives under; same origin as the page by default. */
  baseUrl?: string;
  fetch?: typeof fetch;
  signal?: AbortSignal;
}

/** Builds `path?key=value&…` with every value URL-encoded (`&`, `#`, `?`, `%`, emoji survive). */
export function buildQuery(path: string, params: Record<string, string | number>): string {
  const query = Object.entries(params)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
    .join('&');
  return query ? `${path}?${query}` : path;
}

const NETWORK_FAILURE: ApiFailure = {
  code: 'network_error',
  message: 'We could not reach the store. Check your connection and try again.',
};

type Answer =
  | { kind: 'answered'; status: number; headers: Headers; body: unknown }
  | { kind: 'failed'; error: ApiFailure };

async function send(
  url: string,
  method: 'GET' | 'POST',
  options: ApiClientOptions,
): Promise<Answer> {
  const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  let response: Response;
  try {
    response = await fetchImpl(
      options.baseUrl === undefined ? storeUrl(url) : `${options.baseUrl}${url}`,
      {
        method,
        headers: { accept: 'application/json' },
        signal: options.signal,
      },
    );
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') {
      return { kind: 'failed', error: { code: 'aborted', message: 'The request was cancelled.' } };
    }
    return { kind: 'failed', error: NETWORK_FAILURE };
  }
  let body: unknown = undefined;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  return { kind: 'answered', status: response.status, headers: response.headers, body };
}

function isErrorBody(body: unknown): body is ApiErrorBody {
  if (typeof body !== 'object' || body === null || !('error' in body)) return false;
  const error = (body as { error: unknown }).error;
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { message?: unknown }).message === 'string' &&
    typeof (error as { code?: unknown }).code === 'string'
  );
}

function failureFrom(status: number, body: unknown): ApiFailure {
  if (isErrorBody(body)) {
    return { code: body.error.code, message: body.error.message, status };
  }
  if (status >= 200 && status < 300) {
    return {
      code: 'bad_response',
      message: 'The store answered with something unexpected. Please try again.',
      status,
    };
  }
  return {
    code: `http_${status}`,
    message: `Something went wrong on our side (HTTP ${status}). Please try again.`,
    status,
  };
}

function retryAfterSeconds(headers: Headers): number | undefined {
  const header = headers.get('retry-after');
  if (header === null || header.trim() === '') return undefined;
  const value = Number(header);
  return Number.isFinite(value) && value >= 0 ? value : undefined;
}

export async function generateImage(
  fields: ArtFields,
  options: ApiClientOptions = {},
): Promise<GenerateImageResult> {
  const answer = await send(
    buildQuery(GENERATE_IMAGE_PATH, {
      target: fields.target,
      interests: fields.interests,
      occasion: fields.occasion,
      colors: fields.colors,
      style: fields.style,
      objects: fields.objects,
    }),
    'GET',
    options,
  );
  if (answer.kind === 'failed') return { kind: 'error', error: answer.error };
  const { status, headers, body } = answer;
  const imageUrl = (body as Partial<GenerateImageResponse> | undefined)?.image_url;
  if (status === 429 || imageUrl === LIMIT_REACHED_IMAGE_URL) {
    const seconds = retryAfterSeconds(headers);
    return seconds === undefined
      ? { kind: 'limit' }
      : { kind: 'limit', retryAfterSeconds: seconds };
  }
  const prompt = (body as Partial<GenerateImageResponse> | undefined)?.prompt;
  if (status >= 200 && status < 300 && typeof imageUrl === 'string' && imageUrl !== '') {
    return { kind: 'ok', imageUrl, prompt: typeof prompt === 'string' ? prompt : '' };
  }
  return { kind: 'error', error: failureFrom(status, body) };
}

export async function createCheckout(
  order: CheckoutOrder,
  options: ApiClientOptions = {},
): Promise<CheckoutResult> {
  const answer = await send(
    buildQuery(CHECKOUT_PATH, {
      productName: order.productName,
      quantity: order.quantity,
      shirtStyle: order.shirtStyle,
      shirtColor: order.shirtColor,
      shirtSize: order.shirtSize,
      imageURL: order.imageURL,
      prompt: order.prompt,
    }),
    'POST',
    options,
  );
  if (answer.kind === 'failed') return { kind: 'error', error: answer.error };
  const { status, body } = answer;
  const link = (body as Partial<CheckoutResponse> | undefined)?.paymentLinkURL;
  if (status >= 200 && status < 300 && typeof link === 'string' && link !== '') {
    // A link to the store's own payment page is the store's path: from a page running alone, it is on the store.
    return { kind: 'ok', paymentLinkURL: storeUrl(link) };
  }
  return { kind: 'error', error: failureFrom(status, body) };
}

export type OrderResult = { kind: 'ok'; order: OrderView } | { kind: 'error'; error: ApiFailure };

/** Which order to show: by its secret link, or by the Stripe Checkout session that paid for it. */
export type OrderLookup = { token: string } | { sessionId: string };

export async function fetchOrder(
  lookup: OrderLookup,
  options: ApiClientOptions = {},
): Promise<OrderResult> {
  const answer = await send(
    buildQuery(
      ORDER_PATH,
      'token' in lookup ? { token: lookup.token } : { session_id: lookup.sessionId },
    ),
    'GET',
    options,
  );
  if (answer.kind === 'failed') return { kind: 'error', error: answer.error };
  const { status, body } = answer;
  const order = body as Partial<OrderView> | undefined;
  if (
    status >= 200 &&
    status < 300 &&
    typeof order?.orderNumber === 'string' &&
    typeof order.state === 'string'
  ) {
    return { kind: 'ok', order: order as OrderView };
  }
  return { kind: 'error', error: failureFrom(status, body) };
}
