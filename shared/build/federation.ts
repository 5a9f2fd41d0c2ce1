/**
 * The packages every app shares as singletons through Module Federation, with the version range
 * each app requires. One copy of React and one order store at run time depend on this list.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

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
  const sharedPackage = readPackageJson(join(__dirname, '..', 'package.json'));
  const shared: Record<string, SharedSingletonConfig> = {};
  for (const request of SINGLETON_REQUESTS) {
    const name = packageNameOf(request);
    const range =
      name === '@tshirt/shared' ? `^${sharedPackage.version ?? '1.0.0'}` : app.dependencies?.[name];
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
  if (packageName === '@tshirt/shared')
    return readPackageJson(join(__dirname, '..', 'package.json')).version ?? '1.0.0';
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

/** Whether `version` satisfies `range`; ranges are `^x.y.z`, `~x.y.z` or exact, as our apps write them. */
export function satisfiesRange(version: string, range: string): boolean {
  const parse = (text: string) => text.split('.').map((part) => Number.parseInt(part, 10));
  const match = /^([\^~]?)(\d+\.\d+\.\d+)$/.exec(range.trim());
  if (!match) throw new Error(`Unsupported version range "${range}": use ^x.y.z, ~x.y.z or x.y.z`);
  const [major, minor, patch] = parse(version);
  const [wantMajor, wantMinor, wantPatch] = parse(match[2]!);
  if ([major, minor, patch, wantMajor, wantMinor, wantPatch].some((n) => n === undefined || Number.isNaN(n))) {
    return false;
  }
  const atLeast =
    major! > wantMajor! ||
    (major === wantMajor && (minor! > wantMinor! || (minor === wantMinor && patch! >= wantPatch!)));
  if (!atLeast) return false;
  if (match[1] === '^') return wantMajor === 0 ? major === 0 && minor === wantMinor : major === wantMajor;
  if (match[1] === '~') return major === wantMajor && minor === wantMinor;
  return major === wantMajor && minor === wantMinor && patch === wantPatch;
}

/**
 * Sentences naming every singleton a remote requires at a range the host does not provide: the
 * remote would run against a version it was not built for, so the mismatch is reported up front.
 */
export function findSingletonMismatches(
  remoteName: string,
  hostProvides: Record<string, ProvidedSingleton>,
  remoteRequires: Record<string, SharedSingletonConfig>,
): string[] {
  return Object.entries(remoteRequires).flatMap(([request, { requiredVersion }]) => {
    const provided = hostProvides[request];
    if (!provided) return [`${remoteName} shares ${request}, which the host does not provide`];
    return satisfiesRange(provided.version, requiredVersion)
      ? []
      : [`${remoteName} requires ${request}@${requiredVersion}, but the host provides ${provided.version}`];
  });
}
