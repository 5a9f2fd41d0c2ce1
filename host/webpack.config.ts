import { join } from 'node:path';
import { createAppWebpackConfig, type AppBuildOptions } from '@tshirt/tooling/build/webpackConfig';

type Mode = 'development' | 'production';

/** react-router's package exports only its development build; the host is its only user, so pick the production one. */
function reactRouterProductionAlias(): Record<string, string> {
  const reactRouterDir = join(require.resolve('react-router/package.json'), '..');
  return { 'react-router$': join(reactRouterDir, 'dist', 'production', 'index.mjs') };
}

/** The host's build options (the benchmarks' one-bundle build reuses them). */
export function hostBuildOptions(mode: Mode): AppBuildOptions {
  return {
    appDir: __dirname,
    federationName: 'host',
    devPort: 3000,
    publicPath: '/',
    alias: mode === 'production' ? reactRouterProductionAlias() : {},
    prerenderEntry: './src/prerender/renderRoutes.tsx',
    // Loaded by every page (src/vitals/startVitalsReporting.ts), so counted in /product's bytes.
    productPageChunks: ['web-vitals'],
    pageStartScripts: ['./src/page-start/pageStart.ts'],
  };
}

export default (_env: unknown, argv: { mode?: Mode }) => {
  const mode = argv.mode ?? 'production';
  return createAppWebpackConfig(hostBuildOptions(mode), mode);
};
