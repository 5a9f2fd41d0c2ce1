import { SITE_CONFIG_ELEMENT_ID } from '@tshirt/shared/contract';
import { EARLY_STORE_OFFER_GLOBAL } from '@tshirt/shared/pageStart';
import { installFakeFetch, jsonResponse } from '@tshirt/tooling/test/fakeFetch';
import { askStoreOfferEarly } from './askStoreOfferEarly';

function storePage(path: string): void {
  window.history.replaceState(null, '', path);
  document.head.innerHTML = `<script type="application/json" id="${SITE_CONFIG_ELEMENT_ID}">{}</script>`;
}

afterEach(() => {
  delete window[EARLY_STORE_OFFER_GLOBAL];
  document.head.innerHTML = '';
  window.history.replaceState(null, '', '/');
});

it('asks for the store offer as the product page starts, and leaves the answer for the checkout', async () => {
  storePage('/product');
  const store = installFakeFetch(jsonResponse(200, { shipping: [], unavailable: [] }));
  askStoreOfferEarly(window);
  expect(store.requests.map((request) => request.url)).toEqual(['/creator/offer']);
  const answer = await window[EARLY_STORE_OFFER_GLOBAL];
  expect(answer?.status).toBe(200);
});

it('asks for nothing on a page without the checkout, or on a page that is not the store’s', () => {
  const store = installFakeFetch();
  storePage('/');
  askStoreOfferEarly(window);
  window.history.replaceState(null, '', '/product');
  document.head.innerHTML = '';
  askStoreOfferEarly(window);
  expect(store.requests).toHaveLength(0);
  expect(window[EARLY_STORE_OFFER_GLOBAL]).toBeUndefined();
});
