/**
 * Route schemas of the /creator API. The request and answer shapes are the shared contract's
 * (`@tshirt/shared/schemas`); only what the server alone defines (image file names) is written here.
 */
import {
  GenerateImageQuerySchema,
  CheckoutOrderSchema,
  CheckoutResponseSchema,
  GenerateImageResponseSchema,
  OrderViewSchema,
  ShippingDetailsSchema,
  WebVitalReportSchema,
} from '@tshirt/shared/schemas';
import { SHIRT_COLORS } from '@tshirt/shared/catalog';
import Type from 'typebox';
import { Compile } from 'typebox/compile';

export const generateImageSchema = {
  querystring: GenerateImageQuerySchema,
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

/** `GET /creator/order`: by the order page's secret, or by the Stripe session that paid it. */
export const orderLookupSchema = {
  querystring: Type.Object(
    {
      token: Type.Optional(Type.String({ maxLength: 64 })),
      session_id: Type.Optional(Type.String({ maxLength: 255 })),
    },
    { additionalProperties: false },
  ),
  response: { 200: OrderViewSchema },
};

/** A refused address correction: a message per field, as the form shows them. */
export const InvalidAddressSchema = Type.Object({
  error: Type.Object({
    code: Type.Literal('invalid_address'),
    message: Type.String(),
    fields: Type.Record(Type.String(), Type.String()),
  }),
});

/**
 * The 400s of an address correction: the refused fields, or the usual error for a body that is
 * not an object of fields at all (not JSON, or a `__proto__` key), which must not fail to serialize.
 */
export const AddressRefusalSchema = Type.Union([
  InvalidAddressSchema,
  Type.Object({
    error: Type.Object({
      code: Type.String(),
      message: Type.String(),
      field: Type.Optional(Type.String()),
    }),
  }),
]);

/** `POST /creator/order/address?token=`: the body is checked field by field by the route itself. */
export const orderAddressSchema = {
  querystring: Type.Object(
    { token: Type.Optional(Type.String({ maxLength: 64 })) },
    { additionalProperties: false },
  ),
  response: { 200: OrderViewSchema, 400: AddressRefusalSchema },
};

/** `GET /creator/print-files/<orderId>.png?expires=&signature=`: a link signed for the print provider. */
export const printFileSchema = {
  params: Type.Object({ file: Type.String({ maxLength: 100 }) }),
  querystring: Type.Object(
    {
      expires: Type.String({ maxLength: 20 }),
      signature: Type.String({ maxLength: 100 }),
    },
    { additionalProperties: false },
  ),
};

/** Where a paid order ships, checked the same way from the test payment page and from Stripe. */
export const shippingDetailsValidator = Compile(ShippingDetailsSchema);
