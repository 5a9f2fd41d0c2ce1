/**
 * The one webpack configuration every front-end app builds with: TypeScript through ts-loader,
 * CSS (CSS Modules for `*.module.css`), assets, html-webpack-plugin, Module Federation with the
 * shared singletons, and a dev server that proxies the API to the local server.
 */
import { join } from 'node:path';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import type { Configuration } from 'webpack';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';
import { sharedSingletons } from './federation';
import { isContentHashed } from './serveStatic';

export interface AppBuildOptions {
  /** The app's folder (its package.json, src/ and public/ live there). */
  appDir: string;
  /** Module Federation container name. */
  federationName: string;
  devPort: number;
  /** Remotes: the exposed modules, e.g. `{ './ArtForm': './src/art-form/ArtForm.tsx' }`. */
  exposes?: Record<string, string>;
  /** Files of runtime plugins to register with the federation runtime. */
  runtimePlugins?: string[];
  /** `'/'` for the host (served at the site root); remotes use `'auto'` so any origin works. */
  publicPath: '/' | 'auto';
  /** Entry file; defaults to `src/index.ts`. */
  entry?: string;
  /** HTML template; defaults to `public/index.html` in the app. */
  htmlTemplate?: string;
  /** Extra webpack aliases. */
  alias?: Record<string, string>;
}

type Mode = 'development' | 'production';

const API_PROXY_TARGET = process.env.API_PROXY_TARGET ?? 'http://localhost:8080';

export function createAppWebpackConfig(
  options: AppBuildOptions,
  mode: Mode,
): Configuration & { devServer?: DevServerConfiguration } {
  const production = mode === 'production';
  const { appDir } = options;
  return {
    mode,
    context: appDir,
    entry: options.entry ?? './src/index.ts',
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    output: {
      path: join(appDir, 'dist'),
      publicPath: options.publicPath,
      // [contenthash] in `filename` breaks the federation runtime; chunks may carry it.
      filename: '[name].js',
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
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: {
            loader: 'ts-loader',
            options: {
              transpileOnly: true,
              configFile: join(appDir, 'tsconfig.json'),
              compilerOptions: { noEmit: false, sourceMap: true },
            },
          },
        },
        {
          test: /\.css$/,
          use: [
            options.publicPath === '/' ? MiniCssExtractPlugin.loader : 'style-loader',
            {
              loader: 'css-loader',
              options: {
                modules: {
                  auto: true,
                  namedExport: false,
                  exportLocalsConvention: 'as-is',
                  localIdentName: production
                    ? `${options.federationName}-[hash:base64:6]`
                    : `${options.federationName}-[name]-[local]`,
                },
              },
            },
          ],
        },
        {
          test: /\.(png|jpe?g|webp|avif|svg|woff2?)$/i,
          type: 'asset/resource',
        },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name: options.federationName,
        filename: options.exposes ? 'remoteEntry.js' : undefined,
        exposes: options.exposes,
        shared: sharedSingletons(appDir),
        runtimePlugins: options.runtimePlugins,
        dts: false,
        manifest: options.exposes ? true : false,
      }),
      new HtmlWebpackPlugin({
        template: options.htmlTemplate ?? join(appDir, 'public', 'index.html'),
        scriptLoading: 'defer',
      }),
      ...(options.publicPath === '/'
        ? [
            new MiniCssExtractPlugin({
              filename: production ? '[name].[contenthash:10].css' : '[name].css',
              chunkFilename: production ? 'chunks/[name].[contenthash:10].css' : 'chunks/[name].css',
            }),
          ]
        : []),
    ],
    performance: { hints: false },
    devServer: {
      port: options.devPort,
      historyApiFallback: true,
      hot: false,
      liveReload: true,
      headers: { 'Access-Control-Allow-Origin': '*' },
      proxy: [
        {
          context: ['/creator', '/site-config.json', '/pay'],
          target: API_PROXY_TARGET,
          changeOrigin: false,
        },
      ],
      client: { overlay: { errors: true, warnings: false } },
    },
  };
}
