/**
 * The host's pages, answered for every page route with the run-time site configuration inlined,
 * so the shell starts without a second request (and never bakes remote URLs into a build). Each
 * route has the page the host's build pre-rendered for it (brand and contact address filled in);
 * a page with remote parts is composed per request with the remotes' current markup.
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { SiteConfig } from '@tshirt/shared/contract';
import { ALL_PAGE_PATHS, isPagePath } from '@tshirt/shared/routes';
import {
  HOST_MANIFEST_FILE,
  NOT_FOUND_ROUTE,
  PRERENDERED_ROUTES_FILE,
  SITE_SETTING_TOKENS,
} from '@tshirt/shared/contract';
import { parseHostManifest, type HostManifest } from '@tshirt/shared/compatibility';
import { parsePageTemplate, type PageTemplate } from './composition/composePage';
import type { PageComposer } from './composition/pageComposer';
import { compressPage, type CompressedPage } from './compressedPage';
import { escapeHtml } from './htmlPages';
import { inlineScriptHashes } from './inlineSources';
import { injectIntoShell } from './siteConfig';
import { readRegularFileBytes } from '../staticFiles/regularFile';

export interface HostShell {
  /** The page for `pathname` (the not-found page for unknown paths), or undefined when the host is not built. */
  render(pathname: string): Promise<CompressedPage | undefined>;
  /**
   * Picks up a new build (checked at most once a second); `render` does it too. Undefined when no
   * check is under way, so the many requests between checks wait for nothing.
   */
  refresh(): Promise<void> | undefined;
}

/** The brand, contact address and shirt price written where the build left their tokens. */
export function fillSiteSettings(html: string, siteConfig: SiteConfig): string {
  return html
    .replaceAll(SITE_SETTING_TOKENS.brandName, escapeHtml(siteConfig.brandName))
    .replaceAll(SITE_SETTING_TOKENS.contactEmail, escapeHtml(siteConfig.contactEmail))
    .replaceAll(SITE_SETTING_TOKENS.unitPrice, escapeHtml(siteConfig.unitPrice));
}

/** A page of the current build: sent as it is, or composed with the remotes' parts per request. */
type BuiltPage =
  { kind: 'static'; page: CompressedPage } | { kind: 'composed'; template: PageTemplate };

/** A page with remote parts gets the site configuration when it is composed (with the releases in it). */
async function builtPage(html: string, siteConfig: SiteConfig): Promise<BuiltPage> {
  const template = parsePageTemplate(html);
  if (template) return { kind: 'composed', template };
  const page = await compressPage(injectIntoShell(html, siteConfig), inlineScriptHashes(html));
  return { kind: 'static', page };
}

/** A page or a manifest of the host's build is far smaller; anything larger is not one. */
const MAX_HOST_FILE_BYTES = 8 * 1024 * 1024;

/** A file of the host's build as text: only a regular file is opened (a FIFO would hold a thread). */
async function readHostText(file: string): Promise<string> {
  const bytes = await readRegularFileBytes(file, MAX_HOST_FILE_BYTES);
  if (!bytes) throw new Error(`${file} is not a readable file`);
  return bytes.toString('utf8');
}

async function readJson(file: string): Promise<unknown> {
  try {
    const bytes = await readRegularFileBytes(file, MAX_HOST_FILE_BYTES);
    return bytes && (JSON.parse(bytes.toString('utf8')) as unknown);
  } catch {
    return undefined;
  }
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
  for (const route of [...ALL_PAGE_PATHS, NOT_FOUND_ROUTE]) {
    const file = (routes as Record<string, unknown>)[route];
    if (typeof file !== 'string' || file.includes('..')) continue;
    try {
      const html = await readHostText(join(hostDistDir, file));
      pages.set(route, await builtPage(fillSiteSettings(html, siteConfig), siteConfig));
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
        shell: CompressedPage;
        prerendered: Map<string, BuiltPage>;
        host: HostManifest | undefined;
      }
    | undefined;
  let checkedAt = -Infinity;
  let checking: Promise<void> | undefined;

  // A new build replaces index.html: its pages are read and compressed once, not per request.
  async function checkBuild(): Promise<void> {
    try {
      const { mtimeMs } = await stat(indexFile);
      if (build?.mtimeMs === mtimeMs) return;
      const html = await readHostText(indexFile);
      const shell = await compressPage(injectIntoShell(html, siteConfig), inlineScriptHashes(html));
      build = {
        mtimeMs,
        shell,
        prerendered: await readPrerenderedPages(hostDistDir, siteConfig),
        host: parseHostManifest(await readJson(join(hostDistDir, HOST_MANIFEST_FILE))),
      };
    } catch {
      build = undefined;
    }
  }

  function refresh(): Promise<void> | undefined {
    const now = Date.now();
    if (now - checkedAt >= BUILD_CHECK_INTERVAL_MS) {
      checkedAt = now;
      checking = checkBuild().finally(() => {
        checking = undefined;
      });
    }
    return checking;
  }

  return {
    refresh,
    async render(pathname) {
      await refresh();
      const current = build;
      if (!current) return undefined;
      const route = isPagePath(pathname) ? pathname : NOT_FOUND_ROUTE;
      const page = current.prerendered.get(route);
      if (!page) return current.shell;
      if (page.kind === 'static') return page.page;
      return composer.render(page.template, current.host);
    },
  };
}
