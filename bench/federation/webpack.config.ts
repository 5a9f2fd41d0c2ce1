/**
 * The bench-only one-bundle build: the host's own production webpack configuration (same loaders,
 * aliases, CSS extraction, HTML template) without the Module Federation plugin, with the remotes'
 * exposed modules aliased to their source files from each remote's own `exposes` map.
 */
import { join, resolve } from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import type { Configuration } from 'webpack';
import hostWebpackConfig from '../../host/webpack.config';
import { CHECKOUT_EXPOSES } from '../../remote-checkout/src/exposes';
import { DESIGNER_EXPOSES } from '../../remote-designer/src/exposes';

export const ONE_BUNDLE_DIST = join(__dirname, 'dist');

/** `designer/ArtForm$` → remote-designer/src/art-form/ArtForm.tsx, for every exposed module. */
function exposedModuleAliases(): Record<string, string> {
  const remotes = [
    {
      name: 'designer',
      dir: resolve(__dirname, '../../remote-designer'),
      exposes: DESIGNER_EXPOSES,
    },
    {
      name: 'checkout',
      dir: resolve(__dirname, '../../remote-checkout'),
      exposes: CHECKOUT_EXPOSES,
    },
  ];
  return Object.fromEntries(
    remotes.flatMap(({ name, dir, exposes }) =>
      Object.entries(exposes).map(([request, file]) => [
        `${name}/${request.replace(/^\.\//, '')}$`,
        resolve(dir, file),
      ]),
    ),
  );
}

export function createOneBundleConfig(): Configuration {
  const host = hostWebpackConfig(undefined, { mode: 'production' });
  const hostAlias = host.resolve?.alias;
  return {
    ...host,
    entry: join(__dirname, 'src/index.tsx'),
    output: { ...host.output, path: ONE_BUNDLE_DIST, uniqueName: 'oneBundle' },
    resolve: {
      ...host.resolve,
      alias: {
        ...(hostAlias && !Array.isArray(hostAlias) ? hostAlias : {}),
        ...exposedModuleAliases(),
      },
    },
    plugins: (host.plugins ?? []).filter((plugin) => !(plugin instanceof ModuleFederationPlugin)),
    devServer: undefined,
  } as Configuration;
}

export default createOneBundleConfig;
