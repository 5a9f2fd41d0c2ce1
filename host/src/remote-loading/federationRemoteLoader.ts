import type { RemoteName, SiteConfig } from '@tshirt/shared';
import type { FederationRuntime } from './federationRuntime';
import { hydrationHold } from './hydrationHold';
import { earlyAnswerHoldPlugin } from './runtime-plugin/earlyAnswerHoldPlugin';
import { loadFailureLogPlugin } from './runtime-plugin/loadFailureLogPlugin';
import { createRemoteLoader, type RemoteLoader } from './remoteLoader';
import { scriptTimeoutPlugin } from './runtime-plugin/scriptTimeoutPlugin';

/**
 * The entry URL for a retry. A distinct URL gives a fresh request: the runtime reuses a `<script>`
 * still waiting on the old URL, and its loading cache is keyed by the entry. Webpack's `auto`
 * public path drops the query, so the remote's chunks still load from the same folder.
 */
export function retryEntryUrl(
  entry: string,
  attempt: number,
  base: string = window.location.href,
): string {
  const url = new URL(entry, base);
  url.searchParams.set('retry', String(attempt));
  return url.href;
}

/** Margin so the host's own timer, with its clearer message, fires before the runtime's. */
const RUNTIME_TIMEOUT_MARGIN_MS = 1_000;

/** Longest wait for the page's load event before remote scripts are added anyway. */
export const PAGE_LOAD_WAIT_CAP_MS = 3_000;

/**
 * Resolves once the page has loaded (or after `capMs`). A script added before the load event holds
 * it back until the script settles, so a remote that never answers would keep the page "loading"
 * (and the metrics reporting that starts on load) for the whole timeout. Waited for only before an
 * entry the page does not preload (`isPreloaded`): a preload holds the load event the same way.
 */
export function whenPageLoaded(
  win: Window = window,
  capMs: number = PAGE_LOAD_WAIT_CAP_MS,
): Promise<void> {
  if (win.document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    const timer = win.setTimeout(done, capMs);
    function done() {
      win.clearTimeout(timer);
      win.removeEventListener('load', done);
      resolve();
    }
    win.addEventListener('load', done);
  });
}

/**
 * Whether the page preloads `href` (the page-start script preloads every remote's entry on a page
 * with parts): that preload already holds the load event until the entry settles, so its script
 * may be added before the load event at no cost.
 */
export function isPreloaded(href: string, doc: Document = document): boolean {
  const wanted = new URL(href, doc.baseURI).href;
  return Array.prototype.some.call(
    doc.querySelectorAll('link[rel="preload"][as="script"]'),
    (link: HTMLLinkElement) => link.href === wanted,
  );
}

export interface FederationRemoteLoader extends RemoteLoader {
  /** Starts downloading the federation runtime now, for a page about to show remote parts. */
  prepare(): void;
}

/**
 * The app's RemoteLoader: registers each remote at the entry the site config names (never baked
 * into the build) and loads exposed modules through the federation runtime, which is downloaded
 * on the first load (or `prepare()`), so pages without remote parts never pay for it.
 */
export function createFederationRemoteLoader(config: SiteConfig): FederationRemoteLoader {
  let runtime: Promise<FederationRuntime> | undefined;
  const startRuntime = (): Promise<FederationRuntime> => {
    runtime ??= import(/* webpackChunkName: "federation-runtime" */ './federationRuntime')
      .then(async ({ startFederationRuntime }) => {
        // Starting it is a long task on a phone (tens of milliseconds): not while an early answer
        // is shown, even when the download began before the tap (prepare()).
        await hydrationHold();
        return startFederationRuntime(config, [
          scriptTimeoutPlugin(config.remoteTimeoutMs + RUNTIME_TIMEOUT_MARGIN_MS),
          loadFailureLogPlugin(),
          earlyAnswerHoldPlugin(),
        ]);
      })
      .catch((error: unknown) => {
        // A failed download (or start) is tried again on the next load (Retry).
        runtime = undefined;
        throw error;
      });
    return runtime;
  };

  let retryAttempt = 0;
  // The runtime remembers a failed entry; re-registering (force) at a fresh URL makes it load anew.
  // Chained on the runtime, so it happens before the load that follows it.
  const reregister = (remote: RemoteName): void => {
    retryAttempt += 1;
    const entry = retryEntryUrl(config.remotes[remote].entry, retryAttempt);
    startRuntime().then(
      (started) => started.reregister(remote, entry),
      () => undefined,
    );
  };

  const loader = createRemoteLoader({
    loadModule: (moduleId, remote) =>
      startRuntime().then(async (started) => {
        if (!isPreloaded(config.remotes[remote].entry)) await whenPageLoaded();
        // A remote's code runs in long tasks on a phone: not while an early answer is shown.
        await hydrationHold();
        const module = await started.loadRemote(moduleId);
        // A load under way at the tap: the part's slot renders it once the art is on the screen.
        await hydrationHold();
        return module;
      }),
    timeoutMs: config.remoteTimeoutMs,
    resetRemote: reregister,
  });
  return {
    ...loader,
    prepare: () => {
      startRuntime().catch(() => undefined);
    },
  };
}
