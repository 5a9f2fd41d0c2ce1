import { createContext, useContext, type ReactNode } from 'react';
import type { SiteConfig } from '@tshirt/shared';
import { DEFAULT_SITE_CONFIG } from './siteConfig';

const SiteConfigContext = createContext<SiteConfig>(DEFAULT_SITE_CONFIG);

export function SiteConfigProvider({
  config,
  children,
}: {
  config: SiteConfig;
  children: ReactNode;
}) {
  return <SiteConfigContext.Provider value={config}>{children}</SiteConfigContext.Provider>;
}

export function useSiteConfig(): SiteConfig {
  return useContext(SiteConfigContext);
}
