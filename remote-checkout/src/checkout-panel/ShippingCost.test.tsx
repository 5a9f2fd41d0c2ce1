import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { PREMADE_DESIGNS, orderStore, type StoreOffer } from '@tshirt/shared';
import CheckoutPanel from './CheckoutPanel';
import { StoreOfferContext } from './storeOffer';

const OFFER: StoreOffer = {
  currency: 'USD',
  unitPriceCents: 1999,
  // No country names, as from a store before they were sent: the page names the countries itself.
  shipping: [{ countries: ['US'], firstItemCents: 499, additionalItemCents: 200 }],
  salesTax: 'off',
  unavailable: [
    {
      shirtStyle: 'Youth',
      shirtColor: 'Black',
      shirtSize: '6XL',
      reason: 'Our print shop does not make the Youth shirt in Black, size 6XL.',
    },
  ],
};

async function renderWith(offer: StoreOffer | undefined) {
  render(
    <StoreOfferContext value={() => Promise.resolve(offer)}>
      <CheckoutPanel />
    </StoreOfferContext>,
  );
  // The offer arrives after the first render, as it does from the store.
  await act(() => Promise.resolve());
}

beforeEach(() => {
  act(() =>
    orderStore.update({ shirtStyle: "Men's", shirtColor: 'Black', shirtSize: 'M', quantity: 1 }),
  );
  act(() => orderStore.selectDesign(PREMADE_DESIGNS[0]!.imagePath));
});

it('says what shipping costs before Buy It, and adds it to the total for the quantity', async () => {
  await renderWith(OFFER);
  expect(screen.getByRole('status')).toHaveTextContent('Total: $24.98 USD');
  expect(screen.getByText('1 × $19.99 USD + $4.99 USD shipping')).toBeInTheDocument();
  expect(
    screen.getByText(
      'Shipping to United States: $4.99 USD for the first shirt, $2.00 USD for each additional one.',
    ),
  ).toBeInTheDocument();
  await userEvent.selectOptions(screen.getByLabelText('Quantity'), '3');
  expect(screen.getByRole('status')).toHaveTextContent('Total: $68.96 USD');
});

it("names the zone's countries as the store sends them", async () => {
  const zone = { countries: ['CA', 'MX'], firstItemCents: 999, additionalItemCents: 400 };
  await renderWith({
    ...OFFER,
    shipping: [{ ...zone, countryNames: ['Canada (by ship)', 'México'] }],
  });
  expect(
    screen.getByText(/^Shipping to Canada \(by ship\), México: \$9\.99 USD/),
  ).toBeInTheDocument();
});

it('names a free-shipping threshold and ships free from it', async () => {
  await renderWith({ ...OFFER, shipping: [{ ...OFFER.shipping[0]!, freeFromCents: 3998 }] });
  expect(screen.getByText(/Free shipping on orders of \$39\.98 USD or more\./)).toBeInTheDocument();
  await userEvent.selectOptions(screen.getByLabelText('Quantity'), '2');
  expect(screen.getByRole('status')).toHaveTextContent('Total: $39.98 USD');
  expect(screen.getByText('2 × $19.99 USD + free shipping')).toBeInTheDocument();
});

it('says shipping is added at payment when the store cannot say', async () => {
  await renderWith(undefined);
  expect(screen.getByText('Shipping is added at payment.')).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent('Total: $19.99 USD');
});

it('shows a size the print shop does not make as unavailable, with why, and offers no Buy It for it', async () => {
  await renderWith(OFFER);
  await userEvent.selectOptions(screen.getByLabelText('Style'), 'Youth');
  const sixXl = screen.getByRole('option', { name: '6XL (unavailable)' });
  expect(sixXl).toBeDisabled();
  expect(screen.getByRole('option', { name: '3XL' })).toBeEnabled();

  // A shopper who had 6XL picked before choosing Youth is told why, and cannot buy it.
  act(() => orderStore.update({ shirtSize: '6XL' }));
  expect(screen.getByLabelText('Size')).toHaveAccessibleDescription(
    'Our print shop does not make the Youth shirt in Black, size 6XL.',
  );
  expect(screen.getByLabelText('Size')).toHaveAttribute('aria-invalid', 'true');
  expect(screen.getByRole('button', { name: 'Buy It' })).toBeDisabled();

  await userEvent.selectOptions(screen.getByLabelText('Size'), '3XL');
  expect(screen.getByRole('button', { name: 'Buy It' })).toBeEnabled();
});

it("writes every figure in the store's currency", async () => {
  await renderWith({ ...OFFER, currency: 'EUR' });
  expect(screen.getByRole('status')).toHaveTextContent('Total: 24.98 EUR');
  expect(screen.getByText('1 × 19.99 EUR + 4.99 EUR shipping')).toBeInTheDocument();
});
