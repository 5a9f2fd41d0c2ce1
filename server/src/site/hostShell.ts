/**
 * The host's pages, answered for every page route with the run-time site configuration inlined,
 * so the shell starts without a second request (and never bakes remote URLs into a build). Each
 * route has the page the host's build pre-rendered for it (brand and contact address filled in);
 * a page with remote parts is composed per request with the remotes' current markup.
 */
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { SiteConfig } from '@tshirt/shared/contract';
import {
  HOST_MANIFEST_FILE,
  NOT_FOUND_ROUTE,
  PRERENDERED_ROUTES_FILE,
  SITE_CONFIG_ELEMENT_ID,
  SITE_SETTING_TOKENS,
} from '@tshirt/shared/contract';
import { parsePageTemplate, type HostProvides, type PageTemplate } from './composition/composePage';
import type { PageComposer } from './composition/pageComposer';
import { escapeHtml } from './htmlPages';
import { renderPage, type RenderedPage } from './renderedPage';
import { jsonForScriptElement } from './siteConfig';

/** Routes the host renders; everything else gets the not-found page with status 404. */
export const SPA_ROUTES = ['/', '/product', '/loading', '/complete', '/empty'] as const;

export interface HostShell {
  /** The page for `pathname` (the not-found page for unknown paths), or undefined when the host is not built. */
  render(pathname: string): Promise<RenderedPage | undefined>;
}

function insertBeforeHeadEnd(html: string, markup: string): string {
  const index = html.search(/<\/head>/i);
  return index === -1 ? markup + html : html.slice(0, index) + markup + html.slice(index);
}

/**
 * The site configuration inlined into a page, and for a page with remote parts a preload of each
 * remote's entry, so it downloads while the shell starts.
 */
export function injectIntoShell(
  html: string,
  siteConfig: SiteConfig,
  withRemotes: boolean,
): string {
  // No `crossorigin`: the federation runtime adds a plain <script>, and the preload must match it
  // to be reused instead of downloaded twice.
  const preloads = withRemotes
    ? Object.values(siteConfig.remotes)
        .map((remote) => `<link rel="preload" as="script" href="${escapeHtml(remote.entry)}">`)
        .join('')
    : '';
  const configScript = `<script type="application/json" id="${SITE_CONFIG_ELEMENT_ID}">${jsonForScriptElement(siteConfig)}</script>`;
  return insertBeforeHeadEnd(html, preloads + configScript);
}

/** The brand and contact address written where the build left their tokens. */
export function fillSiteSettings(html: string, siteConfig: SiteConfig): string {
  return html
    .replaceAll(SITE_SETTING_TOKENS.brandName, escapeHtml(siteConfig.brandName))
    .replaceAll(SITE_SETTING_TOKENS.contactEmail, escapeHtml(siteConfig.contactEmail));
}

/** A page of the current build: sent as it is, or composed with the remotes' parts per request. */
type BuiltPage =
  { kind: 'static'; page: RenderedPage } | { kind: 'composed'; template: PageTemplate };

async function builtPage(html: string): Promise<BuiltPage> {
  const template = parsePageTemplate(html);
  if (template) return { kind: 'composed', template };
  return { kind: 'static', page: await renderPage(html) };
}

async function readJson(file: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as unknown;
  } catch {
    return undefined;
  }
}

function isHostProvides(value: unknown): value is HostProvides {
  const manifest = value as Partial<HostProvides> | undefined;
  return (
    typeof manifest?.contractVersion === 'number' &&
    typeof manifest.provides === 'object' &&
    manifest.provides !== null
  );
}

/**
 * The host's pre-rendered pages (route → page), so a route paints before any JavaScript runs; a
 * route without one gets the empty shell.
 */
async function readPrerenderedPages(
  hostDistDir: string,
  siteConfig: SiteConfig,
): Promise<Map<string, BuiltPage>> {
  const pages = new Map<string, BuiltPage>();
  const routes = await readJson(join(hostDistDir, PRERENDERED_ROUTES_FILE));
  if (typeof routes !== 'object' || routes === null) return pages;
  for (const route of [...SPA_ROUTES, NOT_FOUND_ROUTE]) {
    const file = (routes as Record<string, unknown>)[route];
    if (typeof file !== 'string' || file.includes('..')) continue;
    try {
      const html = await readFile(join(hostDistDir, file), 'utf8');
      const filled = fillSiteSettings(html, siteConfig);
      const withRemotes = parsePageTemplate(filled) !== undefined;
      pages.set(route, await builtPage(injectIntoShell(filled, siteConfig, withRemotes)));
    } catch {
      // A missing page falls back to the empty shell.
    }
  }
  return pages;
}

/** How often the built index.html is checked for a new build (not on every request). */
const BUILD_CHECK_INTERVAL_MS = 1000;

export function createHostShell(
  hostDistDir: string,
  siteConfig: SiteConfig,
  composer: PageComposer,
): HostShell {
  const indexFile = join(hostDistDir, 'index.html');
  /** The pages of the current build: the empty shell and the pre-rendered routes. */
  let build:
    | {
        mtimeMs: number;
        shell: RenderedPage;
        prerendered: Map<string, BuiltPage>;
        host: HostProvides | undefined;
      }
    | undefined;
  let checkedAt = -Infinity;
  let checking: Promise<void> | undefined;

  // A new build replaces index.html: its pages are read and compressed once, not per request.
  async function checkBuild(): Promise<void> {
    try {
      const { mtimeMs } = await stat(indexFile);
      if (build?.mtimeMs === mtimeMs) return;
      const html = await readFile(indexFile, 'utf8');
      const manifest = await readJson(join(hostDistDir, HOST_MANIFEST_FILE));
      build = {
        mtimeMs,
        shell: await renderPage(injectIntoShell(html, siteConfig, false)),
        prerendered: await readPrerenderedPages(hostDistDir, siteConfig),
        host: isHostProvides(manifest) ? manifest : undefined,
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
      const current = build;
      if (!current) return undefined;
      const route = (SPA_ROUTES as readonly string[]).includes(pathname)
        ? pathname
        : NOT_FOUND_ROUTE;
      const page = current.prerendered.get(route);
      if (!page) return current.shell;
      if (page.kind === 'static') return page.page;
      return composer.render(page.template, current.host);
    },
  };
}
