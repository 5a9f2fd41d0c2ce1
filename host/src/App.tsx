import { BrowserRouter } from 'react-router-dom';
import type { SiteConfig } from '@tshirt/shared';
import { AppRoutes } from './AppRoutes';
import { RemoteLoaderProvider } from './remote-loading/RemoteLoaderContext';
import type { RemoteLoader } from './remote-loading/remoteLoader';
import { SiteConfigProvider } from './site-config/SiteConfigContext';

export function App({ config, remoteLoader }: { config: SiteConfig; remoteLoader: RemoteLoader }) {
  return (
    <SiteConfigProvider config={config}>
      <RemoteLoaderProvider loader={remoteLoader}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </RemoteLoaderProvider>
    </SiteConfigProvider>
  );
}
