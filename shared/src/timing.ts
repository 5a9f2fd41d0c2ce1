/** Every delay and time limit the spec names. */

/** The home page hero fades in over this long. */
export const HERO_FADE_MS = 500;
/** After the server answers a checkout, the payment tab waits this long before leaving /loading. */
export const PAYMENT_REDIRECT_DELAY_MS = 500;
/** A remote (separately delivered part) that has not loaded by then is given up on. */
export const REMOTE_LOAD_TIMEOUT_MS = 120_000;
/** A remote still loading after this long says it is taking longer than usual, and offers Retry. */
export const REMOTE_SLOW_NOTICE_MS = 5_000;
