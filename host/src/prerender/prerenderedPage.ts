import { NOT_FOUND_ROUTE, isPagePath, type SiteConfig } from '@tshirt/shared';

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

/**
 * Whether the HTML inside `root` was rendered for this very page, so React can adopt it instead of
 * drawing anew. The not-found page is rendered once for every path the store does not know.
 */
export function canHydrate(
  root: HTMLElement,
  path: string,
  config: SiteConfig,
  year: number = new Date().getFullYear(),
): boolean {
  const renderedFor = root.getAttribute(PRERENDERED_ATTRIBUTE);
  const route = isPagePath(path) ? path : NOT_FOUND_ROUTE;
  return root.hasChildNodes() && renderedFor === prerenderFingerprint(route, config, year);
}
