/**
 * The host's pages, answered for every page route with the run-time site configuration inlined,
 * so the shell starts without a second request (and never bakes remote URLs into a build). Each
 * route has the page the host's build pre-rendered for it (brand and contact address filled in);
 * a page with remote parts is composed per request with the remotes' current markup.
 */
import { createHash } from 'node:crypto';
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
import { statThisTurn } from '../staticFiles/statThisTurn';

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

/**
 * A page of the current build: sent as it is (compressed at its first request, so a new build is
 * served without waiting for pages nobody asked for yet), or composed with the remotes' parts per
 * request.
 */
type BuiltPage =
  | { kind: 'static'; page: () => Promise<CompressedPage> }
  | { kind: 'composed'; template: PageTemplate };

/** `make()` once, when first asked for; asked again after it failed. */
function whenAskedFor<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () =>
    (made ??= make().catch((error: unknown) => {
      made = undefined;
      throw error;
    }));
}

/** The page as sent: the site configuration inlined, compressed once, when first asked for. */
function staticPage(html: string, siteConfig: SiteConfig): () => Promise<CompressedPage> {
  return whenAskedFor(() =>
    compressPage(injectIntoShell(html, siteConfig), inlineScriptHashes(html)),
  );
}

/** A page with remote parts gets the site configuration when it is composed (with the releases in it). */
function builtPage(html: string, siteConfig: SiteConfig): BuiltPage {
  const template = parsePageTemplate(html);
  if (template) return { kind: 'composed', template };
  return { kind: 'static', page: staticPage(html, siteConfig) };
}

/** A page or a manifest of the host's build is far smaller; anything larger is not one. */
const MAX_HOST_FILE_BYTES = 8 * 1024 * 1024;

/** The files of a host build the pages are made from, as read: index.html, the pages, the manifests. */
interface BuildFiles {
  index: string;
  /** Route → its pre-rendered page's HTML. */
  pages: Map<string, string>;
  hostManifest: unknown;
  /** The SHA-256 of every byte above: a build is told from another by its content, never by file times. */
  digest: string;
}

async function readBuildFiles(hostDistDir: string): Promise<BuildFiles> {
  const hash = createHash('sha256');
  const read = async (file: string) => {
    const bytes = await readRegularFileBytes(join(hostDistDir, file), MAX_HOST_FILE_BYTES);
    hash.update(`${file}\0${bytes ? bytes.length : -1}\0`);
    if (bytes) hash.update(bytes);
    return bytes?.toString('utf8');
  };
  const index = await read('index.html');
  if (index === undefined) throw new Error(`${hostDistDir}/index.html is not a readable file`);
  const pages = new Map<string, string>();
  const routes = parseJson(await read(PRERENDERED_ROUTES_FILE));
  if (typeof routes === 'object' && routes !== null) {
    for (const route of [...ALL_PAGE_PATHS, NOT_FOUND_ROUTE]) {
      const file = (routes as Record<string, unknown>)[route];
      if (typeof file !== 'string' || file.includes('..')) continue;
      // A missing page falls back to the empty shell.
      const html = await read(file);
      if (html !== undefined) pages.set(route, html);
    }
  }
  const hostManifest = parseJson(await read(HOST_MANIFEST_FILE));
  return { index, pages, hostManifest, digest: hash.digest('hex') };
}

function parseJson(text: string | undefined): unknown {
  try {
    return text === undefined ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}

/** How often the build's files are read again for a build written into the same folder. */
const BUILD_CHECK_INTERVAL_MS = 1000;

/**
 * Which folder the host's build is (it follows a link): a production build or a release switches
 * to a new folder in one step, and the static files follow it on the next loop turn (statThisTurn).
 */
function folderIdentity(hostDistDir: string): string {
  const info = statThisTurn(hostDistDir);
  return info ? `${info.dev}:${info.ino}` : 'none';
}

export function createHostShell(
  hostDistDir: string,
  siteConfig: SiteConfig,
  composer: PageComposer,
): HostShell {
  /** The pages of the current build: the empty shell and the pre-rendered routes. */
  let build:
    | {
        digest: string;
        folder: string;
        shell: () => Promise<CompressedPage>;
        prerendered: Map<string, BuiltPage>;
        host: HostManifest | undefined;
      }
    | undefined;
  let checkedAt = -Infinity;
  let checking: Promise<void> | undefined;

  // A new build's files are read once, not per request; its pages are compressed when first asked for.
  async function checkBuild(): Promise<void> {
    const folder = folderIdentity(hostDistDir);
    try {
      const files = await readBuildFiles(hostDistDir);
      if (build?.digest === files.digest) {
        build.folder = folder;
        return;
      }
      const prerendered = new Map<string, BuiltPage>();
      for (const [route, html] of files.pages) {
        prerendered.set(route, builtPage(fillSiteSettings(html, siteConfig), siteConfig));
      }
      build = {
        digest: files.digest,
        folder,
        shell: staticPage(files.index, siteConfig),
        prerendered,
        host: parseHostManifest(files.hostManifest),
      };
    } catch {
      build = undefined;
    }
  }

  function refresh(): Promise<void> | undefined {
    if (checking) return checking;
    const now = Date.now();
    // Another folder (a build or a release switched to): its pages before any of its scripts.
    const switched = build !== undefined && build.folder !== folderIdentity(hostDistDir);
    if (switched || now - checkedAt >= BUILD_CHECK_INTERVAL_MS) {
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
      if (!page) return current.shell();
      if (page.kind === 'static') return page.page();
      return composer.render(page.template, current.host);
    },
  };
}
