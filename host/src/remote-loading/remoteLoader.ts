import type { ComponentType } from 'react';
import {
  CONTRACT_EXPORT,
  CONTRACT_VERSION,
  RELEASE_EXPORT,
  remoteModuleId,
  type ExposedName,
  type RemoteModulePropTypes,
  type RemoteName,
} from '@tshirt/shared';
import { loadRemoteWithTimeout } from './loadRemoteWithTimeout';
import { RemoteLoadError } from './remoteLoadError';

/** The React component a remote exposes under `module`. */
export type RemoteComponent<R extends RemoteName, M extends ExposedName<R>> = ComponentType<
  RemoteModulePropTypes[R][M]
>;

/** An exposed module as loaded: its component and the release of the build it came from. */
export interface LoadedPart<C> {
  component: C;
  /** RELEASE_EXPORT of the module; undefined for a build that does not stamp one. */
  release: string | undefined;
}

export interface LoadOptions {
  /**
   * When the wait for this part began (a `Date.now()` time): the time limit counts from there, so
   * a retry while the first wait goes on does not start the wait over. Without it, from now.
   */
  waitingSince?: number;
}

/** Loads exposed components of remotes; RemoteSlot gets one from context, so tests can inject a fake. */
export interface RemoteLoader {
  /** Resolves with the part, or rejects with a RemoteLoadError. Call again to retry. */
  load<R extends RemoteName, M extends ExposedName<R>>(
    remote: R,
    module: M,
    options?: LoadOptions,
  ): Promise<LoadedPart<RemoteComponent<R, M>>>;
  /**
   * Retries `remote`: its entry is asked for anew (a fresh request, when it never ran), once for
   * all its parts, and every part of it listening (`onRetry`) loads again.
   */
  retry(remote: RemoteName): void;
  /** Calls `listener` on each retry of `remote`; returns what stops it. */
  onRetry(remote: RemoteName, listener: () => void): () => void;
  /** The part if it already loaded, so a revisited page renders it without a skeleton. */
  peek<R extends RemoteName, M extends ExposedName<R>>(
    remote: R,
    module: M,
  ): LoadedPart<RemoteComponent<R, M>> | undefined;
}

export interface RemoteLoaderOptions {
  /**
   * Fetches an exposed module by id, e.g. `designer/ArtForm` (the federation runtime's loadRemote),
   * of `remote`.
   */
  loadModule: (moduleId: string, remote: RemoteName) => Promise<unknown>;
  /** How long one load may take before it is given up on. */
  timeoutMs: number;
  /**
   * Makes the next load of `remote` ask for its entry anew (the runtime caches a failed or hanging
   * entry); called on a retry of a remote whose entry never ran.
   */
  resetRemote?: (remote: RemoteName) => void;
}

/** An exposed module's default export must be something React can render. */
export function partFromExposedModule<C>(moduleId: string, exposed: unknown): LoadedPart<C> {
  const exports =
    typeof exposed === 'object' && exposed !== null ? (exposed as Record<string, unknown>) : {};
  const component = exports.default;
  const renderable =
    typeof component === 'function' ||
    (typeof component === 'object' && component !== null && '$$typeof' in component);
  if (!renderable) throw new RemoteLoadError(moduleId, 'invalid-module');
  const contract = exports[CONTRACT_EXPORT];
  // A build that says nothing is taken as it is; one built for another contract is not rendered.
  if (contract !== undefined && contract !== CONTRACT_VERSION) {
    console.error(
      `[remote-loading] ${moduleId} was built for contract ${String(contract)}, but this page implements contract ${CONTRACT_VERSION}: showing its fallback instead of rendering it. Ship a release of the remote built for contract ${CONTRACT_VERSION}, or roll it back (docs/DEPLOY.md).`,
    );
    throw new RemoteLoadError(moduleId, 'incompatible');
  }
  const release = exports[RELEASE_EXPORT];
  return { component: component as C, release: typeof release === 'string' ? release : undefined };
}

export function createRemoteLoader({
  loadModule,
  timeoutMs,
  resetRemote,
}: RemoteLoaderOptions): RemoteLoader {
  const loaded = new Map<string, unknown>();
  /** Remotes whose entry has run: their container is good, so a failed module is simply loaded again. */
  const entryLoaded = new Set<RemoteName>();
  /** Remotes that failed before their entry ever ran: the next load resets them first. */
  const entryFailed = new Set<RemoteName>();
  /** The parts of each remote that load again when it is retried. */
  const retryListeners = new Map<RemoteName, Set<() => void>>();

  return {
    peek(remote, module) {
      return loaded.get(remoteModuleId(remote, module)) as
        LoadedPart<RemoteComponent<typeof remote, typeof module>> | undefined;
    },
    retry(remote) {
      entryFailed.delete(remote);
      if (!entryLoaded.has(remote)) resetRemote?.(remote);
      for (const listener of [...(retryListeners.get(remote) ?? [])]) listener();
    },
    onRetry(remote, listener) {
      const listeners = retryListeners.get(remote) ?? new Set();
      retryListeners.set(remote, listeners);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    async load(remote, module, { waitingSince = Date.now() } = {}) {
      const moduleId = remoteModuleId(remote, module);
      // Only the first retry resets the remote; parts retried with it share the fresh entry load.
      if (entryFailed.delete(remote)) resetRemote?.(remote);
      const remainingMs = Math.max(0, waitingSince + timeoutMs - Date.now());
      try {
        const exposed = await loadRemoteWithTimeout(
          moduleId,
          () => loadModule(moduleId, remote),
          remainingMs,
        );
        const part = partFromExposedModule<RemoteComponent<typeof remote, typeof module>>(
          moduleId,
          exposed,
        );
        entryLoaded.add(remote);
        loaded.set(moduleId, part);
        return part;
      } catch (error) {
        if (!entryLoaded.has(remote)) entryFailed.add(remote);
        throw error;
      }
    },
  };
}
