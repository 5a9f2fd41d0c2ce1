/**
 * Starts the store in the page: reads the run-time site configuration, adopts the server's HTML
 * (the pre-rendered page and the parts the server put in it) or draws anew, and starts the Web
 * Vitals reporting. The browser entry passes the federation loader; the benchmarks' one-bundle
 * build passes one that imports the remotes' modules directly (`@tshirt/host/start`).
 */
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import './styles/global.css';
import type { SiteConfig } from '@tshirt/shared';
import { App } from './App';
import { canHydrate } from './prerender/prerenderedPage';
import type { RemoteLoader } from './remote-loading/remoteLoader';
import { collectServerParts, type ServerParts } from './remote-loading/serverParts';
import { loadSiteConfig } from './site-config/siteConfig';
import { startVitalsReporting } from './vitals/startVitalsReporting';

export type { RemoteLoader, ServerParts };
export { createRemoteLoader } from './remote-loading/remoteLoader';

/** A mismatch React recovers from (it renders that part anew) is worth a warning, not an error. */
function warnRecoverable(error: unknown): void {
  console.warn('[hydration]', error);
}

/** Makes the page's remote loader once the configuration and the server's parts are known. */
export type RemoteLoaderFactory = (config: SiteConfig, serverParts: ServerParts) => RemoteLoader;

export async function startStore(createLoader: RemoteLoaderFactory): Promise<void> {
  // Read at run time: the same build serves any brand and any remote URLs.
  const config = await loadSiteConfig();
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html must contain <div id="root">');
  // Read before React touches the page: each slot renders its part's element with this markup.
  const serverParts = collectServerParts(container);
  const remoteLoader = createLoader(config, serverParts);
  const app = (
    <StrictMode>
      <App config={config} remoteLoader={remoteLoader} serverParts={serverParts} />
    </StrictMode>
  );
  // Pre-rendered HTML of this very page is adopted; HTML for another page or brand is replaced.
  if (canHydrate(container, window.location.pathname, config)) {
    hydrateRoot(container, app, { onRecoverableError: warnRecoverable });
  } else {
    container.replaceChildren();
    createRoot(container).render(app);
  }
  startVitalsReporting();
}
