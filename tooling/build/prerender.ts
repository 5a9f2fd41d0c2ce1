/**
 * Build-time pre-rendering: a Node bundle of the app's `renderRoutes` module (same loaders, CSS
 * Module class names and asset URLs as the browser build), run after the browser build to write
 * each known page's HTML into a copy of the built index.html. The plain index.html stays as it is:
 * the fallback for any route.
 *
 * The entry module exports `PRERENDERED_ROUTES` (path → file under the HTML folder) and
 * `renderRoute(path, year)` → `{ html, rootAttributes }`. The map is also written as
 * `pages/routes.json`, for the server to pick the file of a route.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import webpack, { type Compiler, type Configuration } from 'webpack';
import { PART_PLACEHOLDER_ATTRIBUTE, PRERENDERED_ROUTES_FILE } from '@tshirt/shared/contract';
import { PAGE_SCRIPTS_ATTRIBUTE } from '@tshirt/shared/pageStart';
import { escapeAttribute, unescapeAttribute } from './htmlAttribute';

interface RenderRoutesModule {
  PRERENDERED_ROUTES: Record<string, string>;
  renderRoute(path: string, year: number): { html: string; rootAttributes: Record<string, string> };
}

const EMPTY_ROOT = /<div id="?root"?><\/div>/;
/** Resource hints React puts first in the rendered markup (e.g. the preload of a high-priority image). */
const LEADING_HINTS = /^(?:<link [^>]*\/?>)+/;

/** The page-start script's list of the page's own scripts (webpackConfig.ts), however quoted. */
const PAGE_SCRIPTS = new RegExp(
  `<script ${PAGE_SCRIPTS_ATTRIBUTE}=(?:'([^']*)'|"([^"]*)"|([^\\s>]+))`,
);


/**
 * Preloads of the page's own scripts (the template's page-start script lists them), at low
 * priority, for the pages with remote parts: their parts wait on those scripts, so they download
 * while the page paints (they still run only once it has painted). A page without parts leaves the
 * link to what it paints (its hero image, say).
 */
function pageScriptPreloads(template: string): string {
  const match = PAGE_SCRIPTS.exec(template);
  if (!match) return '';
  const scripts = JSON.parse(
    unescapeAttribute(match[1] ?? match[2] ?? match[3] ?? '[]'),
  ) as unknown;
  if (!Array.isArray(scripts)) return '';
  return scripts
    .filter((src): src is string => typeof src === 'string')
    .map(
      (src) =>
        `<link rel="preload" as="script" href="${escapeAttribute(src)}" fetchpriority="low">`,
    )
    .join('');
}

/** Writes every pre-rendered page into `htmlDir` from its index.html and the built renderer. */
export function writePrerenderedPages(
  rendererFile: string,
  htmlDir: string,
  year = new Date().getFullYear(),
): string[] {
  delete require.cache[require.resolve(rendererFile)];
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the bundle is only known after the build
  const renderer = require(rendererFile) as RenderRoutesModule;
  const template = readFileSync(join(htmlDir, 'index.html'), 'utf8');
  if (!EMPTY_ROOT.test(template))
    throw new Error(`${htmlDir}/index.html has no empty <div id="root"></div> to fill`);
  const scriptPreloads = pageScriptPreloads(template);
  const written: string[] = [];
  for (const [path, file] of Object.entries(renderer.PRERENDERED_ROUTES)) {
    const { html, rootAttributes } = renderer.renderRoute(path, year);
    const attributes = Object.entries(rootAttributes)
      .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
      .join('');
    // Hints belong in the head, where the browser sees them first and hydration does not meet them.
    const leadingHints = LEADING_HINTS.exec(html)?.[0] ?? '';
    const body = html.slice(leadingHints.length);
    const withParts = body.includes(PART_PLACEHOLDER_ATTRIBUTE);
    const hints = leadingHints + (withParts ? scriptPreloads : '');
    const page = template
      .replace(EMPTY_ROOT, () => `<div id="root"${attributes}>${body}</div>`)
      .replace('</head>', () => `${hints}</head>`);
    const target = join(htmlDir, file);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, page);
    written.push(file);
  }
  writeFileSync(
    join(htmlDir, PRERENDERED_ROUTES_FILE),
    `${JSON.stringify(renderer.PRERENDERED_ROUTES, null, 2)}\n`,
  );
  return written;
}

class WritePrerenderedPagesPlugin {
  constructor(
    private readonly rendererFile: string,
    private readonly htmlDir: string,
  ) {}

  apply(compiler: Compiler): void {
    compiler.hooks.afterEmit.tap('WritePrerenderedPagesPlugin', (compilation) => {
      if (compilation.errors.length > 0) return;
      const pages = writePrerenderedPages(this.rendererFile, this.htmlDir);
      compilation.getLogger('prerender').info(`pre-rendered ${pages.join(', ')}`);
    });
  }
}

export interface NodeRenderBuildOptions {
  /** The compilation's name. */
  name: string;
  /** The browser compilation this one runs after (its `name`). */
  after: string;
  /** The app's folder. */
  appDir: string;
  /** The renderer module. */
  entry: string;
  /** Where the bundle is written (a cache folder: it is a build tool, not part of the release). */
  outputDir: string;
  /** The browser build's module rules, resolve options and output paths, adapted here for Node. */
  browser: Configuration;
  /** What to do with the built renderer once it is written. */
  plugins: webpack.WebpackPluginInstance[];
}

/**
 * A Node compilation of an app's own modules, with the browser build's loaders, so what it renders
 * has the same CSS Module class names and asset URLs: CSS yields class names only, assets only URLs.
 * The host's page pre-render and each remote's fragments are built with it.
 */
export function createNodeRenderConfig({
  name,
  after,
  appDir,
  entry,
  outputDir,
  browser,
  plugins,
}: NodeRenderBuildOptions): Configuration {
  const rules = (browser.module?.rules ?? []).map((rule) => {
    if (!rule || typeof rule !== 'object') return rule;
    if (rule.type === 'asset/resource') return { ...rule, generator: { emit: false } };
    if (Array.isArray(rule.use) && String(rule.test) === String(/\.css$/)) {
      const cssLoader = rule.use.find(
        (use) =>
          typeof use === 'object' && use !== null && 'loader' in use && use.loader === 'css-loader',
      );
      if (!cssLoader || typeof cssLoader !== 'object' || !('options' in cssLoader)) return rule;
      const options = cssLoader.options as { modules: Record<string, unknown> };
      return {
        ...rule,
        use: [
          {
            loader: 'css-loader',
            options: { ...options, modules: { ...options.modules, exportOnlyLocals: true } },
          },
        ],
      };
    }
    return rule;
  });
  return {
    name,
    dependencies: [after],
    mode: 'production',
    target: 'node',
    context: appDir,
    entry: { render: entry },
    devtool: false,
    output: {
      path: outputDir,
      filename: '[name].js',
      library: { type: 'commonjs2' },
      publicPath: browser.output?.publicPath,
      assetModuleFilename: browser.output?.assetModuleFilename,
      clean: true,
    },
    resolve: browser.resolve,
    module: { rules },
    optimization: { minimize: false },
    plugins: [new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }), ...plugins],
    performance: { hints: false },
  };
}

export interface PrerenderBuildOptions {
  /** The browser compilation this one runs after (its `name`). */
  after: string;
  /** The app's folder. */
  appDir: string;
  /** The renderer module, e.g. `./src/prerender/renderRoutes.tsx`. */
  entry: string;
  /** Where the browser build wrote index.html; the pages are written beside it. */
  htmlDir: string;
  /** The browser build's configuration. */
  browser: Configuration;
}

/** The Node compilation that renders the host's pages after its browser build. */
export function createPrerenderConfig({
  after,
  appDir,
  entry,
  htmlDir,
  browser,
}: PrerenderBuildOptions): Configuration {
  const outputDir = join(appDir, 'node_modules/.cache/prerender');
  return createNodeRenderConfig({
    name: `${browser.name ?? 'app'}-prerender`,
    after,
    appDir,
    entry,
    outputDir,
    browser,
    plugins: [new WritePrerenderedPagesPlugin(join(outputDir, 'render.js'), htmlDir)],
  });
}
