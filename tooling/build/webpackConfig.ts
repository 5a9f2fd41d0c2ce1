/**
 * The one webpack configuration every front-end app builds with: TypeScript through ts-loader,
 * CSS (CSS Modules for `*.module.css`), assets, html-webpack-plugin, Module Federation with the
 * shared singletons, and a dev server that proxies the API to the local server.
 *
 * How federation is built, for bytes: the federation runtime is downloaded once per page,
 * and only by pages that compose remotes.
 * - The host has no federation plugin: it starts the runtime itself (`@module-federation/enhanced/runtime`)
 *   in a lazily loaded chunk, provides its own React and store as the shared singletons
 *   (`__HOST_PROVIDED_SINGLETONS__`), and exposes the runtime to the remotes as
 *   `_FEDERATION_RUNTIME_CORE`.
 * - A remote's production build is two compilations into one folder: the container
 *   (`remoteEntry.js` and the exposed chunks) with `experiments.externalRuntime`, so it carries no
 *   runtime of its own, and the standalone page (`index.html`, `main.js`), an ordinary bundle of
 *   the same sources that needs no federation at all. In development a remote is one compilation
 *   with its own runtime, which works with the same host.
 */
import { basename, dirname, join } from 'node:path';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import webpack, { type Configuration, type RuleSetRule } from 'webpack';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';
import { CONTRACT_VERSION, HOST_MANIFEST_FILE, type RemoteName } from '@tshirt/shared/contract';
import type { HostManifest } from '@tshirt/shared/compatibility';
import { PAGE_SCRIPTS_ATTRIBUTE } from '@tshirt/shared/pageStart';
import { providedSingletons, sharedSingletons } from './federation';
import {
  EXPOSE_CHUNK_PREFIX,
  RecordContainerBuildPlugin,
  createFragmentsConfig,
  type ContainerBuildRecord,
} from './fragments';
import { ProductBytesBudget } from './bytesBudget';
import { compressedCopies } from './compressedCopies';
import { createEarlyScriptConfig } from './earlyScript';
import { HostFitPlugin } from './hostFitPlugin';
import { escapeAttribute } from './htmlAttribute';
import { pageStartScriptCompiler, type PageStartScript } from './pageStartScript';
import { createPrerenderConfig } from './prerender';
import { ReleaseManifestPlugin, stagingFolder } from './releaseManifest';
import { appInputsHash } from './staleApps.mjs';
import { storeProxy, withStandaloneDevApi, withStoreWatch } from './standaloneDevApi';
import { typeScriptRule } from './typeScriptRule';
import { DropUnreachableRuntimeModulesPlugin } from './unreachableRuntimeModules';
import { isContentHashed } from '@tshirt/shared/cachePolicy';

export interface AppBuildOptions {
  /** The app's folder (its package.json, src/ and public/ live there). */
  appDir: string;
  /** Module Federation container name. */
  federationName: string;
  /** The dev server's port unless `<NAME>_DEV_PORT` says otherwise (HOST_DEV_PORT, DESIGNER_DEV_PORT, …). */
  devPort: number;
  /** Remotes: the exposed modules, e.g. `{ './ArtForm': './src/art-form/ArtForm.tsx' }`. */
  exposes?: Record<string, string>;
  /**
   * Remotes: the contract version the build implements, stamped on its exposed modules and
   * fragments; that of the `@tshirt/shared` it is built against unless said otherwise.
   */
  contractVersion?: number;
  /** Files of runtime plugins to register with a remote's federation runtime. */
  runtimePlugins?: string[];
  /** `'/'` for the host (served at the site root); remotes use `'auto'` so any origin works. */
  publicPath: '/' | 'auto';
  /** Entry file; defaults to `src/index.ts`. */
  entry?: string;
  /** HTML template; defaults to `public/index.html` in the app. */
  htmlTemplate?: string;
  /** Extra webpack aliases. */
  alias?: Record<string, string>;
  /** Extra module rules (the host's react-router: ./reactRouterProductionBuild.ts). */
  moduleRules?: RuleSetRule[];
  /**
   * Hosts: a module that renders the known pages at build time (see ./prerender.ts); production
   * builds then write their HTML beside index.html.
   */
  prerenderEntry?: string;
  /**
   * The TypeScript entries of the script that must run before the first paint (see
   * PageStartScriptPlugin): compiled into one, inlined at the end of the head, after the
   * stylesheets. With it, the entry scripts load after the first paint.
   */
  pageStartScripts?: string[];
  /**
   * Remotes: a small classic script the server adds to a page holding the remote's parts, to act
   * before their code is live (see ./earlyScript.ts); its built name goes into `fragments.json`.
   */
  earlyScript?: string;
  /**
   * Hosts: the lazily loaded chunks (by `webpackChunkName`) `/product` loads besides the entry and
   * the part loader, counted in the host's bytes budget (./bytesBudget.ts).
   */
  productPageChunks?: string[];
}

type Mode = 'development' | 'production';

export type AppWebpackConfig = Configuration & { devServer?: DevServerConfiguration };

/** The store the dev servers forward to: API_PROXY_TARGET, else the one `npm run dev` starts on PORT. */
const API_PROXY_TARGET =
  process.env.API_PROXY_TARGET || `http://localhost:${process.env.PORT || 8080}`;

/** What the dev server of each app forwards to the store server (API, test payment page, built remotes). */
const PROXIED_TO_STORE = ['/creator', '/site-config.json', '/pay', '/remotes'];

/** The dev server's port: `<NAME>_DEV_PORT` (e.g. DESIGNER_DEV_PORT) or the app's default. */
function devPortOf(options: AppBuildOptions): number {
  const variable = `${options.federationName.toUpperCase()}_DEV_PORT`;
  const raw = process.env[variable];
  if (raw === undefined || raw === '') return options.devPort;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) {
    throw new Error(`${variable} must be a port number from 1 to 65535 (got "${raw}")`);
  }
  return port;
}

/** Said once when a dev server starts, so nobody wonders which server answers the API. */
function announceDevServer(options: AppBuildOptions, port: number): void {
  if (!process.env.WEBPACK_SERVE) return;
  const source = process.env.API_PROXY_TARGET
    ? 'API_PROXY_TARGET'
    : `PORT${process.env.PORT ? '' : "'s default"}; set API_PROXY_TARGET to name another`;
  console.log(
    `[${options.federationName}] http://localhost:${port}/ — ${PROXIED_TO_STORE.join(', ')} go to the store server at ${API_PROXY_TARGET} (${source}); start one there with \`npm start\` or \`npm run dev -w server\`.`,
  );
}

/**
 * Compile-time switches of the federation runtime: no snapshot plugin (remotes are plain
 * `remoteEntry.js` files, never manifests) and browser-only code, so both are tree-shaken away.
 */
export const FEDERATION_RUNTIME_DEFINES = {
  FEDERATION_OPTIMIZE_NO_SNAPSHOT_PLUGIN: true,
  ENV_TARGET: JSON.stringify('web'),
} as const;

function cssModuleOptions(options: AppBuildOptions, production: boolean) {
  return {
    auto: true,
    namedExport: false,
    exportLocalsConvention: 'as-is' as const,
    localIdentName: production
      ? // Short: every class name is in the page's scripts and markup; one letter still tells the team.
        `${options.federationName[0]}-[hash:base64:5]`
      : `${options.federationName}-[name]-[local]`,
  };
}

const ASSET_TEST = /\.(png|jpe?g|webp|avif|svg|woff2?)$/i;

/**
 * The page-start script: what must run before the first paint (to match a pre-rendered layout to
 * the window, to hold clicks on server-rendered parts, and to load the page's own scripts once it
 * has painted), compiled on its own (./pageStartScript.ts) and inlined at the end of the head,
 * after the stylesheets. The entry scripts html-webpack-plugin would add as `<script defer>` tags
 * go in its PAGE_SCRIPTS_ATTRIBUTE instead (a pre-rendered page with remote parts also preloads them:
 * ./prerender.ts); the server allows the inline script by its hash (CSP).
 */
class PageStartScriptPlugin {
  constructor(private readonly entries: string[]) {}

  apply(compiler: webpack.Compiler): void {
    const compile = pageStartScriptCompiler(compiler.context, this.entries);
    compiler.hooks.thisCompilation.tap('PageStartScriptPlugin', (compilation) => {
      let inline = '';
      compilation.hooks.processAssets.tapPromise(
        {
          name: 'PageStartScriptPlugin',
          stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL,
        },
        async () => {
          let script: PageStartScript;
          try {
            script = await compile();
          } catch (error) {
            compilation.errors.push(new webpack.WebpackError(String(error)));
            return;
          }
          compilation.fileDependencies.addAll(script.files);
          inline = script.code;
        },
      );
      HtmlWebpackPlugin.getCompilationHooks(compilation).alterAssetTagGroups.tap(
        'PageStartScriptPlugin',
        (groups) => {
          const entryScripts: string[] = [];
          const withoutEntryScripts = (tags: typeof groups.headTags) =>
            tags.filter((tag) => {
              const src = tag.tagName === 'script' ? tag.attributes.src : undefined;
              if (typeof src !== 'string') return true;
              entryScripts.push(src);
              return false;
            });
          groups.headTags = withoutEntryScripts(groups.headTags);
          groups.bodyTags = withoutEntryScripts(groups.bodyTags);
          groups.headTags.push(
            HtmlWebpackPlugin.createHtmlTagObject(
              'script',
              { [PAGE_SCRIPTS_ATTRIBUTE]: escapeAttribute(JSON.stringify(entryScripts)) },
              inline,
            ),
          );
          return groups;
        },
      );
    });
  }
}

/**
 * Where a build writes: a production build into a new folder beside `dist/`, which replaces it once
 * every check has passed (./releaseManifest.ts, ReleaseManifestPlugin).
 */
function outputFolder(appDir: string, mode: Mode): string {
  const dist = join(appDir, 'dist');
  return mode === 'production' ? stagingFolder(dist) : dist;
}

/** The browser build of an app, without federation (each caller adds its own). */
function browserConfig(options: AppBuildOptions, mode: Mode): AppWebpackConfig {
  const production = mode === 'production';
  const { appDir } = options;
  // A remote's dev server says which API its page uses (./standaloneDevApi.ts).
  if (!production && !options.exposes) announceDevServer(options, devPortOf(options));
  return {
    mode,
    // Every browser the store supports runs ES2022 (as the TypeScript target): webpack's own code is shorter too.
    target: ['web', 'es2022'],
    context: appDir,
    entry: options.entry ?? './src/index.ts',
    // No eval in development either: the store's CSP (no 'unsafe-eval') runs the dev bundles it composes.
    // In production the scripts do not name their maps (bytes on every page): the server names
    // them in a SourceMap header when it serves them (SERVE_SOURCE_MAPS).
    devtool: production ? 'hidden-source-map' : 'cheap-module-source-map',
    output: {
      path: outputFolder(appDir, mode),
      publicPath: options.publicPath,
      // [contenthash] in `filename` breaks the federation runtime; chunks may carry it. The host
      // has no federation plugin: its entry carries one, so a page always loads its own build's
      // script, even across a new build switched in while it loads.
      filename: production && !options.exposes ? '[name].[contenthash:10].js' : '[name].js',
      chunkFilename: production ? 'chunks/[name].[contenthash:10].js' : 'chunks/[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      // A page opened before a redeploy may still ask for the previous build's chunks: keep them.
      clean: production ? { keep: (asset: string) => isContentHashed(asset) } : true,
      uniqueName: options.federationName,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      alias: options.alias ?? {},
    },
    module: {
      rules: [
        typeScriptRule(appDir),
        {
          test: /\.css$/,
          use: [
            // Files, not JS: the server inlines a part's CSS with its markup, and the JS stays smaller.
            MiniCssExtractPlugin.loader,
            { loader: 'css-loader', options: { modules: cssModuleOptions(options, production) } },
          ],
        },
        { test: ASSET_TEST, type: 'asset/resource' },
        ...(options.moduleRules ?? []),
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({
        template: options.htmlTemplate ?? join(appDir, 'public', 'index.html'),
        scriptLoading: 'defer',
      }),
      new MiniCssExtractPlugin({
        filename: production ? '[name].[contenthash:10].css' : '[name].css',
        chunkFilename: production ? 'chunks/[name].[contenthash:10].css' : 'chunks/[name].css',
      }),
      ...(options.pageStartScripts?.length
        ? [new PageStartScriptPlugin(options.pageStartScripts)]
        : []),
      ...(production ? compressedCopies() : []),
    ],
    performance: { hints: false },
    optimization: {
      minimizeOptions: {
        javascript: { ecma: 2020, compress: { passes: 3, ecma: 2020 }, format: { ecma: 2020 } },
      },
    },
    devServer: {
      port: devPortOf(options),
      historyApiFallback: true,
      hot: false,
      liveReload: true,
      headers: { 'Access-Control-Allow-Origin': '*' },
      proxy: [storeProxy(PROXIED_TO_STORE, API_PROXY_TARGET, Boolean(options.exposes))],
      client: { overlay: { errors: true, warnings: false } },
    },
  };
}

const RELEASE_EXPORT_LOADER = join(__dirname, 'releaseExportLoader.js');

/** The exposes map with each module passed through the loader that adds its release id and contract version. */
function exposesWithRelease(
  exposes: Record<string, string>,
  contractVersion: number,
): Record<string, string> {
  const loader = `${RELEASE_EXPORT_LOADER}?contract=${contractVersion}`;
  return Object.fromEntries(
    Object.entries(exposes).map(([request, file]) => [request, `${loader}!${file}`]),
  );
}

function remoteFederationPlugin(
  options: AppBuildOptions,
  externalRuntime: boolean,
): ModuleFederationPlugin {
  return new ModuleFederationPlugin({
    name: options.federationName,
    filename: 'remoteEntry.js',
    exposes: exposesWithRelease(options.exposes ?? {}, options.contractVersion ?? CONTRACT_VERSION),
    shared: sharedSingletons(options.appDir),
    runtimePlugins: options.runtimePlugins,
    dts: false,
    manifest: true,
    experiments: {
      // The host provides `_FEDERATION_RUNTIME_CORE` before it loads any remote entry.
      externalRuntime,
      // A remote loads no remotes of its own, so its runtime code for loading them is left out.
      optimization: { disableSnapshot: true, disableRemote: true, target: 'web' },
    },
  });
}

/**
 * The host: an ordinary bundle that starts the federation runtime on demand (see the file comment),
 * followed in production by the pre-render of its pages when it has a `prerenderEntry`.
 */
function hostConfigs(options: AppBuildOptions, mode: Mode): AppWebpackConfig | AppWebpackConfig[] {
  const config = hostBrowserConfig(options, mode);
  if (mode !== 'production') return config;
  const pageChunks = new Set([PART_LOADER_CHUNK, ...(options.productPageChunks ?? [])]);
  config.plugins = [
    ...(config.plugins ?? []),
    new ProductBytesBudget(options.federationName, options.appDir).measure((name) =>
      pageChunks.has(name),
    ),
  ];
  if (!options.prerenderEntry) return config;
  return [
    config,
    createPrerenderConfig({
      after: options.federationName,
      appDir: options.appDir,
      entry: options.prerenderEntry,
      htmlDir: outputFolder(options.appDir, mode),
      browser: config,
    }),
  ];
}

/** The one chunk a remote's container puts every exposed part in. */
const EXPOSED_PARTS_CHUNK = 'parts';

/** The host's chunk that loads remote parts, as host/src/remote-loading/federationRemoteLoader.ts names it. */
const PART_LOADER_CHUNK = 'federation-runtime';

/** Emits `host-manifest.json`: the server checks remote fragments against it, remote teams their ranges. */
class HostManifestPlugin {
  constructor(private readonly manifest: HostManifest) {}

  apply(compiler: webpack.Compiler): void {
    compiler.hooks.thisCompilation.tap('HostManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'HostManifestPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          const publicPath = compilation.outputOptions.publicPath;
          const root = typeof publicPath === 'string' && publicPath !== 'auto' ? publicPath : '/';
          const partScripts = (
            compilation.namedChunkGroups.get(PART_LOADER_CHUNK)?.getFiles() ?? []
          )
            .filter((file) => file.endsWith('.js'))
            .map((file) => `${root}${file}`);
          compilation.emitAsset(
            HOST_MANIFEST_FILE,
            new webpack.sources.RawSource(
              `${JSON.stringify({ ...this.manifest, partScripts }, null, 2)}\n`,
            ),
          );
        },
      );
    });
  }
}

/** The host's browser compilation (exported for builds that change its entry or output, e.g. the benchmarks'). */
export function hostBrowserConfig(options: AppBuildOptions, mode: Mode): AppWebpackConfig {
  const config = browserConfig(options, mode);
  const provides = providedSingletons(options.appDir);
  config.name = options.federationName;
  config.plugins = [
    ...(config.plugins ?? []),
    new webpack.DefinePlugin({
      ...FEDERATION_RUNTIME_DEFINES,
      __HOST_PROVIDED_SINGLETONS__: JSON.stringify(provides),
    }),
    new HostManifestPlugin({ contractVersion: CONTRACT_VERSION, provides }),
  ];
  return config;
}

/**
 * A remote's production build: the container without a runtime, then the standalone page into
 * the same folder (it runs after the container, so its clean-up never removes the container's
 * files), its early script when it has one (./earlyScript.ts), and the server-side fragments of
 * its exposed modules (./fragments.ts). It fails when the remote does not fit its host
 * (./hostFitPlugin.ts) and when its scripts on `/product` are over its bytes budget
 * (./bytesBudget.ts).
 */
function remoteProductionConfigs(options: AppBuildOptions): AppWebpackConfig[] {
  const containerName = `${options.federationName}-container`;
  const record: ContainerBuildRecord = { styles: [], scripts: {} };
  const budget = new ProductBytesBudget(options.federationName, options.appDir);
  const container = browserConfig(options, 'production');
  container.name = containerName;
  // The container plugin adds `remoteEntry.js` as the only entry; there is no page in this build.
  container.entry = {};
  container.optimization = {
    ...container.optimization,
    // Every exposed part of a remote travels as one file: the product page shows them together, so
    // one request instead of one per part, and no module shipped twice (the parts share code).
    splitChunks: {
      cacheGroups: {
        default: false,
        defaultVendors: false,
        [EXPOSED_PARTS_CHUNK]: {
          name: EXPOSED_PARTS_CHUNK,
          chunks: (chunk) => chunk.name?.startsWith(EXPOSE_CHUNK_PREFIX) ?? false,
          enforce: true,
        },
      },
    },
  };
  container.plugins = [
    remoteFederationPlugin(options, true),
    new DropUnreachableRuntimeModulesPlugin(),
    // Its CSS files: the exposed modules load theirs, the fragments inline them.
    ...(container.plugins ?? []).filter((plugin) => plugin instanceof MiniCssExtractPlugin),
    new RecordContainerBuildPlugin(record),
    ...compressedCopies(),
    budget.measure((name) => name.startsWith(EXPOSE_CHUNK_PREFIX)),
    new HostFitPlugin(
      options.federationName,
      options.appDir,
      options.contractVersion ?? CONTRACT_VERSION,
    ),
  ];
  delete container.devServer;
  // The federation plugin's notes about publicPath 'auto' (which a remote needs) would print on
  // every build with nothing to act on; its errors still show.
  container.infrastructureLogging = { level: 'error' };

  const standalone = browserConfig(options, 'production');
  standalone.name = `${options.federationName}-standalone`;
  standalone.dependencies = [containerName];
  standalone.output = {
    ...standalone.output,
    clean: false,
    uniqueName: `${options.federationName}-standalone`,
  };
  delete standalone.devServer;

  const earlyName = `${options.federationName}-early`;
  const early = options.earlyScript
    ? createEarlyScriptConfig({
        name: earlyName,
        after: containerName,
        appDir: options.appDir,
        entry: options.earlyScript,
        outputPath: outputFolder(options.appDir, 'production'),
        record,
      })
    : undefined;

  const fragments = createFragmentsConfig({
    remote: options.federationName as RemoteName,
    appDir: options.appDir,
    exposes: options.exposes ?? {},
    contractVersion: options.contractVersion ?? CONTRACT_VERSION,
    container,
    record,
  });
  if (early) {
    early.plugins = [...(early.plugins ?? []), budget.measure()];
    // fragments.json names the early script: written once its name is known.
    fragments.dependencies = [...(fragments.dependencies ?? []), earlyName];
  }
  return early ? [container, standalone, early, fragments] : [container, standalone, fragments];
}

/** A production build ends with its release manifest (./releaseManifest.ts), written once its compilations are done. */
function withReleaseManifest(
  configs: AppWebpackConfig | AppWebpackConfig[],
  mode: Mode,
  appDir: string,
): AppWebpackConfig | AppWebpackConfig[] {
  if (mode !== 'production') return configs;
  const all = Array.isArray(configs) ? configs : [configs];
  const plugin = new ReleaseManifestPlugin(
    all.length,
    appInputsHash(dirname(appDir), basename(appDir)),
    join(appDir, 'dist'),
  );
  for (const config of all) config.plugins = [...(config.plugins ?? []), plugin];
  return configs;
}

/**
 * The webpack configuration of an app: one compilation for the host and for a remote in
 * development, two for a remote's production build (see the file comment).
 */
export function createAppWebpackConfig(
  options: AppBuildOptions,
  mode: Mode,
): AppWebpackConfig | AppWebpackConfig[] {
  if (!options.exposes && mode === 'development') {
    // The host's dev page says when the store it forwards to does not answer, as a remote's does.
    return withStoreWatch(hostBrowserConfig(options, mode), options.appDir);
  }
  if (!options.exposes) {
    return withReleaseManifest(hostConfigs(options, mode), mode, options.appDir);
  }
  if (mode === 'production') {
    return withReleaseManifest(remoteProductionConfigs(options), mode, options.appDir);
  }
  const config = browserConfig(options, mode);
  config.plugins = [remoteFederationPlugin(options, false), ...(config.plugins ?? [])];
  return withStandaloneDevApi(config, { ...options, storeUrl: API_PROXY_TARGET });
}
