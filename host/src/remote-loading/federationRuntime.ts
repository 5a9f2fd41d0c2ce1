/**
 * The Module Federation runtime, in its own chunk: only pages that compose remotes download it.
 * The host builds without the federation plugin (tooling/build/webpackConfig.ts), so this module
 * starts the runtime, provides the host's React and store as the shared singletons, and hands the
 * runtime to the remotes, whose entries are built without a copy of their own.
 */
import * as runtimeCore from '@module-federation/runtime-core';
import {
  createInstance,
  type ModuleFederationRuntimePlugin,
} from '@module-federation/enhanced/runtime';
import * as react from 'react';
import * as reactJsxRuntime from 'react/jsx-runtime';
import * as reactDom from 'react-dom';
import * as reactDomClient from 'react-dom/client';
import * as tshirtShared from '@tshirt/shared';
import { REMOTES, type RemoteName, type SiteConfig } from '@tshirt/shared';

/** The name remotes built with `experiments.externalRuntime` read the runtime from. */
const EXTERNAL_RUNTIME_GLOBAL = '_FEDERATION_RUNTIME_CORE';

/** The host's own copies of every singleton the federation config shares (tooling/build/federation.ts). */
const HOST_MODULES: Record<string, object> = {
  react,
  'react/jsx-runtime': reactJsxRuntime,
  'react-dom': reactDom,
  'react-dom/client': reactDomClient,
  '@tshirt/shared': tshirtShared,
};

export interface FederationRuntime {
  loadRemote(moduleId: string): Promise<unknown>;
  /** Registers `remote` again at `entry`, so a failed entry is fetched anew. */
  reregister(remote: RemoteName, entry: string): void;
}

function providedShared() {
  return Object.fromEntries(
    Object.entries(__HOST_PROVIDED_SINGLETONS__).map(([request, { version, requiredVersion }]) => {
      const module = HOST_MODULES[request];
      if (!module)
        throw new Error(`The host provides no module for the shared singleton ${request}`);
      return [
        request,
        {
          version,
          lib: () => module,
          shareConfig: { singleton: true, requiredVersion, strictVersion: false },
        },
      ];
    }),
  );
}

export function startFederationRuntime(
  config: SiteConfig,
  plugins: ModuleFederationRuntimePlugin[],
): FederationRuntime {
  const global = globalThis as Record<string, unknown>;
  global[EXTERNAL_RUNTIME_GLOBAL] ??= runtimeCore;
  const remoteNames = Object.keys(REMOTES) as RemoteName[];
  const instance = createInstance({
    name: 'host',
    remotes: remoteNames.map((remote) => ({
      name: REMOTES[remote].name,
      entry: config.remotes[remote].entry,
    })),
    shared: providedShared(),
    plugins,
  });
  return {
    loadRemote: (moduleId) => instance.loadRemote(moduleId),
    reregister: (remote, entry) =>
      instance.registerRemotes([{ name: REMOTES[remote].name, entry }], { force: true }),
  };
}
