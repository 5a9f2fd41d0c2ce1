/** Checkout wording the spec leaves open (its fixed labels live in '@tshirt/shared'). */
export const NO_ARTWORK_HINT = 'Generate art or pick a design to continue';
export const CHECKOUT_FAILED_TITLE = 'Your checkout did not go through.';
export const SECURE_CHECKOUT_NOTE =
  'Secure checkout: you review your order and pay on the next page.';
export const SIZE_CHART_TEXT = {
  summary: 'Size chart',
  caption: 'sizes, garment measured flat',
  size: 'Size',
  chest: 'Chest width',
  length: 'Body length',
  howTo:
    'Chest: armpit to armpit. Length: top of the shoulder to the hem. Lay a tee you like flat and compare.',
};
export const PAYMENT_OPEN_TEXT = {
  title: 'Your payment page is open in another tab',
  body: 'Finish paying there to place this order.',
  reopen: 'Open the payment page again',
};
export const SWATCHES_LEGEND = 'Shirt color';
export const SHIPPING_TEXT = {
  atPayment: 'Shipping is added at payment.',
  otherCountries: 'Other countries: the payment page shows their shipping.',
  taxAdded: 'Sales tax, where it applies, is added at payment.',
  taxIncluded: 'Prices include sales tax where it applies.',
  plusShipping: 'shipping',
};
