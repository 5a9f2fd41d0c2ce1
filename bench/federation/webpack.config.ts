/**
 * The bench-only one-bundle build: the host's own production browser configuration (same loaders,
 * aliases, CSS extraction, HTML template, head script and page pre-render; the host has no
 * federation plugin, it starts the runtime itself), with another entry that imports the remotes'
 * exposed modules directly, aliased to their source files from each remote's own `exposes` map.
 */
import { join, resolve } from 'node:path';
import type { Configuration } from 'webpack';
import { createPrerenderConfig } from '@tshirt/tooling/build/prerender';
import { hostBrowserConfig } from '@tshirt/tooling/build/webpackConfig';
import { hostBuildOptions } from '@tshirt/host/webpack.config';
import { CHECKOUT_EXPOSES } from '@tshirt/remote-checkout/exposes';
import { DESIGNER_EXPOSES } from '@tshirt/remote-designer/exposes';

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

/** The one bundle, then the host's pre-render of its pages into the one bundle's folder (as the host's own build). */
export function createOneBundleConfig(): Configuration[] {
  const options = hostBuildOptions('production');
  const host = hostBrowserConfig(options, 'production');
  const hostAlias = host.resolve?.alias;
  const oneBundle: Configuration = {
    ...host,
    name: 'one-bundle',
    entry: join(__dirname, 'src/index.tsx'),
    output: { ...host.output, path: ONE_BUNDLE_DIST, uniqueName: 'oneBundle' },
    resolve: {
      ...host.resolve,
      alias: {
        ...(hostAlias && !Array.isArray(hostAlias) ? hostAlias : {}),
        ...exposedModuleAliases(),
      },
    },
    devServer: undefined,
  } as Configuration;
  const prerender = createPrerenderConfig({
    after: 'one-bundle',
    appDir: options.appDir,
    entry: options.prerenderEntry ?? './src/prerender/renderRoutes.tsx',
    htmlDir: ONE_BUNDLE_DIST,
    browser: oneBundle,
  });
  return [oneBundle, prerender];
}

export default createOneBundleConfig;
