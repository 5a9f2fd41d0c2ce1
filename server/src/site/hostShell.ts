/**
 * The host's index.html, answered for every page route with the run-time site configuration
 * inlined, so the shell starts without a second request (and never bakes remote URLs into a build).
 */
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { SiteConfig } from '@tshirt/shared/contract';
import { SITE_CONFIG_ELEMENT_ID } from '@tshirt/shared/contract';
import { escapeHtml } from './htmlPages';
import { jsonForScriptElement } from './siteConfig';

/** Routes the host renders; everything else gets the same page with status 404 (its not-found page). */
export const SPA_ROUTES = ['/', '/product', '/loading', '/complete', '/empty'] as const;

/** Pages that compose the remotes: their entry files are worth fetching before the shell asks. */
const ROUTES_USING_REMOTES = new Set(['/product']);

export interface HostShell {
  /** The page HTML for `pathname`, or undefined when the host is not built. */
  render(pathname: string): Promise<string | undefined>;
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

export function createHostShell(hostDistDir: string, siteConfig: SiteConfig): HostShell {
  const indexFile = join(hostDistDir, 'index.html');
  let cached: { mtimeMs: number; html: string } | undefined;

  // Re-read only when a new build replaced the file.
  async function readIndexHtml(): Promise<string | undefined> {
    try {
      const { mtimeMs } = await stat(indexFile);
      if (cached?.mtimeMs !== mtimeMs)
        cached = { mtimeMs, html: await readFile(indexFile, 'utf8') };
      return cached.html;
    } catch {
      cached = undefined;
      return undefined;
    }
  }

  return {
    async render(pathname) {
      const html = await readIndexHtml();
      return html === undefined ? undefined : injectIntoShell(html, siteConfig, pathname);
    },
  };
}
