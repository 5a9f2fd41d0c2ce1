/**
 * The /creator API's request and answer shapes, each written once as a TypeBox schema: the server
 * validates with these schemas, and every TypeScript type of the same shape (the API client's, the
 * art engine's) is derived from them with `Static<>`.
 *
 * Imported at run time through `@tshirt/shared/schemas` by Node code only; browser code takes
 * the types (`import type`), so no page carries the TypeBox runtime.
 */
import Type, { type Static } from 'typebox';
import { EMAIL_ADDRESS_MAX_LENGTH, EMAIL_ADDRESS_PATTERN } from './emailAddress';
import {
  ART_STYLES,
  MAX_ART_FIELD_LENGTH,
  MAX_PROMPT_LENGTH,
  PRODUCT_NAME,
  QUANTITY_MAX,
  QUANTITY_MIN,
  SHIRT_COLORS,
  SHIRT_SIZES,
  SHIRT_STYLES,
} from './catalog';
import { SALES_TAX_MODES } from './money';
import { WEB_VITAL_NAMES } from './types';
import { ORDER_NUMBER_PATTERN } from './orderNumber';

/** A shopper's free-text art field: missing means empty. */
const artField = () => Type.String({ maxLength: MAX_ART_FIELD_LENGTH, default: '' });

/** The fields that shape generated artwork, as sent to `GET /creator/generate_image`. */
export const ArtFieldsSchema = Type.Object(
  {
    /** The recipient ("Who is it for?"). */
    target: artField(),
    interests: artField(),
    occasion: artField(),
    colors: artField(),
    /** Must-have objects. */
    objects: artField(),
    style: Type.Enum(ART_STYLES, { type: 'string', default: '' }),
  },
  { additionalProperties: false },
);
export type ArtFields = Static<typeof ArtFieldsSchema>;

/** `GET /creator/generate_image`'s query: the art fields, and the shirt the shopper has chosen. */
export const GenerateImageQuerySchema = Type.Object(
  {
    ...ArtFieldsSchema.properties,
    /** When given, the answer carries the artwork as drawn for this shirt (`artwork`). */
    shirt: Type.Optional(Type.Enum(SHIRT_COLORS, { type: 'string' })),
  },
  { additionalProperties: false },
);
export type GenerateImageQuery = Static<typeof GenerateImageQuerySchema>;

/** How the artwork's colours fare on each shirt colour (types.ts `ArtworkShirtAdvice`). */
export const ArtworkShirtAdviceSchema = Type.Object({
  faintColors: Type.Record(Type.String(), Type.Array(Type.String())),
  suggestedShirts: Type.Array(Type.String()),
  ink: Type.Optional(Type.Union([Type.Literal('fitted'), Type.Literal('as-drawn')])),
  filledBackground: Type.Optional(Type.Boolean()),
});

/**
 * 200 (and 429, with LIMIT_REACHED_IMAGE_URL) answer of `GET /creator/generate_image`. With
 * `?shirt=`, `artwork` carries what the preview shows at once, without another request: the
 * engine's SVG as drawn for that shirt (`image_url` with `?shirt=`), and the colour advice.
 */
export const GenerateImageResponseSchema = Type.Object({
  image_url: Type.String(),
  prompt: Type.String(),
  artwork: Type.Optional(
    Type.Object({
      shirt: Type.Enum(SHIRT_COLORS, { type: 'string' }),
      svg: Type.Optional(Type.String()),
      advice: Type.Optional(ArtworkShirtAdviceSchema),
    }),
  ),
  /** The shopper's interest words the built-in engine could not draw (absent: none). */
  not_understood: Type.Optional(Type.Array(Type.String())),
});
export type GenerateImageResponse = Static<typeof GenerateImageResponseSchema>;

/** What `POST /creator/checkout` receives in its query string. */
export const CheckoutOrderSchema = Type.Object(
  {
    productName: Type.Enum([PRODUCT_NAME], { type: 'string' }),
    quantity: Type.Integer({ minimum: QUANTITY_MIN, maximum: QUANTITY_MAX }),
    shirtStyle: Type.Enum(SHIRT_STYLES, { type: 'string' }),
    shirtColor: Type.Enum(SHIRT_COLORS, { type: 'string' }),
    shirtSize: Type.Enum(SHIRT_SIZES, { type: 'string' }),
    imageURL: Type.String({ minLength: 1, maxLength: 2048 }),
    prompt: Type.String({ maxLength: MAX_PROMPT_LENGTH, default: '' }),
  },
  { additionalProperties: false },
);
export type CheckoutOrder = Static<typeof CheckoutOrderSchema>;

/** 200 answer of `POST /creator/checkout`. */
export const CheckoutResponseSchema = Type.Object({ paymentLinkURL: Type.String() });
export type CheckoutResponse = Static<typeof CheckoutResponseSchema>;

/** The largest value accepted (an hour in milliseconds); the report ignores anything outside 0…this. */
export const MAX_WEB_VITAL_VALUE = 3_600_000;

/** One beacon sent to `POST /creator/vitals`. */
export const WebVitalReportSchema = Type.Object(
  {
    name: Type.Enum(WEB_VITAL_NAMES, { type: 'string' }),
    value: Type.Number({ minimum: 0, maximum: MAX_WEB_VITAL_VALUE }),
    rating: Type.Enum(['good', 'needs-improvement', 'poor'], { type: 'string' }),
    id: Type.String({ minLength: 1, maxLength: 100, pattern: '^[\\x20-\\x7e]+$' }),
    /** Path of the page the metric was taken on, e.g. `/product` (location.pathname: printable ASCII). */
    route: Type.String({ minLength: 1, maxLength: 200, pattern: '^/[\\x21-\\x7e]*$' }),
  },
  // web-vitals sends more (delta, entries, navigationType); only these are kept.
  { additionalProperties: false },
);
export type WebVitalReport = Static<typeof WebVitalReportSchema>;

/**
 * Control characters (C0, DEL, C1) and bidi overrides, as a character-class body: a floor that every
 * stored address meets, old orders' included. What a person types is held to the wider rule of
 * text.ts before it is stored.
 */
const HIDDEN_CHARACTERS = '\\u0000-\\u001f\\u007f-\\u009f\\u202a-\\u202e\\u2066-\\u2069';
const PRINTABLE_PATTERN = `^[^${HIDDEN_CHARACTERS}]*$`;
const addressText = (minLength: number, maxLength: number) =>
  Type.String({ minLength, maxLength, pattern: PRINTABLE_PATTERN });

/**
 * Where a paid order ships and whom the shop writes to: collected on the payment page (the test
 * page's form, Stripe Checkout's address and email fields) and kept on the order.
 */
export const ShippingDetailsSchema = Type.Object(
  {
    name: addressText(1, 100),
    /** An address the store can send to (emailAddress.ts: the form, Stripe's and the transport's rule). */
    email: Type.String({
      minLength: 3,
      maxLength: EMAIL_ADDRESS_MAX_LENGTH,
      pattern: EMAIL_ADDRESS_PATTERN,
    }),
    line1: addressText(1, 100),
    line2: addressText(0, 100),
    city: addressText(1, 60),
    /** State, province or region; empty where a country has none. */
    state: addressText(0, 60),
    postalCode: Type.String({
      minLength: 1,
      maxLength: 20,
      pattern: '^[A-Za-z0-9][A-Za-z0-9 -]*$',
    }),
    /** ISO 3166-1 alpha-2, one of the countries the shop ships to. */
    country: Type.String({ pattern: '^[A-Z]{2}$' }),
  },
  { additionalProperties: false },
);
export type ShippingDetails = Static<typeof ShippingDetailsSchema>;

/**
 * Where an order is, as its shopper sees it (ORDER_STATE_TEXT): the order's life (server
 * `orders/orderLife.ts`) with the states a shopper cannot tell apart folded together (ready to
 * print and queued are both `paid`).
 */
export const ORDER_PROGRESS_STATES = [
  'awaiting_payment',
  'paid',
  'in_production',
  'on_hold',
  'shipped',
  'delivered',
  'returned',
  'problem',
  'failed',
  'cancelled',
  'refunded',
] as const;
export type OrderProgress = (typeof ORDER_PROGRESS_STATES)[number];

/** Where a paid order ships: the shipping details without the email. */
export const ShipToSchema = Type.Omit(ShippingDetailsSchema, ['email']);
export type ShipTo = Static<typeof ShipToSchema>;

/** `POST /creator/order/address?token=`: the corrected address of an order the printer could not ship. */
export const AddressCorrectionSchema = ShipToSchema;

/**
 * `GET /creator/offer`: what the store sells and what it costs before payment: the shirt price,
 * shipping per zone (the first is quoted on the product page), how sales tax is charged, and the
 * shirts the print provider does not make.
 */
export const StoreOfferSchema = Type.Object({
  currency: Type.String(),
  unitPriceCents: Type.Integer({ minimum: 0 }),
  shipping: Type.Array(
    Type.Object({
      countries: Type.Array(Type.String()),
      /**
       * Each country's name in the store's language, in the order of `countries`: the page says
       * them without loading the browser's locale data (a server before this field sends none).
       */
      countryNames: Type.Optional(Type.Array(Type.String())),
      firstItemCents: Type.Integer({ minimum: 0 }),
      additionalItemCents: Type.Integer({ minimum: 0 }),
      freeFromCents: Type.Optional(Type.Integer({ minimum: 0 })),
    }),
  ),
  salesTax: Type.Enum(SALES_TAX_MODES, { type: 'string' }),
  /** Each style, colour and size the print provider does not make, with why. Empty: all are sold. */
  unavailable: Type.Array(
    Type.Object({
      shirtStyle: Type.Enum(SHIRT_STYLES, { type: 'string' }),
      shirtColor: Type.Enum(SHIRT_COLORS, { type: 'string' }),
      shirtSize: Type.Enum(SHIRT_SIZES, { type: 'string' }),
      reason: Type.String(),
    }),
  ),
});
export type StoreOffer = Static<typeof StoreOfferSchema>;

/** `GET /creator/order`: one order as its shopper may see it (by its secret link, or Stripe's session id). */
export const OrderViewSchema = Type.Object({
  /** The order number the shop and the shopper both quote. */
  orderNumber: Type.String({ pattern: ORDER_NUMBER_PATTERN }),
  state: Type.Enum(ORDER_PROGRESS_STATES, { type: 'string' }),
  /** What happens next, in plain words (the same sentence the emails use). */
  nextStep: Type.String(),
  /** The secret link to this order's page (a same-origin path). */
  orderPagePath: Type.String(),
  productName: Type.String(),
  shirtColor: Type.Enum(SHIRT_COLORS, { type: 'string' }),
  shirtStyle: Type.Enum(SHIRT_STYLES, { type: 'string' }),
  shirtSize: Type.Enum(SHIRT_SIZES, { type: 'string' }),
  quantity: Type.Integer(),
  /** The artwork (same-origin path), drawn for the shirt colour as the preview shows it. */
  artworkPath: Type.String(),
  /** The shirts, their shipping and the sales tax collected (inside the subtotal when prices include it). */
  subtotalCents: Type.Integer(),
  shippingCents: Type.Integer(),
  taxCents: Type.Integer(),
  totalCents: Type.Integer(),
  currency: Type.String(),
  shipTo: Type.Union([ShipToSchema, Type.Null()]),
  /** The address the confirmation goes to, partly hidden (`j•••@example.com`). */
  email: Type.Union([Type.String(), Type.Null()]),
  tracking: Type.Union([
    Type.Object({ carrier: Type.String(), number: Type.String(), url: Type.String() }),
    Type.Null(),
  ]),
  /** What went wrong (or why it waits), in plain words, when the order is off its usual way. */
  problem: Type.Union([Type.String(), Type.Null()]),
  /** Nothing more will happen to it (the store's status table says so): the page stops asking. */
  final: Type.Boolean(),
  /** A package is with the carrier, or was: its tracking still means something to the shopper. */
  tracked: Type.Boolean(),
  /**
   * How the status shows when the order is off its usual way (the store's status table says): a
   * warning where the shirt is not coming as ordered, paused while the print shop holds it.
   */
  tone: Type.Union([Type.Literal('warning'), Type.Literal('paused'), Type.Null()]),
  /**
   * How far along Paid → In production → Shipped it is: the steps reached, and whether the last of
   * them is under way (`current`), stopped (`paused`) or behind it (`done`). Null where the steps
   * would mislead: a cancelled or refunded order is not going to ship.
   */
  progress: Type.Union([
    Type.Object({
      reached: Type.Integer({ minimum: 0, maximum: 3 }),
      last: Type.Union([Type.Literal('current'), Type.Literal('paused'), Type.Literal('done')]),
    }),
    Type.Null(),
  ]),
  /** Whether the shopper may send a corrected address now (`POST /creator/order/address`). */
  canCorrectAddress: Type.Boolean(),
  /** The countries a corrected address may be in (two-letter codes); empty when it cannot be corrected. */
  addressCountries: Type.Array(Type.String()),
  paidAt: Type.Union([Type.String(), Type.Null()]),
  shippedAt: Type.Union([Type.String(), Type.Null()]),
});
export type OrderView = Static<typeof OrderViewSchema>;
