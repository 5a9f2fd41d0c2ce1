import { createAppWebpackConfig } from '@tshirt/tooling/build/webpackConfig';
import { CHECKOUT_EXPOSES } from './src/exposes';

export default (_env: unknown, argv: { mode?: 'development' | 'production' }) =>
  createAppWebpackConfig(
    {
      appDir: __dirname,
      federationName: 'checkout',
      devPort: 3002,
      publicPath: 'auto',
      exposes: { ...CHECKOUT_EXPOSES },
    },
    argv.mode ?? 'production',
  );
