import { createAppWebpackConfig, type AppBuildOptions } from '@tshirt/tooling/build/webpackConfig';
import { reactRouterProductionBuild } from '@tshirt/tooling/build/reactRouterProductionBuild';

type Mode = 'development' | 'production';

/** The host's build options (the benchmarks' one-bundle build reuses them). */
export function hostBuildOptions(mode: Mode): AppBuildOptions {
  // The host is react-router's only user.
  const reactRouter = mode === 'production' ? reactRouterProductionBuild(__dirname) : undefined;
  return {
    appDir: __dirname,
    federationName: 'host',
    devPort: 3000,
    publicPath: '/',
    alias: reactRouter?.alias ?? {},
    moduleRules: reactRouter?.rules,
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
