/**
 * The desk's forms as they arrive (urlencoded) and the checks of the owner's own fields: a
 * shipment marked by hand and a cancellation. The address is checked like the shopper's
 * (payments/shippingForm).
 */
import type { Tracking } from '../orders/orderLife';
import { parseMoney } from '@tshirt/shared/money';
import { cleanShopperText } from '../http/cleanText';
import {
  MAX_CARRIER_LENGTH,
  MAX_REASON_LENGTH,
  MAX_TRACKING_NUMBER_LENGTH,
  MAX_TRACKING_URL_LENGTH,
} from '../plugins/app/ownerActions';

/** A form's fields by name: the first of repeated ones, at most 40 of them. */
export type DeskForm = Readonly<Record<string, string>>;

export function readDeskForm(body: string): DeskForm {
  const form: Record<string, string> = {};
  let fields = 0;
  for (const [name, value] of new URLSearchParams(body)) {
    if (++fields > 40) break;
    if (!(name in form)) form[name] = value;
  }
  return form;
}

/** What the page says after a form: the outcome, and a refused form's fields and what was typed. */
export interface DeskFlash {
  kind: 'success' | 'error';
  message: string;
  /** The form the message is about, shown again with `values` and a message per bad field. */
  form?: 'address' | 'ship' | 'cancel' | 'refund' | 'note';
  fields?: Record<string, string>;
  values?: Record<string, string>;
}

type Checked<T> = { ok: true; value: T } | { ok: false; fields: Record<string, string> };

const text = (form: DeskForm, name: string) => cleanShopperText(form[name] ?? '').trim();

/** The owner actions' own bounds: the desk says which field is wrong before asking them. */
export const TRACKING_LIMITS = {
  carrier: MAX_CARRIER_LENGTH,
  number: MAX_TRACKING_NUMBER_LENGTH,
  url: MAX_TRACKING_URL_LENGTH,
} as const;

/** The carrier, tracking number and (optional) tracking link of a shipment the owner posted. */
export function checkTracking(form: DeskForm): Checked<Tracking> {
  const tracking = {
    carrier: text(form, 'carrier'),
    number: text(form, 'number'),
    url: text(form, 'url'),
  };
  const fields: Record<string, string> = {};
  if (!tracking.carrier) fields.carrier = 'Enter the carrier, like USPS';
  else if (tracking.carrier.length > TRACKING_LIMITS.carrier)
    fields.carrier = `The carrier must be ${TRACKING_LIMITS.carrier} characters or fewer`;
  if (!tracking.number) fields.number = 'Enter the tracking number';
  else if (tracking.number.length > TRACKING_LIMITS.number)
    fields.number = `The tracking number must be ${TRACKING_LIMITS.number} characters or fewer`;
  if (
    tracking.url &&
    (tracking.url.length > TRACKING_LIMITS.url ||
      !URL.canParse(tracking.url) ||
      !/^https?:$/.test(new URL(tracking.url).protocol))
  ) {
    fields.url =
      'Enter the tracking link as a web address starting with https://, or leave it empty';
  }
  return Object.keys(fields).length === 0 ? { ok: true, value: tracking } : { ok: false, fields };
}

export const REASON_MAX_LENGTH = MAX_REASON_LENGTH;

/** Why the owner cancels, and that they know the shopper is refunded. */
export function checkCancellation(form: DeskForm): Checked<string> {
  const reason = text(form, 'reason');
  const fields: Record<string, string> = {};
  if (!reason) fields.reason = 'Say why the order is cancelled, for its history';
  else if (reason.length > REASON_MAX_LENGTH)
    fields.reason = `The reason must be ${REASON_MAX_LENGTH} characters or fewer`;
  if (form.confirm !== 'yes') fields.confirm = 'Tick the box to confirm the refund';
  return Object.keys(fields).length === 0 ? { ok: true, value: reason } : { ok: false, fields };
}

/** Why the owner gives part of the money back; the amount as typed (`10`, `10.50`) in cents. */
export function checkPartRefund(form: DeskForm): Checked<{ amountCents: number; reason: string }> {
  const amountCents = parseMoney(text(form, 'amount').replace(/^[^\d]+/, ''));
  const reason = text(form, 'reason');
  const fields: Record<string, string> = {};
  if (amountCents === undefined || amountCents < 1)
    fields.amount = 'Enter the amount to refund, like 10.00';
  if (!reason) fields.reason = 'Say why you refund it, for its history and the shopper’s email';
  else if (reason.length > REASON_MAX_LENGTH)
    fields.reason = `The reason must be ${REASON_MAX_LENGTH} characters or fewer`;
  return amountCents !== undefined && Object.keys(fields).length === 0
    ? { ok: true, value: { amountCents, reason } }
    : { ok: false, fields };
}

/** A note of the owner's on an order: a few lines, not a file. */
export const NOTE_MAX_LENGTH = 2000;

export function checkNote(form: DeskForm): Checked<string> {
  // Line breaks are kept: a note may be a short list.
  const note = (form.text ?? '')
    .split(/\r?\n/)
    .map((line) => cleanShopperText(line).trimEnd())
    .join('\n')
    .trim();
  if (!note) return { ok: false, fields: { text: 'Write the note first' } };
  if (note.length > NOTE_MAX_LENGTH)
    return { ok: false, fields: { text: `A note must be ${NOTE_MAX_LENGTH} characters or fewer` } };
  return { ok: true, value: note };
}
