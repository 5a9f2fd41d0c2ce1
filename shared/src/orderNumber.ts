/**
 * An order number as a person reads it aloud (`TW-4821-7730`), or the random 16-character id of an
 * order made before numbers were readable. It is no key to anything: every link carries a secret.
 * (Its own module, so a check of an order id loads no schema library.)
 */
export const ORDER_NUMBER_PATTERN = '^(?:[A-Z]{2,5}-[0-9]{4}-[0-9]{4}|[A-Za-z0-9_-]{16})$';
