/**
 * Route schemas of the /creator API. The request and answer shapes are the shared contract's
 * (`@tshirt/shared/schemas`); only what the server alone defines (image file names) is written here.
 */
import {
  ArtFieldsSchema,
  CheckoutOrderSchema,
  CheckoutResponseSchema,
  GenerateImageResponseSchema,
  WebVitalReportSchema,
} from '@tshirt/shared/schemas';
import { SHIRT_COLORS } from '@tshirt/shared/catalog';
import Type from 'typebox';

export const generateImageSchema = {
  querystring: ArtFieldsSchema,
  response: { 200: GenerateImageResponseSchema, 429: GenerateImageResponseSchema },
};

export const checkoutSchema = {
  querystring: CheckoutOrderSchema,
  response: { 200: CheckoutResponseSchema },
};

/** A batch of beacons (a single beacon is wrapped into a batch before validation). */
export const vitalsSchema = {
  body: Type.Array(WebVitalReportSchema, { minItems: 1, maxItems: 10 }),
};

/** An artwork file (`<id>.svg|png|json`) drawn for a shirt colour: `?shirt=` (else the default). */
export const imageFileSchema = {
  params: Type.Object({ file: Type.String({ maxLength: 100 }) }),
  querystring: Type.Object(
    { shirt: Type.Optional(Type.Enum(SHIRT_COLORS, { type: 'string' })) },
    { additionalProperties: true },
  ),
};
