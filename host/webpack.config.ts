import { createAppWebpackConfig } from '@tshirt/shared/build/webpackConfig';

export default (_env: unknown, argv: { mode?: 'development' | 'production' }) =>
  createAppWebpackConfig(
    {
      appDir: __dirname,
      federationName: 'host',
      devPort: 3000,
      publicPath: '/',
    },
    argv.mode ?? 'production',
  );
