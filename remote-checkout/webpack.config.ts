import { createAppWebpackConfig } from '@tshirt/shared/build/webpackConfig';

export default (_env: unknown, argv: { mode?: 'development' | 'production' }) =>
  createAppWebpackConfig(
    {
      appDir: __dirname,
      federationName: 'checkout',
      devPort: 3002,
      publicPath: 'auto',
      exposes: {
        './CheckoutPanel': './src/checkout-panel/CheckoutPanel.tsx',
      },
    },
    argv.mode ?? 'production',
  );
