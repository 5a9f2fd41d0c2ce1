/**
 * The host's index.html, answered for every page route with the run-time site configuration
 * inlined, so the shell starts without a second request (and never bakes remote URLs into a build).
 */
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { SiteConfig } from '@tshirt/shared/contract';
import {
  DEFAULT_BRAND_NAME,
  DEFAULT_CONTACT_EMAIL,
  SITE_CONFIG_ELEMENT_ID,
} from '@tshirt/shared/contract';
import { escapeHtml } from './htmlPages';
import { jsonForScriptElement } from './siteConfig';

/** Routes the host renders; everything else gets the same page with status 404 (its not-found page). */
export const SPA_ROUTES = ['/', '/product', '/loading', '/complete', '/empty'] as const;

/** Pages that compose the remotes: their entry files are worth fetching before the shell asks. */
const ROUTES_USING_REMOTES = new Set(['/product']);

/** A page ready to send: the HTML and its Brotli and gzip encodings, made once per build. */
export interface RenderedPage {
  html: string;
  brotli: Buffer;
  gzip: Buffer;
}

export interface HostShell {
  /** The page for `pathname`, or undefined when the host is not built. */
  render(pathname: string): Promise<RenderedPage | undefined>;
}

function insertBeforeHeadEnd(html: string, markup: string): string {
  const index = html.search(/<\/head>/i);
  return index === -1 ? markup + html : html.slice(0, index) + markup + html.slice(index);
}

export function injectIntoShell(html: string, siteConfig: SiteConfig, pathname: string): string {
  // No `crossorigin`: the federation runtime adds a plain <script>, and the preload must match it
  // to be reused instead of downloaded twice.
  const preloads = ROUTES_USING_REMOTES.has(pathname)
    ? Object.values(siteConfig.remotes)
        .map((remote) => `<link rel="preload" as="script" href="${escapeHtml(remote.entry)}">`)
        .join('')
    : '';
  const configScript = `<script type="application/json" id="${SITE_CONFIG_ELEMENT_ID}">${jsonForScriptElement(siteConfig)}</script>`;
  return insertBeforeHeadEnd(html, preloads + configScript);
}

/** Where the host build lists its pre-rendered route pages (`{ "/product": "pages/product.html" }`). */
const PRERENDERED_ROUTES_FILE = 'pages/routes.json';

/**
 * The host's pages rendered at build time, so a route paints before any JavaScript runs. They carry
 * the default brand and contact address; with others configured, the empty shell is served instead
 * (the browser would otherwise show the default brand until the app takes over).
 */
async function readPrerenderedPages(
  hostDistDir: string,
  siteConfig: SiteConfig,
): Promise<Map<string, RenderedPage>> {
  const pages = new Map<string, RenderedPage>();
  if (siteConfig.brandName !== DEFAULT_BRAND_NAME || siteConfig.contactEmail !== DEFAULT_CONTACT_EMAIL) {
    return pages;
  }
  let routes: Record<string, unknown>;
  try {
    routes = JSON.parse(await readFile(join(hostDistDir, PRERENDERED_ROUTES_FILE), 'utf8')) as Record<string, unknown>;
  } catch {
    return pages;
  }
  for (const route of SPA_ROUTES) {
    const file = routes[route];
    if (typeof file !== 'string' || file.includes('..')) continue;
    try {
      const html = await readFile(join(hostDistDir, file), 'utf8');
      pages.set(route, renderPage(injectIntoShell(html, siteConfig, route)));
    } catch {
      // A missing page falls back to the empty shell.
    }
  }
  return pages;
}

/** How often the built index.html is checked for a new build (not on every request). */
const BUILD_CHECK_INTERVAL_MS = 1000;

function renderPage(html: string): RenderedPage {
  return {
    html,
    brotli: brotliCompressSync(html, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html),
      },
    }),
    gzip: gzipSync(html, { level: 9 }),
  };
}

export function createHostShell(hostDistDir: string, siteConfig: SiteConfig): HostShell {
  const indexFile = join(hostDistDir, 'index.html');
  /** The pages of the current build: the empty shell (with and without preloads) and pre-rendered routes. */
  let build:
    | {
        mtimeMs: number;
        withPreloads: RenderedPage;
        plain: RenderedPage;
        prerendered: Map<string, RenderedPage>;
      }
    | undefined;
  let checkedAt = -Infinity;
  let checking: Promise<void> | undefined;

  // A new build replaces index.html: its pages are rendered and compressed once, not per request.
  async function checkBuild(): Promise<void> {
    try {
      const { mtimeMs } = await stat(indexFile);
      if (build?.mtimeMs === mtimeMs) return;
      const html = await readFile(indexFile, 'utf8');
      build = {
        mtimeMs,
        withPreloads: renderPage(injectIntoShell(html, siteConfig, '/product')),
        plain: renderPage(injectIntoShell(html, siteConfig, '/')),
        prerendered: await readPrerenderedPages(hostDistDir, siteConfig),
      };
    } catch {
      build = undefined;
    }
  }

  return {
    async render(pathname) {
      const now = Date.now();
      if (now - checkedAt >= BUILD_CHECK_INTERVAL_MS) {
        checkedAt = now;
        checking = checkBuild().finally(() => {
          checking = undefined;
        });
      }
      if (checking) await checking;
      if (!build) return undefined;
      const prerendered = build.prerendered.get(pathname);
      if (prerendered) return prerendered;
      return ROUTES_USING_REMOTES.has(pathname) ? build.withPreloads : build.plain;
    },
  };
}
