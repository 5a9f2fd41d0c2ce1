/**
 * The mocked API in a browser: MSW's service worker answers the page's calls to the store with
 * ./handlers.ts. Only a remote's dev server starts it (tooling/dev/mockedApiEntry.ts); no
 * production bundle imports this file.
 */
import { setupWorker } from 'msw/browser';
import { createApiHandlers, type ApiMockOptions } from './handlers';

export { renderMockPaymentPage, isMockPaymentPage } from './mockPaymentPage';

/** Where the dev server serves MSW's worker script (from the installed package, never a copy). */
export const MOCK_SERVICE_WORKER_PATH = '/mockServiceWorker.js';

export async function startApiMocks(options: ApiMockOptions = {}): Promise<void> {
  const worker = setupWorker(...createApiHandlers(options));
  await worker.start({
    serviceWorker: { url: MOCK_SERVICE_WORKER_PATH },
    // The page's own scripts, styles and fonts come from the dev server as usual.
    onUnhandledRequest: 'bypass',
    quiet: true,
  });
}
