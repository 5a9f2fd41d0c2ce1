import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import type { SiteConfig } from '@tshirt/shared';
import { AppRoutes } from './AppRoutes';
import { RemoteLoaderProvider } from './remote-loading/RemoteLoaderContext';
import type { RemoteLoader } from './remote-loading/remoteLoader';
import { SiteConfigProvider } from './site-config/SiteConfigContext';

export interface AppProps {
  config: SiteConfig;
  remoteLoader: RemoteLoader;
}

/** What every page reads from context; the browser and the build-time pre-render each add their router. */
export function AppProviders({
  config,
  remoteLoader,
  children,
}: AppProps & { children: ReactNode }) {
  return (
    <SiteConfigProvider config={config}>
      <RemoteLoaderProvider loader={remoteLoader}>{children}</RemoteLoaderProvider>
    </SiteConfigProvider>
  );
}

export function App({ config, remoteLoader }: AppProps) {
  return (
    <AppProviders config={config} remoteLoader={remoteLoader}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
