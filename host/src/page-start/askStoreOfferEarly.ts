/**
 * The product page's checkout quotes prices and shipping from the store's offer. Asked for here,
 * before the first paint, its answer is in before the shopper's first tap; the checkout part
 * adopts it once live (remote-checkout's storeOffer.ts) instead of asking then, when the shopper
 * may be waiting for their art.
 */
import { STORE_OFFER_PATH } from '@tshirt/shared/apiPaths';
import { SITE_CONFIG_ELEMENT_ID } from '@tshirt/shared/contract';
import { EARLY_STORE_OFFER_GLOBAL } from '@tshirt/shared/pageStart';
import { PAGE_PATHS } from '@tshirt/shared/routes';

export function askStoreOfferEarly(win: Window): void {
  // Only the store's own pages carry its site configuration: there, its API is this origin.
  if (win.location.pathname !== PAGE_PATHS.product) return;
  if (!win.document.getElementById(SITE_CONFIG_ELEMENT_ID)) return;
  const response = win.fetch(STORE_OFFER_PATH, { headers: { accept: 'application/json' } });
  // Never adopted (the checkout part never came), it fails quietly.
  response.catch(() => undefined);
  win[EARLY_STORE_OFFER_GLOBAL] = response;
}
