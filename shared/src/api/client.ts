import { EVENT_STREAM_TYPE, type GenerationStreamEvent } from './generationStream';
import { SHIRT_COLORS, type ShirtColor } from '../catalog';
import {
  LIMIT_REACHED_IMAGE_URL,
  type ApiErrorBody,
  type ArtworkShirtAdvice,
  type ArtFields,
  type CheckoutOrder,
  type CheckoutResponse,
  type GenerateImageResponse,
  type OrderView,
  type ShipTo,
  type StoreOffer,
} from '../types';

import {
  CHECKOUT_PATH,
  GENERATE_IMAGE_PATH,
  ORDER_ADDRESS_PATH,
  ORDER_PATH,
  STORE_OFFER_PATH,
} from './paths';

export * from './paths';

/**
 * Where the store's server is: this page's own origin (the composed site, and every page the
 * server renders), or another origin for a remote's page running alone (./standaloneStore.ts).
 */
let storeOrigin = '';

/**
 * Sends the API calls, and resolves the store's image paths, to the store at `url` (an origin);
 * `unreachable` is what a call that gets no answer says then.
 */
export function configureStoreUrl(url: string, unreachable: ApiFailure = NETWORK_FAILURE): void {
  storeOrigin = url.replace(/\/+$/, '');
  networkFailure = unreachable;
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
  /** A message per form field the server refused (the address correction's fields). */
  fields?: Record<string, string>;
  /** The one request field the refusal is about (an art field's name): shown under that field. */
  field?: string;
}

/** What came with the answer for the shirt asked for (GenerateImageResponse `artwork`). */
export interface AnswerArtwork {
  shirt: ShirtColor;
  /** The engine's SVG as drawn for `shirt` (absent for a model's picture). */
  svg?: string;
  advice?: ArtworkShirtAdvice;
}

export type GenerateImageResult =
  | {
      kind: 'ok';
      imageUrl: string;
      prompt: string;
      artwork?: AnswerArtwork;
      /** The shopper's words the engine could not draw (absent: it drew every one). */
      notUnderstood?: string[];
    }
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

export interface GenerateImageOptions extends ApiClientOptions {
  /**
   * Asks for the streamed answer: called with each partial picture (a `data:image/…` URL) while an
   * image model draws. The result is the same either way; the built-in engine sends none.
   */
  onPartialImage?: (imageDataUrl: string, index: number) => void;
  /** The shopper's shirt: the answer then carries the artwork as drawn for it, and its advice. */
  shirt?: ShirtColor;
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

/** What a call that gets no answer says (configureStoreUrl). */
let networkFailure = NETWORK_FAILURE;

const ABORTED: ApiFailure = { code: 'aborted', message: 'The request was cancelled.' };

const JSON_TYPE = 'application/json';

type Sent = { kind: 'sent'; response: Response } | { kind: 'failed'; error: ApiFailure };

interface Answered {
  kind: 'answered';
  status: number;
  headers: Headers;
  body: unknown;
}

type Answer = Answered | { kind: 'failed'; error: ApiFailure };

async function request(
  url: string,
  method: 'GET' | 'POST',
  options: ApiClientOptions,
  accept: string = JSON_TYPE,
  jsonBody?: unknown,
): Promise<Sent> {
  const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  const headers: Record<string, string> = { accept };
  if (jsonBody !== undefined) headers['content-type'] = JSON_TYPE;
  try {
    const response = await fetchImpl(
      options.baseUrl === undefined ? storeUrl(url) : `${options.baseUrl}${url}`,
      {
        method,
        headers,
        signal: options.signal,
        ...(jsonBody !== undefined && { body: JSON.stringify(jsonBody) }),
      },
    );
    return { kind: 'sent', response };
  } catch (cause) {
    if ((cause instanceof DOMException && cause.name === 'AbortError') || options.signal?.aborted) {
      return { kind: 'failed', error: ABORTED };
    }
    return { kind: 'failed', error: networkFailure };
  }
}

async function answerOf(response: Response): Promise<Answered> {
  let body: unknown = undefined;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  return { kind: 'answered', status: response.status, headers: response.headers, body };
}

async function send(
  url: string,
  method: 'GET' | 'POST',
  options: ApiClientOptions,
  jsonBody?: unknown,
): Promise<Answer> {
  const sent = await request(url, method, options, JSON_TYPE, jsonBody);
  return sent.kind === 'failed' ? sent : answerOf(sent.response);
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

function isFieldMessages(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every((message) => typeof message === 'string')
  );
}

function failureFrom(status: number, body: unknown): ApiFailure {
  if (isErrorBody(body)) {
    const { fields, field } = body.error as { fields?: unknown; field?: unknown };
    return {
      code: body.error.code,
      message: body.error.message,
      status,
      ...(isFieldMessages(fields) && { fields }),
      ...(typeof field === 'string' && { field }),
    };
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
  options: GenerateImageOptions = {},
): Promise<GenerateImageResult> {
  const { onPartialImage } = options;
  const sent = await request(
    buildQuery(GENERATE_IMAGE_PATH, {
      target: fields.target,
      interests: fields.interests,
      occasion: fields.occasion,
      colors: fields.colors,
      style: fields.style,
      objects: fields.objects,
      ...(options.shirt ? { shirt: options.shirt } : {}),
    }),
    'GET',
    options,
    onPartialImage ? `${EVENT_STREAM_TYPE}, ${JSON_TYPE}` : JSON_TYPE,
  );
  if (sent.kind === 'failed') return { kind: 'error', error: sent.error };
  const { response } = sent;
  if (onPartialImage && response.ok && isEventStream(response)) {
    return readGenerationStream(response, onPartialImage, options.signal);
  }
  const { status, headers, body } = await answerOf(response);
  return generateResultOf(status, headers, body);
}

/** The result of a generate answer's status and body: the JSON answer's, or a stream's last event. */
function generateResultOf(status: number, headers: Headers, body: unknown): GenerateImageResult {
  const imageUrl = (body as Partial<GenerateImageResponse> | undefined)?.image_url;
  if (status === 429 || imageUrl === LIMIT_REACHED_IMAGE_URL) {
    const seconds = retryAfterSeconds(headers);
    return seconds === undefined
      ? { kind: 'limit' }
      : { kind: 'limit', retryAfterSeconds: seconds };
  }
  const prompt = (body as Partial<GenerateImageResponse> | undefined)?.prompt;
  if (status >= 200 && status < 300 && typeof imageUrl === 'string' && imageUrl !== '') {
    const artwork = answerArtwork((body as { artwork?: unknown }).artwork);
    const notUnderstood = wordList((body as { not_understood?: unknown }).not_understood);
    return {
      kind: 'ok',
      imageUrl,
      prompt: typeof prompt === 'string' ? prompt : '',
      ...(artwork ? { artwork } : {}),
      ...(notUnderstood ? { notUnderstood } : {}),
    };
  }
  return { kind: 'error', error: failureFrom(status, body) };
}

/** A non-empty list of words, or undefined. */
function wordList(value: unknown): string[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const words = value.filter((word): word is string => typeof word === 'string' && word !== '');
  return words.length > 0 ? words : undefined;
}

/** The answer's `artwork`, when it is one; anything else is as if none came (the preview asks). */
function answerArtwork(value: unknown): AnswerArtwork | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { shirt, svg, advice } = value as Record<string, unknown>;
  if (!(SHIRT_COLORS as readonly unknown[]).includes(shirt)) return undefined;
  const artwork: AnswerArtwork = { shirt: shirt as ShirtColor };
  if (typeof svg === 'string' && svg.startsWith('<svg')) artwork.svg = svg;
  const checked = readArtworkAdvice(advice);
  if (checked) artwork.advice = checked;
  return artwork;
}

function isShirtList(value: unknown): value is ShirtColor[] {
  return (
    Array.isArray(value) &&
    value.every((item) => (SHIRT_COLORS as readonly unknown[]).includes(item))
  );
}

/** Advice about an artwork's colours (`<artwork>.json`, or an answer's), kept only when well formed. */
export function readArtworkAdvice(body: unknown): ArtworkShirtAdvice | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { faintColors, suggestedShirts, ink, filledBackground } =
    body as Partial<ArtworkShirtAdvice>;
  if (typeof faintColors !== 'object' || faintColors === null || !isShirtList(suggestedShirts)) {
    return undefined;
  }
  const faint: ArtworkShirtAdvice['faintColors'] = {};
  for (const shirt of SHIRT_COLORS) {
    const names: unknown = faintColors[shirt];
    if (Array.isArray(names) && names.every((name) => typeof name === 'string')) {
      faint[shirt] = names as string[];
    }
  }
  const advice: ArtworkShirtAdvice = { faintColors: faint, suggestedShirts };
  if (ink === 'fitted' || ink === 'as-drawn') advice.ink = ink;
  if (filledBackground === true) advice.filledBackground = true;
  return advice;
}

function isEventStream(response: Response): boolean {
  const type = response.headers.get('content-type') ?? '';
  return type.split(';')[0]?.trim().toLowerCase() === EVENT_STREAM_TYPE;
}

/** One server-sent event: its name and its data (the data lines joined). */
interface StreamMessage {
  event: string | undefined;
  data: string;
}

/**
 * A reader of server-sent events fed in chunks: lines may be split anywhere, `\r\n` or `\n`.
 * Hand-written rather than a library because the stream is the store's own three events, and
 * every byte of the shared client is on a phone's critical path (a parser library cost 1.5 KB).
 */
export function eventStreamReader(onMessage: (message: StreamMessage) => void) {
  let pending = '';
  let event: string | undefined;
  let data: string[] = [];
  return (chunk: string): void => {
    const lines = (pending + chunk).split(/\r\n|\r|\n/);
    pending = lines.pop() ?? '';
    for (const line of lines) {
      if (line === '') {
        if (data.length > 0) onMessage({ event, data: data.join('\n') });
        event = undefined;
        data = [];
        continue;
      }
      const colon = line.indexOf(':');
      if (colon === 0) continue;
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
  };
}

function parsedData(message: StreamMessage): unknown {
  try {
    return JSON.parse(message.data) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Reads the streamed generate answer (generationStream.ts) to its `done` or `error` event, handing
 * each partial picture on; a stream that stops before either is a network failure.
 */
async function readGenerationStream(
  response: Response,
  onPartialImage: (imageDataUrl: string, index: number) => void,
  signal: AbortSignal | undefined,
): Promise<GenerateImageResult> {
  const body = response.body;
  if (body === null) return { kind: 'error', error: NETWORK_FAILURE };
  const reader = body.getReader();
  const cancel = () => void reader.cancel().catch(() => undefined);
  signal?.addEventListener('abort', cancel, { once: true });
  let result: GenerateImageResult | undefined;
  const feed = eventStreamReader((message) => {
    if (result !== undefined) return;
    const data = parsedData(message);
    switch (message.event as GenerationStreamEvent['event'] | undefined) {
      case 'partial': {
        const { image, index } = (data ?? {}) as Partial<{ image: unknown; index: unknown }>;
        if (
          typeof image === 'string' &&
          image.startsWith('data:image/') &&
          Number.isInteger(index)
        ) {
          onPartialImage(image, index as number);
        }
        return;
      }
      case 'done':
        result = generateResultOf(response.status, response.headers, data);
        return;
      case 'error': {
        const status = (data as { status?: unknown } | undefined)?.status;
        result =
          typeof status === 'number' && status >= 400 && status <= 599
            ? generateResultOf(status, response.headers, data)
            : { kind: 'error', error: failureFrom(response.status, data) };
        return;
      }
    }
  });
  const decoder = new TextDecoder();
  try {
    while (result === undefined && !signal?.aborted) {
      const { done, value } = await reader.read();
      if (done) break;
      feed(decoder.decode(value, { stream: true }));
    }
  } catch {
    // A broken connection, or a partial picture the page could not take: judged below.
  } finally {
    signal?.removeEventListener('abort', cancel);
    // Whatever follows the last event is not needed: let the connection go.
    cancel();
  }
  if (signal?.aborted) return { kind: 'error', error: ABORTED };
  return result ?? { kind: 'error', error: NETWORK_FAILURE };
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

/**
 * What the store sells and what shipping costs, or undefined when the store cannot say (the page
 * then says shipping is added at payment, and the server still refuses what it does not sell).
 */
export async function fetchStoreOffer(
  options: ApiClientOptions = {},
): Promise<StoreOffer | undefined> {
  const answer = await send(STORE_OFFER_PATH, 'GET', options);
  if (answer.kind === 'failed' || answer.status !== 200) return undefined;
  const offer = answer.body as Partial<StoreOffer> | undefined;
  return Array.isArray(offer?.shipping) && Array.isArray(offer.unavailable)
    ? (offer as StoreOffer)
    : undefined;
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
  return orderFrom(answer.status, answer.body);
}

function orderFrom(status: number, body: unknown): OrderResult {
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

/**
 * Sends the corrected address of an order the printer could not ship (by the order page's secret);
 * the order as it now is, or the refusal with a message per field.
 */
export async function correctOrderAddress(
  token: string,
  shipTo: ShipTo,
  options: ApiClientOptions = {},
): Promise<OrderResult> {
  const answer = await send(buildQuery(ORDER_ADDRESS_PATH, { token }), 'POST', options, shipTo);
  if (answer.kind === 'failed') return { kind: 'error', error: answer.error };
  return orderFrom(answer.status, answer.body);
}
