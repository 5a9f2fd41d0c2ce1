import { join } from 'node:path';
import { createAppWebpackConfig } from '@tshirt/shared/build/webpackConfig';

type Mode = 'development' | 'production';

/** react-router's package exports only its development build; the host is its only user, so pick the production one. */
function reactRouterProductionAlias(): Record<string, string> {
  const reactRouterDir = join(require.resolve('react-router/package.json'), '..');
  return { 'react-router$': join(reactRouterDir, 'dist', 'production', 'index.mjs') };
}

export default (_env: unknown, argv: { mode?: Mode }) => {
  const mode = argv.mode ?? 'production';
  return createAppWebpackConfig(
    {
      appDir: __dirname,
      federationName: 'host',
      devPort: 3000,
      publicPath: '/',
      alias: mode === 'production' ? reactRouterProductionAlias() : {},
    },
    mode,
  );
};
