import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/global.css';
import { App } from './App';
import { createFederationRemoteLoader } from './remote-loading/federationRemoteLoader';
import { loadSiteConfig } from './site-config/siteConfig';
import { startVitalsReporting } from './vitals/startVitalsReporting';

async function start(): Promise<void> {
  // Read at run time: the same build serves any brand and any remote URLs.
  const config = await loadSiteConfig();
  const remoteLoader = createFederationRemoteLoader(config);
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html must contain <div id="root">');
  createRoot(container).render(
    <StrictMode>
      <App config={config} remoteLoader={remoteLoader} />
    </StrictMode>,
  );
  startVitalsReporting();
}

void start();
