/**
 * The packages every app shares as singletons through Module Federation, with the version range
 * each app requires. One copy of React and one order store at run time depend on this list.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findSingletonMismatches, type HostManifest } from '@tshirt/shared/compatibility';

interface PackageJson {
  version?: string;
  dependencies?: Record<string, string>;
}

function readPackageJson(path: string): PackageJson {
  return JSON.parse(readFileSync(path, 'utf8')) as PackageJson;
}

/** Request strings shared as singletons; sub-paths are separate requests and are listed apiece. */
export const SINGLETON_REQUESTS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  '@tshirt/shared',
] as const;

function packageNameOf(request: string): string {
  const parts = request.split('/');
  return request.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? request);
}

export interface SharedSingletonConfig {
  singleton: true;
  requiredVersion: string;
  strictVersion: boolean;
  eager: false;
}

/**
 * Builds the `shared` option of ModuleFederationPlugin for the app in `appDir`: each singleton at
 * the range the app's package.json asks for. A range the loaded version does not satisfy is
 * reported by the federation runtime with a clear console warning naming the package.
 */
export function sharedSingletons(appDir: string): Record<string, SharedSingletonConfig> {
  const app = readPackageJson(join(appDir, 'package.json'));
  const shared: Record<string, SharedSingletonConfig> = {};
  for (const request of SINGLETON_REQUESTS) {
    const name = packageNameOf(request);
    const range = app.dependencies?.[name];
    if (!range) throw new Error(`${appDir}/package.json must depend on ${name} to share it`);
    shared[request] = {
      singleton: true,
      requiredVersion: range,
      strictVersion: false,
      eager: false,
    };
  }
  return shared;
}

/** What a host that starts the federation runtime itself provides for each singleton. */
export interface ProvidedSingleton {
  /** The version the app bundles, read from the installed package. */
  version: string;
  requiredVersion: string;
}

function installedVersion(appDir: string, packageName: string): string {
  const file = require.resolve(`${packageName}/package.json`, { paths: [appDir] });
  const version = readPackageJson(file).version;
  if (!version) throw new Error(`${file} has no version`);
  return version;
}

/**
 * The singletons with the version the app in `appDir` actually bundles: a host without the
 * federation plugin registers its own copies under these versions when it starts the runtime.
 */
export function providedSingletons(appDir: string): Record<string, ProvidedSingleton> {
  return Object.fromEntries(
    Object.entries(sharedSingletons(appDir)).map(([request, { requiredVersion }]) => [
      request,
      { version: installedVersion(appDir, packageNameOf(request)), requiredVersion },
    ]),
  );
}

/**
 * Everything that would make the remote in `remoteDir` misbehave in `host`: each shared singleton
 * it requires outside what the host provides, and a contract version other than the host's. Each
 * remote's own tests run it against the host in this repository, or against a deployed host's
 * manifest (HOST_MANIFEST_URL), so a skewed release fails its team's build, not the store.
 */
export function hostIncompatibilities(
  remoteName: string,
  remoteDir: string,
  remoteContractVersion: number,
  host: HostManifest,
): string[] {
  const contract =
    remoteContractVersion === host.contractVersion
      ? []
      : [
          `${remoteName} implements contract ${remoteContractVersion}, but the host implements contract ${host.contractVersion}: ship both shapes first (docs/DEPLOY.md)`,
        ];
  return [
    ...contract,
    ...findSingletonMismatches(remoteName, host.provides, sharedSingletons(remoteDir)),
  ];
}
