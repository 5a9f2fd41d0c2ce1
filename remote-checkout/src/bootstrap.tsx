// Running alone, the page has no host to give it the store's tokens: it loads the same file.
import '@tshirt/shared/tokens.css';
import { createRoot } from 'react-dom/client';
import { PAGE_PATHS } from '@tshirt/shared';
import { configureStoreFromStandaloneConfig } from '@tshirt/shared/standaloneStore';
import { StandaloneApp } from './standalone/StandaloneApp';
import { StandaloneCompletePage } from './standalone/StandaloneCompletePage';
import { StandaloneLoadingPage } from './standalone/StandaloneLoadingPage';

/** Running alone there is no host: this app serves the pages the payment tab opens on and comes back to. */
function StandalonePage() {
  switch (window.location.pathname) {
    case PAGE_PATHS.loading:
      return <StandaloneLoadingPage />;
    case PAGE_PATHS.complete:
      return <StandaloneCompletePage />;
    default:
      return <StandaloneApp loadingPagePath={PAGE_PATHS.loading} />;
  }
}

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to mount the checkout in.');

// Running alone, the page learns from its static host where the store's API is.
void configureStoreFromStandaloneConfig().then(() => {
  createRoot(container).render(<StandalonePage />);
});
