/**
 * The shipping form's check, shared by the test payment page and the shopper's address
 * correction: the same rules and the same message for each field.
 */
import type { TLocalizedValidationError } from 'typebox/error';
import { isBlankOnceCleaned, refusedCharacterIn, type RefusedText } from '@tshirt/shared/text';
import type { ShippingDetails } from '@tshirt/shared/types';
import { shippingDetailsValidator } from '../schemas/creator';
import {
  SHIPPING_FIELDS,
  SHIPPING_FIELD_NAMES,
  type ShippingField,
  type ShippingForm,
  type ShippingFormErrors,
} from './testPaymentPage';
import { countryName } from './countryName';

/** The form's fields from a urlencoded body: known names only, the first of repeated ones. */
export function readShippingForm(body: string): ShippingForm {
  const params = new URLSearchParams(body);
  return Object.fromEntries(
    SHIPPING_FIELD_NAMES.map((name) => [name, params.get(name) ?? '']),
  ) as ShippingForm;
}

export function trimmed(form: ShippingForm): ShippingForm {
  return Object.fromEntries(
    SHIPPING_FIELD_NAMES.map((name) => [name, form[name].trim()]),
  ) as ShippingForm;
}

/** A field not in the right form; for free text, that is a character the text rule refuses. */
function malformedMessage(name: ShippingField, refused: RefusedText = 'hidden'): string {
  const field = SHIPPING_FIELDS[name];
  return (
    field.whenMalformed ??
    (refused === 'unreadable'
      ? `${field.noun} has characters that could not be read: please type it again`
      : `${field.noun} has a hidden character in it: please type it again`)
  );
}

function messageFor(name: ShippingField, error: TLocalizedValidationError): string {
  switch (error.keyword) {
    case 'maxLength':
      return `${SHIPPING_FIELDS[name].noun} must be ${error.params.limit} characters or fewer`;
    case 'pattern':
      return malformedMessage(name);
    default:
      return SHIPPING_FIELDS[name].whenMissing ?? malformedMessage(name);
  }
}

/** `We do not ship to France. We ship to United States, Canada.` for a country code; else the field's message. */
export function notShippedTo(country: string, countries: readonly string[]): string {
  if (!/^[A-Z]{2}$/.test(country)) return malformedMessage('country');
  return `We do not ship to ${countryName(country)}. We ship to ${countries.map(countryName).join(', ')}.`;
}

export type CheckedForm =
  | { ok: true; shipping: ShippingDetails }
  /** `unreadable`: a field holds text that was not UTF-8 (or U+FFFD, which stands for it). */
  | { ok: false; errors: ShippingFormErrors; unreadable: boolean };

/**
 * The shipping details in the form (trimmed), or a message for each bad field. Each field is held
 * to the text rule (shared/src/text.ts): a required one that is blank once cleaned is missing, any
 * one holding a refused character is refused, whatever else is wrong with it.
 */
export function checkShippingForm(values: ShippingForm, countries: readonly string[]): CheckedForm {
  const errors: ShippingFormErrors = {};
  let unreadable = false;
  for (const name of SHIPPING_FIELD_NAMES) {
    const { whenMissing } = SHIPPING_FIELDS[name];
    const refused = refusedCharacterIn(values[name]);
    unreadable ||= refused === 'unreadable';
    // Hidden characters alone read as nothing typed; text that could not be read says so.
    const blank = refused !== 'unreadable' && isBlankOnceCleaned(values[name]);
    if (blank && whenMissing !== undefined) errors[name] = whenMissing;
    else if (refused !== undefined) errors[name] = malformedMessage(name, refused);
  }
  for (const error of shippingDetailsValidator.Errors(values)) {
    const name = error.instancePath.slice(1) as ShippingField;
    if (name in SHIPPING_FIELDS) errors[name] ??= messageFor(name, error);
  }
  if (!countries.includes(values.country))
    errors.country ??= notShippedTo(values.country, countries);
  return Object.keys(errors).length === 0
    ? { ok: true, shipping: values }
    : { ok: false, errors, unreadable };
}

/**
 * The address fields of a JSON body as a shipping form (strings only; anything else counts as
 * empty), with the order's own email: a correction changes where it ships, not whom to tell.
 */
export function addressFormFromJson(body: unknown, email: string): ShippingForm {
  const given = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  return Object.fromEntries(
    SHIPPING_FIELD_NAMES.map((name) => {
      const value = name === 'email' ? email : given[name];
      return [name, typeof value === 'string' ? value.slice(0, 1000) : ''];
    }),
  ) as ShippingForm;
}

/** A corrected address as JSON, checked like the payment page's form. */
export function checkAddressCorrection(
  body: unknown,
  email: string | null,
  countries: readonly string[],
):
  | { ok: true; shipTo: Omit<ShippingDetails, 'email'> }
  | { ok: false; refusal: InvalidAddressBody } {
  // An order paid without an email keeps none; a stand-in lets the rest be checked.
  const checked = checkShippingForm(
    trimmed(addressFormFromJson(body, email ?? 'none@example.com')),
    countries,
  );
  if (!checked.ok) {
    const { email: _email, ...fields } = checked.errors;
    return {
      ok: false,
      refusal: {
        error: {
          code: 'invalid_address',
          message: 'Some of the address needs another look: see the marked fields.',
          fields,
        },
      },
    };
  }
  const { email: _email, ...shipTo } = checked.shipping;
  return { ok: true, shipTo };
}

export interface InvalidAddressBody {
  error: { code: 'invalid_address'; message: string; fields: Record<string, string> };
}
