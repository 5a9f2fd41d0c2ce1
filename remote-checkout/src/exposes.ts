/**
 * The checkout remote's public surface: exposed request → source file. webpack builds from this map
 * and the contract test checks it against `REMOTES.checkout.exposes` in the shared contract.
 */
export const CHECKOUT_EXPOSES = {
  './CheckoutPanel': './src/checkout-panel/CheckoutPanel.tsx',
  './ShirtColorSwatches': './src/shirt-color/ShirtColorSwatches.tsx',
} as const satisfies Record<string, string>;
