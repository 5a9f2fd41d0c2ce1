// Running alone, the page has no host to give it the store's tokens: it loads the same file.
import '@tshirt/shared/tokens.css';
import { createRoot } from 'react-dom/client';
import { PAGE_PATHS, configureStoreFromStandaloneConfig } from '@tshirt/shared';
import { StandaloneApp } from './standalone/StandaloneApp';
import { StandaloneLoadingPage } from './standalone/StandaloneLoadingPage';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to mount the checkout in.');

// Running alone, the page learns from its static host where the store's API is.
void configureStoreFromStandaloneConfig().then(() => {
  createRoot(container).render(
    // Running alone there is no host, so this app serves the page the payment tab opens on.
    window.location.pathname === PAGE_PATHS.loading ? (
      <StandaloneLoadingPage />
    ) : (
      <StandaloneApp loadingPagePath={PAGE_PATHS.loading} />
    ),
  );
});
