/**
 * The store as one ordinary bundle, for the federation-overhead benchmark: the host's own App,
 * styles, site config and vitals, with the remotes' exposed modules imported directly instead of
 * loaded through the federation runtime. Mirrors host/src/bootstrap.tsx but for the loader. The
 * server composes its `/product` with the remotes' markup as it does the store's; the bundle holds
 * the very code that markup was rendered from, so each part is adopted as it is.
 */
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import '../../../host/src/styles/global.css';
import { App } from '../../../host/src/App';
import { RELEASE_EXPORT } from '@tshirt/shared';
import { createRemoteLoader } from '../../../host/src/remote-loading/remoteLoader';
import { collectServerParts } from '../../../host/src/remote-loading/serverParts';
import { canHydrate } from '../../../host/src/prerender/prerenderedPage';
import { loadSiteConfig } from '../../../host/src/site-config/siteConfig';
import { startVitalsReporting } from '../../../host/src/vitals/startVitalsReporting';
import CheckoutPanel from 'checkout/CheckoutPanel';
import ArtForm from 'designer/ArtForm';
import DesignGallery from 'designer/DesignGallery';
import ShirtPreview from 'designer/ShirtPreview';

/** Every exposed module, keyed by the id the host asks the federation runtime for. */
const EXPOSED_MODULES: Record<string, unknown> = {
  'designer/ShirtPreview': { default: ShirtPreview },
  'designer/ArtForm': { default: ArtForm },
  'designer/DesignGallery': { default: DesignGallery },
  'checkout/CheckoutPanel': { default: CheckoutPanel },
};

async function start(): Promise<void> {
  const config = await loadSiteConfig();
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html must contain <div id="root">');
  const serverParts = collectServerParts(container);
  const remoteLoader = createRemoteLoader({
    loadModule: async (moduleId) => ({
      ...(EXPOSED_MODULES[moduleId] as object),
      [RELEASE_EXPORT]: serverParts.peek(moduleId)?.release,
    }),
    timeoutMs: config.remoteTimeoutMs,
  });
  const app = (
    <StrictMode>
      <App config={config} remoteLoader={remoteLoader} serverParts={serverParts} />
    </StrictMode>
  );
  if (canHydrate(container, window.location.pathname, config)) {
    hydrateRoot(container, app, {
      onRecoverableError: (error) => console.warn('[hydration]', error),
    });
  } else {
    container.replaceChildren();
    createRoot(container).render(app);
  }
  startVitalsReporting();
}

void start();
