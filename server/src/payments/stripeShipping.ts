/**
 * Where a paid Stripe Checkout Session ships, read into the shop's own ShippingDetails. Stripe
 * collected it, but it is still the shopper's text: it is cleaned and checked like any other.
 */
import type Stripe from 'stripe';
import type { ShippingDetails } from '@tshirt/shared/schemas';
import { cleanShopperText } from '../http/cleanText';
import { shippingDetailsValidator } from '../schemas/creator';

interface StripeShippingDetails {
  name?: string | null;
  address?: Partial<Stripe.Address> | null;
}

/** The parts of a Checkout Session that say where it ships and whom to write to. */
export interface SessionShippingFields {
  /** API versions from 2025-03-31 on. */
  collected_information?: { shipping_details?: StripeShippingDetails | null } | null;
  /** Older API versions. */
  shipping_details?: StripeShippingDetails | null;
  customer_details?: { email?: string | null } | null;
}

export type SessionShipping =
  | { ok: true; shipping: ShippingDetails }
  /** `problem` names fields, never their values: it goes to the logs. */
  | { ok: false; problem: string };

/** Cleaned by the text rule and trimmed (paid already, so not refused); a non-string is empty. */
function text(value: unknown): string {
  return typeof value === 'string' ? cleanShopperText(value).trim() : '';
}

const ERROR_WORDS: Record<string, string> = {
  minLength: 'is missing',
  maxLength: 'is too long',
  pattern: 'has characters that are not allowed',
};

/** `line1 is too long; email has characters that are not allowed`: the faults, not the values. */
function describeErrors(shipping: ShippingDetails): string {
  const described = new Set(
    shippingDetailsValidator
      .Errors(shipping)
      .map(
        ({ instancePath, keyword }) =>
          `${instancePath.replace(/^\//, '') || 'details'} ${ERROR_WORDS[keyword] ?? 'is not valid'}`,
      ),
  );
  return [...described].join('; ');
}

/**
 * The shipping details of `session` (the newer `collected_information` or the older
 * `shipping_details`, the email from `customer_details`), or why they cannot be used: missing,
 * invalid, or in a country outside `shipsTo`. Values too long are refused, not cut: a shortened
 * address is another address.
 */
export function shippingFromSession(
  session: SessionShippingFields,
  shipsTo: readonly string[],
): SessionShipping {
  const details = session.collected_information?.shipping_details ?? session.shipping_details;
  if (!details?.address) return { ok: false, problem: 'the session has no shipping address' };
  const email = session.customer_details?.email;
  if (typeof email !== 'string' || email.trim() === '') {
    return { ok: false, problem: 'the session has no email' };
  }
  const { address } = details;
  const shipping: ShippingDetails = {
    name: text(details.name),
    // An email address is not repaired: with a control character in it, it is not the shopper's.
    email: email.trim(),
    line1: text(address.line1),
    line2: text(address.line2),
    city: text(address.city),
    state: text(address.state),
    postalCode: text(address.postal_code),
    country: text(address.country).toUpperCase(),
  };
  if (!shippingDetailsValidator.Check(shipping)) {
    return { ok: false, problem: describeErrors(shipping) };
  }
  if (!shipsTo.includes(shipping.country)) {
    return { ok: false, problem: 'country is not one the shop ships to' };
  }
  return { ok: true, shipping };
}
