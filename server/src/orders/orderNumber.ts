/**
 * Order numbers a shopper can read out on the phone (`TW-4821-7730`). They are not secret: the
 * payment page and the order's page are reached by tokens of their own (ordersRepository.ts).
 */
import { randomInt } from 'node:crypto';
import { ORDER_NUMBER_PATTERN } from '@tshirt/shared/orderNumber';

export const ORDER_NUMBER_PREFIX = 'TW';

/**
 * A new order number, drawn at random from 10^8; the checkout draws again if it is taken. The
 * prefix is the shop's (ORDER_NUMBER_PREFIX, 2–5 capitals).
 */
export function newOrderNumber(prefix = ORDER_NUMBER_PREFIX): string {
  const digits = String(randomInt(100_000_000)).padStart(8, '0');
  return `${prefix}-${digits.slice(0, 4)}-${digits.slice(4)}`;
}

const ORDER_ID_REGEX = new RegExp(ORDER_NUMBER_PATTERN);

/** Whether `value` can name an order: a readable number, or an older order's random id. */
export function isOrderId(value: string): boolean {
  return ORDER_ID_REGEX.test(value);
}

/** The order id's part of a pattern, without anchors, for patterns that embed it. */
export const ORDER_ID_SOURCE = ORDER_NUMBER_PATTERN.slice(1, -1);

/**
 * The order number someone typed as they heard it (`tw 4821 7730`, `48217730`), written the way
 * it is stored; undefined when it is not one.
 */
export function canonicalOrderNumber(text: string): string | undefined {
  const match = /^\s*([a-z]{2,5})?[\s-]*(\d{4})[\s-]*(\d{4})\s*$/i.exec(text);
  return match
    ? `${match[1]?.toUpperCase() ?? ORDER_NUMBER_PREFIX}-${match[2]}-${match[3]}`
    : undefined;
}
