import { SITE_CONFIG_ELEMENT_ID, type RemoteName, type SiteConfig } from '@tshirt/shared/contract';
import { PAGE_SCRIPTS_ATTRIBUTE } from '@tshirt/shared/pageStart';
import type { FrontEndSettings } from '../config';

export function buildSiteConfig(settings: FrontEndSettings): SiteConfig {
  return {
    brandName: settings.brandName,
    contactEmail: settings.contactEmail,
    remotes: {
      designer: { entry: settings.remoteEntries.designer },
      checkout: { entry: settings.remoteEntries.checkout },
    },
    remoteTimeoutMs: settings.remoteTimeoutMs,
    unitPrice: settings.unitPrice,
  };
}

/** JSON safe inside a `<script>` element: no `<` can close the tag or open a comment. */
export function jsonForScriptElement(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Origins (scheme://host:port) of remotes served from elsewhere; same-origin paths add none. */
export function remoteOrigins(settings: FrontEndSettings): string[] {
  const origins = new Set<string>();
  for (const entry of Object.values(settings.remoteEntries)) {
    if (/^https?:\/\//i.test(entry)) origins.add(new URL(entry).origin);
  }
  return [...origins];
}

function insertBeforeHeadEnd(html: string, markup: string): string {
  const index = html.search(/<\/head>/i);
  return index === -1 ? markup + html : html.slice(0, index) + markup + html.slice(index);
}

/** The page-start script's element, which names the page's scripts. */
const PAGE_START_SCRIPT = new RegExp(`<script[^>]*${PAGE_SCRIPTS_ATTRIBUTE}=`, 'i');

/**
 * The site configuration inlined into a page, before the page-start script that reads it (to
 * preload the remotes' entries once the page has painted).
 */
export function injectIntoShell(html: string, siteConfig: SiteConfig): string {
  const configScript = `<script type="application/json" id="${SITE_CONFIG_ELEMENT_ID}">${jsonForScriptElement(siteConfig)}</script>`;
  const pageStart = html.search(PAGE_START_SCRIPT);
  if (pageStart !== -1) return html.slice(0, pageStart) + configScript + html.slice(pageStart);
  return insertBeforeHeadEnd(html, configScript);
}

/** Query parameter carrying a remote's release in its entry URL. */
export const RELEASE_PARAMETER = 'release';

/** A remote's entry URL for one release (`remoteEntry.js?release=…`). */
export function entryOfRelease(entry: string, release: string): string {
  const url = new URL(entry, 'http://same-origin.invalid');
  url.searchParams.set(RELEASE_PARAMETER, release);
  return url.origin === 'http://same-origin.invalid' ? `${url.pathname}${url.search}` : url.href;
}

/**
 * The site configuration with each remote's entry URL carrying the release whose markup is in the
 * page: a new release is a new URL, so the browser fetches its entry anew whatever the remote's
 * static host says about caching, and markup and code match.
 */
export function withReleases(
  siteConfig: SiteConfig,
  releases: Partial<Record<RemoteName, string>>,
): SiteConfig {
  const remotes = { ...siteConfig.remotes };
  for (const [remote, release] of Object.entries(releases) as Array<[RemoteName, string]>) {
    remotes[remote] = { entry: entryOfRelease(remotes[remote].entry, release) };
  }
  return { ...siteConfig, remotes };
}
