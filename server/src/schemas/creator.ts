/** Request and response schemas of the /creator API, built from the shared catalog. */
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
} from '@tshirt/shared/catalog';
import { WEB_VITAL_NAMES } from '@tshirt/shared/types';
import { MAX_WEB_VITAL_VALUE } from '../vitals/vitalsRepository';

const artField = { type: 'string', maxLength: MAX_ART_FIELD_LENGTH, default: '' } as const;

const generateImageResponse = {
  type: 'object',
  properties: { image_url: { type: 'string' }, prompt: { type: 'string' } },
  required: ['image_url', 'prompt'],
} as const;

export const generateImageSchema = {
  querystring: {
    type: 'object',
    additionalProperties: false,
    properties: {
      target: artField,
      interests: artField,
      occasion: artField,
      colors: artField,
      objects: artField,
      style: { type: 'string', enum: [...ART_STYLES], default: '' },
    },
  },
  response: { 200: generateImageResponse, 429: generateImageResponse },
} as const;

export interface GenerateImageQuery {
  target: string;
  interests: string;
  occasion: string;
  colors: string;
  objects: string;
  style: (typeof ART_STYLES)[number];
}

export const checkoutSchema = {
  querystring: {
    type: 'object',
    additionalProperties: false,
    required: ['productName', 'quantity', 'shirtStyle', 'shirtColor', 'shirtSize', 'imageURL'],
    properties: {
      productName: { type: 'string', enum: [PRODUCT_NAME] },
      quantity: { type: 'integer', minimum: QUANTITY_MIN, maximum: QUANTITY_MAX },
      shirtStyle: { type: 'string', enum: [...SHIRT_STYLES] },
      shirtColor: { type: 'string', enum: [...SHIRT_COLORS] },
      shirtSize: { type: 'string', enum: [...SHIRT_SIZES] },
      imageURL: { type: 'string', minLength: 1, maxLength: 2048 },
      prompt: { type: 'string', maxLength: MAX_PROMPT_LENGTH, default: '' },
    },
  },
  response: {
    200: {
      type: 'object',
      properties: { paymentLinkURL: { type: 'string' } },
      required: ['paymentLinkURL'],
    },
  },
} as const;

export interface CheckoutQuery {
  productName: string;
  quantity: number;
  shirtStyle: (typeof SHIRT_STYLES)[number];
  shirtColor: (typeof SHIRT_COLORS)[number];
  shirtSize: (typeof SHIRT_SIZES)[number];
  imageURL: string;
  prompt: string;
}

const webVitalReport = {
  type: 'object',
  // web-vitals sends more (delta, entries, navigationType); only these are kept.
  additionalProperties: false,
  required: ['name', 'value', 'rating', 'id', 'route'],
  properties: {
    name: { type: 'string', enum: [...WEB_VITAL_NAMES] },
    value: { type: 'number', minimum: 0, maximum: MAX_WEB_VITAL_VALUE },
    rating: { type: 'string', enum: ['good', 'needs-improvement', 'poor'] },
    id: { type: 'string', minLength: 1, maxLength: 100, pattern: '^[\\x20-\\x7e]+$' },
    // location.pathname: percent-encoded, so printable ASCII only (nothing that could reshape a report).
    route: { type: 'string', minLength: 1, maxLength: 200, pattern: '^/[\\x21-\\x7e]*$' },
  },
} as const;

/** A batch of beacons (a single beacon is wrapped into a batch before validation). */
export const vitalsSchema = {
  body: { type: 'array', minItems: 1, maxItems: 10, items: webVitalReport },
} as const;

export const imageFileParamsSchema = {
  params: {
    type: 'object',
    properties: { file: { type: 'string', maxLength: 100 } },
    required: ['file'],
  },
} as const;
