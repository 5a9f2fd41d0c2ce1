import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import './styles/global.css';
import { PAGE_PATHS } from '@tshirt/shared';
import { App } from './App';
import { canHydrate } from './prerender/prerenderedPage';
import { createFederationRemoteLoader } from './remote-loading/federationRemoteLoader';
import { collectServerParts } from './remote-loading/serverParts';
import { loadSiteConfig } from './site-config/siteConfig';
import { startVitalsReporting } from './vitals/startVitalsReporting';

/** A mismatch React recovers from (it renders that part anew) is worth a warning, not an error. */
function warnRecoverable(error: unknown): void {
  console.warn('[hydration]', error);
}

async function start(): Promise<void> {
  // Read at run time: the same build serves any brand and any remote URLs.
  const config = await loadSiteConfig();
  const remoteLoader = createFederationRemoteLoader(config);
  // The product page needs the runtime at once: fetch it while React renders the shell.
  if (window.location.pathname === PAGE_PATHS.product) remoteLoader.prepare();
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html must contain <div id="root">');
  // Read before React touches the page: each slot renders its part's element with this markup.
  const serverParts = collectServerParts(container);
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

void start();
