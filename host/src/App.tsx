import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import type { SiteConfig } from '@tshirt/shared';
import { AppRoutes } from './AppRoutes';
import { RemoteLoaderProvider } from './remote-loading/RemoteLoaderContext';
import type { RemoteLoader } from './remote-loading/remoteLoader';
import {
  NO_SERVER_PARTS,
  ServerPartsProvider,
  type ServerParts,
} from './remote-loading/serverParts';
import { SiteConfigProvider } from './site-config/SiteConfigContext';

export interface AppProps {
  config: SiteConfig;
  remoteLoader: RemoteLoader;
  /** The parts the server rendered into this page, adopted by their slots. */
  serverParts?: ServerParts;
}

/** What every page reads from context; the browser and the build-time pre-render each add their router. */
export function AppProviders({
  config,
  remoteLoader,
  serverParts = NO_SERVER_PARTS,
  children,
}: AppProps & { children: ReactNode }) {
  return (
    <SiteConfigProvider config={config}>
      <RemoteLoaderProvider loader={remoteLoader}>
        <ServerPartsProvider parts={serverParts}>{children}</ServerPartsProvider>
      </RemoteLoaderProvider>
    </SiteConfigProvider>
  );
}

export function App({ config, remoteLoader, serverParts }: AppProps) {
  return (
    <AppProviders config={config} remoteLoader={remoteLoader} serverParts={serverParts}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
