/**
 * The API's paths, apart from the client so that code needing only an address (the Web Vitals
 * reporter, a remote's early script) does not carry the client with it.
 */
export const GENERATE_IMAGE_PATH = '/creator/generate_image';
export const CHECKOUT_PATH = '/creator/checkout';
/** What the store sells and what it costs before payment (StoreOffer). */
export const STORE_OFFER_PATH = '/creator/offer';
export const VITALS_PATH = '/creator/vitals';
/** `?token=` (the order page's secret) or `?session_id=` (Stripe's success redirect). */
export const ORDER_PATH = '/creator/order';
/** `POST ?token=` with the corrected address (JSON) of an order the printer could not ship. */
export const ORDER_ADDRESS_PATH = '/creator/order/address';
