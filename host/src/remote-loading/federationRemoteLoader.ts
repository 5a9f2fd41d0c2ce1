import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { REMOTES, type RemoteName, type SiteConfig } from '@tshirt/shared';
import { loadFailureLogPlugin } from './loadFailureLogPlugin';
import { createRemoteLoader, type RemoteLoader } from './remoteLoader';
import { retryEntryUrl } from './retryEntryUrl';
import { scriptTimeoutPlugin } from './scriptTimeoutPlugin';

/** Margin so the host's own timer, with its clearer message, fires before the runtime's. */
const RUNTIME_TIMEOUT_MARGIN_MS = 1_000;

/**
 * The app's RemoteLoader: registers each remote at the entry the site config names (never baked
 * into the build) and loads exposed modules through the federation runtime.
 */
export function createFederationRemoteLoader(config: SiteConfig): RemoteLoader {
  registerPlugins([
    scriptTimeoutPlugin(config.remoteTimeoutMs + RUNTIME_TIMEOUT_MARGIN_MS),
    loadFailureLogPlugin(),
  ]);
  const remoteNames = Object.keys(REMOTES) as RemoteName[];
  registerRemotes(remoteNames.map((remote) => ({ name: REMOTES[remote].name, entry: config.remotes[remote].entry })));

  let retryAttempt = 0;
  // The runtime remembers a failed entry; re-registering (force) at a fresh URL makes it load anew.
  const reregister = (remote: RemoteName): void => {
    retryAttempt += 1;
    registerRemotes(
      [{ name: REMOTES[remote].name, entry: retryEntryUrl(config.remotes[remote].entry, retryAttempt) }],
      { force: true },
    );
  };

  return createRemoteLoader({
    loadModule: (moduleId) => loadRemote(moduleId),
    timeoutMs: config.remoteTimeoutMs,
    resetRemote: reregister,
  });
}
