import type { SiteConfig } from '@tshirt/shared';

/** The attribute of `#root` that says for which page and settings its HTML was rendered at build time. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/**
 * Everything the pre-rendered HTML depends on besides the code: the path, the brand and contact
 * address, and the year in the footer. The browser hydrates only when all of them still hold.
 */
export function prerenderFingerprint(
  path: string,
  config: Pick<SiteConfig, 'brandName' | 'contactEmail'>,
  year: number,
): string {
  return [path, config.brandName, config.contactEmail, year].join('|');
}

/** Whether the HTML inside `root` was rendered for this very page, so React can adopt it instead of drawing anew. */
export function canHydrate(
  root: HTMLElement,
  path: string,
  config: SiteConfig,
  year: number = new Date().getFullYear(),
): boolean {
  return (
    root.hasChildNodes() &&
    root.getAttribute(PRERENDERED_ATTRIBUTE) === prerenderFingerprint(path, config, year)
  );
}
