import { dirname, join } from 'node:path';
import type { RuleSetRule } from 'webpack';

const TREE_SHAKING_LOADER = join(__dirname, 'reactRouterTreeShakingLoader.js');

export interface ReactRouterProductionBuild {
  /** `react-router` resolved to its production build: the package's exports offer only the development one. */
  alias: Record<string, string>;
  /** Its files through ./reactRouterTreeShakingLoader.js, so what a page never uses is left out. */
  rules: RuleSetRule[];
}

/** react-router as an app in `appDir` bundles it in production. */
export function reactRouterProductionBuild(appDir: string): ReactRouterProductionBuild {
  const packageDir = dirname(require.resolve('react-router/package.json', { paths: [appDir] }));
  const productionDir = join(packageDir, 'dist', 'production');
  return {
    alias: { 'react-router$': join(productionDir, 'index.mjs') },
    rules: [{ test: /\.mjs$/, include: productionDir, use: TREE_SHAKING_LOADER }],
  };
}
