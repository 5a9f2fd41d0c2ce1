import { useEffect } from 'react';
import { useSiteConfig } from '../site-config/SiteConfigContext';

/** Sets the tab title to `<page> · <brand>` (just the brand when the page has no title of its own). */
export function useDocumentTitle(pageTitle: string | undefined): void {
  const { brandName } = useSiteConfig();
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} · ${brandName}` : brandName;
  }, [pageTitle, brandName]);
}
