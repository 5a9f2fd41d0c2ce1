/**
 * A remote's page on its dev server with no store (API=mock, the default): MSW's service worker
 * answers the store's API from the shared handlers, the art engine drawing in the page, before
 * the app's own entry runs. `/pay/…` is the mocked payment page. Never in a production build.
 */
import { loadBrowserArtEngine } from '@tshirt/art/browser';
import {
  isMockPaymentPage,
  renderMockPaymentPage,
  startApiMocks,
} from '@tshirt/shared/mocks/browser';
import { ART_FONTS_PATH } from './devApiPaths';

/** About a store's round trip: Loading… shows as it would. */
const MOCK_LATENCY_MS = 300;

async function start(): Promise<void> {
  const art = await loadBrowserArtEngine(
    new URL(ART_FONTS_PATH, window.location.origin).href,
  ).catch((error: unknown) => {
    console.warn('[mocked API] The art engine did not load; drawing stand-in artwork.', error);
    return undefined;
  });
  await startApiMocks({ art, latencyMs: MOCK_LATENCY_MS });
  const root = document.getElementById('root');
  if (root && isMockPaymentPage(window.location.pathname)) {
    renderMockPaymentPage(root);
    return;
  }
  // APP_ENTRY_REQUEST, written out: webpack resolves only a literal.
  await import(/* webpackMode: "eager" */ 'standalone-app-entry');
}

void start();
