import type { SiteConfig } from '@tshirt/shared/contract';
import type { SiteSettings } from '../config';

export function buildSiteConfig(settings: SiteSettings): SiteConfig {
  return {
    brandName: settings.brandName,
    contactEmail: settings.contactEmail,
    remotes: {
      designer: { entry: settings.remoteEntries.designer },
      checkout: { entry: settings.remoteEntries.checkout },
    },
    remoteTimeoutMs: settings.remoteTimeoutMs,
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
export function remoteOrigins(settings: SiteSettings): string[] {
  const origins = new Set<string>();
  for (const entry of Object.values(settings.remoteEntries)) {
    if (/^https?:\/\//i.test(entry)) origins.add(new URL(entry).origin);
  }
  return [...origins];
}
