/**
 * A remote's page running alone learns from its static host where the store is
 * (STANDALONE_CONFIG_FILE). Only the standalone pages import this file, so the composed site's
 * shared bundle does not carry it.
 */
import { STANDALONE_CONFIG_FILE, type StandaloneConfig } from '../contract';
import { configureStoreUrl, type ApiFailure } from './client';

/**
 * What a call to another origin's store that gets no answer says: where the store is, and the
 * usual cause when it runs (it does not let this page's origin read its answers, CORS).
 */
export function unreachableStandaloneStore(storeUrl: string, pageOrigin: string): ApiFailure {
  return {
    code: 'network_error',
    message: `The store at ${storeUrl} did not answer. If it is running, its STANDALONE_ORIGINS must list this page's origin, ${pageOrigin} (localhost and 127.0.0.1 are different origins).`,
  };
}

/**
 * Reads STANDALONE_CONFIG_FILE beside the page and, when it names a store, sends everything there.
 * Without the file (a dev server, a plain static host) the page keeps calling its own origin.
 */
export async function configureStoreFromStandaloneConfig(
  fetchImpl: typeof fetch = globalThis.fetch.bind(globalThis),
): Promise<void> {
  try {
    const response = await fetchImpl(new URL(STANDALONE_CONFIG_FILE, document.baseURI).href, {
      cache: 'no-cache',
    });
    if (!response.ok) return;
    const config = (await response.json()) as Partial<StandaloneConfig> | null;
    if (typeof config?.storeUrl === 'string' && /^https?:\/\/[^/]/.test(config.storeUrl)) {
      const origin = config.storeUrl.replace(/\/+$/, '');
      configureStoreUrl(origin, unreachableStandaloneStore(origin, window.location.origin));
    }
  } catch {
    // No readable configuration: the page's own origin it is.
  }
}
