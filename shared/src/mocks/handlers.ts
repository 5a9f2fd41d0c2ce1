/**
 * The store's API mocked from the contract, once, for every page and test that runs without a
 * store: a remote's dev server (./browser.ts, MSW's service worker) and the remotes' component
 * tests (./node.ts). The answers have the shapes of shared/src/types.ts at the paths of
 * shared/src/api/paths.ts; the art comes from the engine handed in (./mockArt.ts).
 */
import { http, HttpResponse, delay } from 'msw';
import {
  ART_STYLES,
  GENERATED_IMAGE_PATH_PREFIX,
  MAX_ART_FIELD_LENGTH,
  PREMADE_DESIGNS,
  PREMADE_DESIGN_PATH_PREFIX,
  PRODUCT_NAME,
  QUANTITY_MAX,
  QUANTITY_MIN,
  SHIRT_COLORS,
  SHIRT_SIZES,
  SHIRT_STYLES,
  isShirtColor,
  type ArtStyle,
} from '../catalog';
import { SHIRT_COLOR_PARAMETER } from '../artworkUrls';
import {
  CHECKOUT_PATH,
  GENERATE_IMAGE_PATH,
  ORDER_PATH,
  STORE_OFFER_PATH,
  VITALS_PATH,
} from '../api/paths';
import {
  LIMIT_REACHED_IMAGE_URL,
  type ApiErrorBody,
  type ArtFields,
  type CheckoutOrder,
  type CheckoutResponse,
  type GenerateImageResponse,
  type OrderView,
  type StoreOffer,
} from '../types';
import { standInArtEngine, type MockArtEngine } from './mockArt';
import {
  MOCK_STORE_OFFER,
  mockOrderView,
  mockPaymentPath,
  newMockOrderNumber,
  readMockOrderToken,
} from './mockOrders';

export interface ApiMockOptions {
  /** What draws the artwork; the quick stand-in when omitted. */
  art?: MockArtEngine;
  /** Added to every answer, as a store's round trip (none in tests). */
  latencyMs?: number;
  /** Where the handlers answer: any origin (`*`) by default, or one store's origin. */
  origin?: string;
}

function apiError(status: number, code: string, message: string): Response {
  return HttpResponse.json<ApiErrorBody>({ error: { code, message } }, { status });
}

const notFound = (message: string) => apiError(404, 'not_found', message);

/** `<name>.<svg|json|…>` of an artwork's address. */
function fileOf(
  name: string | readonly string[] | undefined,
): { id: string; format: string } | undefined {
  const match =
    typeof name === 'string' ? /^([A-Za-z0-9_-]{1,64})\.(svg|png|json)$/.exec(name) : null;
  return match ? { id: match[1] as string, format: match[2] as string } : undefined;
}

function svgAnswer(svg: string) {
  return new HttpResponse(svg, { headers: { 'content-type': 'image/svg+xml; charset=utf-8' } });
}

const ART_FIELD_NAMES = ['target', 'interests', 'occasion', 'colors', 'objects'] as const;

/** The art fields of a generate request, or the refusal the store would answer. */
function readArtFields(query: URLSearchParams): ArtFields | Response {
  const fields = { style: '' } as ArtFields;
  for (const name of ART_FIELD_NAMES) {
    const value = query.get(name) ?? '';
    if (value.length > MAX_ART_FIELD_LENGTH) {
      return apiError(
        400,
        'bad_request',
        `${name} must be at most ${MAX_ART_FIELD_LENGTH} characters.`,
      );
    }
    fields[name] = value;
  }
  const style = query.get('style') ?? '';
  if (!(ART_STYLES as readonly string[]).includes(style)) {
    return apiError(400, 'bad_request', `style must be one of the art styles (got "${style}").`);
  }
  fields.style = style as ArtStyle;
  return fields;
}

/** The order in a checkout's query, or the refusal the store would answer. */
function readCheckoutOrder(query: URLSearchParams): CheckoutOrder | Response {
  const quantity = Number(query.get('quantity'));
  const order = {
    productName: query.get('productName') ?? '',
    quantity,
    shirtStyle: query.get('shirtStyle') ?? '',
    shirtColor: query.get('shirtColor') ?? '',
    shirtSize: query.get('shirtSize') ?? '',
    imageURL: query.get('imageURL') ?? '',
    prompt: query.get('prompt') ?? '',
  };
  const refusal = (field: string) =>
    apiError(400, 'bad_request', `The order's ${field} is not one the store sells.`);
  if (order.productName !== PRODUCT_NAME) return refusal('product');
  if (!Number.isInteger(quantity) || quantity < QUANTITY_MIN || quantity > QUANTITY_MAX)
    return refusal('quantity');
  if (!(SHIRT_STYLES as readonly string[]).includes(order.shirtStyle))
    return refusal('shirt style');
  if (!(SHIRT_COLORS as readonly string[]).includes(order.shirtColor))
    return refusal('shirt colour');
  if (!(SHIRT_SIZES as readonly string[]).includes(order.shirtSize)) return refusal('size');
  const ownArtwork =
    PREMADE_DESIGNS.some((design) => design.imagePath === order.imageURL) ||
    new RegExp(`^${GENERATED_IMAGE_PATH_PREFIX}[A-Za-z0-9_-]{1,64}\\.svg$`).test(order.imageURL);
  if (!ownArtwork) {
    return apiError(
      400,
      'bad_request',
      'The artwork must be one this store generated or one of its designs.',
    );
  }
  return order as CheckoutOrder;
}

let generatedCount = 0;

/**
 * The handlers of every route a remote calls: generation (with its images and their advice), the
 * pre-made designs, the offer, checkout, the order, and the vitals beacon. Each call makes its own
 * store: the artwork generated through one set is not seen by another.
 */
export function createApiHandlers({
  art = standInArtEngine,
  latencyMs = 0,
  origin = '*',
}: ApiMockOptions = {}) {
  /** Generated artwork by id, as drawn for the default shirt (it carries its recipe). */
  const generated = new Map<string, string>();
  const at = (path: string) => (origin === '*' ? `*${path}` : `${origin}${path}`);
  const roundTrip = () => (latencyMs > 0 ? delay(latencyMs) : undefined);

  function shirtOf(url: URL) {
    const shirt = url.searchParams.get(SHIRT_COLOR_PARAMETER);
    return shirt !== null && isShirtColor(shirt) ? shirt : undefined;
  }

  return [
    http.get(at(GENERATE_IMAGE_PATH), async ({ request }) => {
      await roundTrip();
      const url = new URL(request.url);
      const fields = readArtFields(url.searchParams);
      if (fields instanceof Response) return fields;
      generatedCount += 1;
      const seed = Math.floor(Math.random() * 2 ** 31);
      const id = `mock${Date.now().toString(36)}${generatedCount}`;
      const artwork = art.createArtwork(fields, seed);
      generated.set(id, artwork.svg);
      const answer: GenerateImageResponse = {
        image_url: `${GENERATED_IMAGE_PATH_PREFIX}${id}.svg`,
        prompt: artwork.description,
      };
      if (artwork.notUnderstood?.length) answer.not_understood = artwork.notUnderstood;
      const shirt = shirtOf(url);
      if (shirt) {
        const svg = art.artworkSvgForShirt(artwork.svg, shirt) ?? artwork.svg;
        answer.artwork = { shirt, svg, advice: art.shirtAdviceForArtwork(artwork.svg) };
      }
      return HttpResponse.json(answer);
    }),

    http.get(at(`${GENERATED_IMAGE_PATH_PREFIX}:file`), ({ request, params }) => {
      const file = fileOf(params.file);
      const svg = file && generated.get(file.id);
      if (!file || svg === undefined) return notFound('There is no image at this address.');
      if (file.format === 'json') {
        const advice = art.shirtAdviceForArtwork(svg);
        return advice
          ? HttpResponse.json(advice)
          : notFound('There is no colour advice for this image.');
      }
      if (file.format !== 'svg') return notFound('The mocked store draws no print files.');
      const shirt = shirtOf(new URL(request.url));
      return svgAnswer(shirt ? (art.artworkSvgForShirt(svg, shirt) ?? svg) : svg);
    }),

    http.get(at(`${PREMADE_DESIGN_PATH_PREFIX}:file`), ({ request, params }) => {
      const file = fileOf(params.file);
      const svg = file && art.premadeDesignSvg(file.id, shirtOf(new URL(request.url)));
      if (!file || svg === undefined) return notFound('There is no design at this address.');
      if (file.format === 'json') {
        return HttpResponse.json({ faintColors: {}, suggestedShirts: [...SHIRT_COLORS] });
      }
      if (file.format !== 'svg') return notFound('The mocked store draws no print files.');
      return svgAnswer(svg);
    }),

    http.get(at(STORE_OFFER_PATH), async () => {
      await roundTrip();
      return HttpResponse.json<StoreOffer>(MOCK_STORE_OFFER);
    }),

    http.post(at(CHECKOUT_PATH), async ({ request }) => {
      await roundTrip();
      const order = readCheckoutOrder(new URL(request.url).searchParams);
      if (order instanceof Response) return order;
      return HttpResponse.json<CheckoutResponse>({
        paymentLinkURL: mockPaymentPath({ order, orderNumber: newMockOrderNumber() }),
      });
    }),

    http.get(at(ORDER_PATH), async ({ request }) => {
      await roundTrip();
      const token = new URL(request.url).searchParams.get('token');
      const order = token === null ? undefined : readMockOrderToken(token);
      if (!order) return notFound('There is no order at this link.');
      return HttpResponse.json<OrderView>(mockOrderView(order));
    }),

    http.post(at(VITALS_PATH), () => new HttpResponse(null, { status: 204 })),
  ];
}

/** The generate answer once the day's generations are used up (`server.use(generationLimitReached())`). */
export function generationLimitReached(origin = '*') {
  return http.get(`${origin === '*' ? '*' : origin}${GENERATE_IMAGE_PATH}`, () =>
    HttpResponse.json<GenerateImageResponse>(
      { image_url: LIMIT_REACHED_IMAGE_URL, prompt: '' },
      { status: 429, headers: { 'retry-after': '3600' } },
    ),
  );
}

/**
 * A route that fails once, as a store in trouble does, then answers as before
 * (`server.use(storeFailsOnce(CHECKOUT_PATH, { method: 'post' }))`).
 */
export function storeFailsOnce(
  path: string,
  {
    method = 'get',
    status = 503,
    message = 'Something went wrong on our side. Please try again.',
  }: { method?: 'get' | 'post'; status?: number; message?: string } = {},
) {
  return http[method](`*${path}`, () => apiError(status, 'unavailable', message), { once: true });
}
