import { whenEveryPartIsLive } from '@tshirt/shared/partsLive';

/** Give up waiting for an idle moment after this long; the metrics still matter on a busy page. */
const IDLE_TIMEOUT_MS = 3_000;

/** Longest wait for the page's parts to go live (one whose remote is down never does). */
export const VITALS_PARTS_WAIT_MS = 5_000;

export interface VitalsReportingOptions {
  /** Loads the reporter; a dynamic import so web-vitals is its own chunk, off the critical path. */
  loadReporter?: () => Promise<{ reportWebVitals: () => void }>;
  win?: Window;
}

function whenIdle(win: Window, run: () => void): void {
  if (typeof win.requestIdleCallback === 'function')
    win.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
  else win.setTimeout(run, 1);
}

/**
 * Loads the performance-metrics part once the page is interactive: after the load event and every
 * part of the page is live (so it never takes the link or the main thread from a part's code), at
 * the next idle moment. The metrics it reports were buffered by the browser, so none is missed.
 */
export function startVitalsReporting({
  loadReporter = () => import(/* webpackChunkName: "web-vitals" */ './reportWebVitals'),
  win = window,
}: VitalsReportingOptions = {}): void {
  const load = () =>
    whenIdle(win, () => {
      loadReporter().then(
        ({ reportWebVitals }) => reportWebVitals(),
        (error: unknown) => console.warn('[vitals] the metrics part could not be loaded', error),
      );
    });
  const start = () => {
    whenEveryPartIsLive(load, VITALS_PARTS_WAIT_MS, win.document);
  };
  if (win.document.readyState === 'complete') start();
  else win.addEventListener('load', start, { once: true });
}
