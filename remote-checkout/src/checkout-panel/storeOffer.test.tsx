import { render, screen, waitFor } from '@testing-library/react';
import { act } from 'react';
import { PREMADE_DESIGNS, orderStore, type StoreOffer } from '@tshirt/shared';
import { EARLY_STORE_OFFER_GLOBAL } from '@tshirt/shared/pageStart';
import { installFakeFetch, jsonResponse } from '@tshirt/tooling/test/fakeFetch';
import CheckoutPanel from './CheckoutPanel';

const OFFER: StoreOffer = {
  currency: 'USD',
  unitPriceCents: 1999,
  shipping: [{ countries: ['US'], firstItemCents: 499, additionalItemCents: 200 }],
  salesTax: 'off',
  unavailable: [],
};
const SHIPPING_QUOTE = '1 × $19.99 USD + $4.99 USD shipping';

beforeEach(() => {
  act(() =>
    orderStore.update({ shirtStyle: "Men's", shirtColor: 'Black', shirtSize: 'M', quantity: 1 }),
  );
  act(() => orderStore.selectDesign(PREMADE_DESIGNS[0]!.imagePath));
});

afterEach(() => {
  delete window[EARLY_STORE_OFFER_GLOBAL];
});

it('quotes shipping from the offer the page asked for as it started, asking the store nothing more', async () => {
  const store = installFakeFetch();
  window[EARLY_STORE_OFFER_GLOBAL] = Promise.resolve(jsonResponse(200, OFFER));
  render(<CheckoutPanel />);
  expect(await screen.findByText(SHIPPING_QUOTE)).toBeInTheDocument();
  expect(store.requests).toHaveLength(0);
  expect(window[EARLY_STORE_OFFER_GLOBAL]).toBeUndefined();
});

it('asks the store for its offer when the page asked for none, and again for a later panel', async () => {
  const store = installFakeFetch(jsonResponse(200, OFFER), jsonResponse(200, OFFER));
  window[EARLY_STORE_OFFER_GLOBAL] = Promise.resolve(jsonResponse(200, OFFER));
  const first = render(<CheckoutPanel />);
  expect(await screen.findByText(SHIPPING_QUOTE)).toBeInTheDocument();
  first.unmount();
  render(<CheckoutPanel />);
  expect(await screen.findByText(SHIPPING_QUOTE)).toBeInTheDocument();
  await waitFor(() =>
    expect(store.requests.map((request) => request.url)).toEqual(['/creator/offer']),
  );
});

it('says shipping is added at payment when the answer the page asked for never came', async () => {
  installFakeFetch();
  window[EARLY_STORE_OFFER_GLOBAL] = Promise.reject(new TypeError('Failed to fetch'));
  render(<CheckoutPanel />);
  await act(() => Promise.resolve());
  expect(await screen.findByText('Shipping is added at payment.')).toBeInTheDocument();
});
