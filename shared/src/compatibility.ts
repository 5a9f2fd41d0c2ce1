/**
 * Whether a remote fits a host: the version ranges of the shared singletons a remote requires
 * against the versions the host provides. Used by each remote's own tests (through the build
 * tooling) and by the server before it puts a remote's markup in a page. Node-only: imported
 * through `@tshirt/shared/compatibility`, never by browser code.
 */
import semver from 'semver';
import { PLAIN_SCRIPT_PATH } from './fragments';

/**
 * Whether `version` satisfies `range`: any range npm understands (`^19.2.0`, `>=18 <20`, `19.x`, …);
 * a range it cannot read is an error that names it, never a guess.
 */
export function satisfiesRange(version: string, range: string): boolean {
  if (semver.validRange(range) === null) {
    throw new Error(
      `"${range}" is not a version range npm understands (e.g. ^19.2.0, ~1.2.3, >=18 <20)`,
    );
  }
  return semver.satisfies(version, range);
}

/**
 * Sentences naming every singleton a remote requires at a range the host does not provide: the
 * remote would run against a version it was not built for, so the mismatch is reported up front.
 */
export function findSingletonMismatches(
  remoteName: string,
  hostProvides: Record<string, { version: string }>,
  remoteRequires: Record<string, { requiredVersion: string }>,
): string[] {
  return Object.entries(remoteRequires).flatMap(([request, { requiredVersion }]) => {
    const provided = hostProvides[request];
    if (!provided) return [`${remoteName} shares ${request}, which the host does not provide`];
    let satisfied: boolean;
    try {
      satisfied = satisfiesRange(provided.version, requiredVersion);
    } catch (error) {
      return [`${remoteName} requires ${request}@${requiredVersion}: ${(error as Error).message}`];
    }
    return satisfied
      ? []
      : [
          `${remoteName} requires ${request}@${requiredVersion}, but the host provides ${provided.version}`,
        ];
  });
}

/** What a host build publishes as HOST_MANIFEST_FILE: its contract version and the singletons it provides. */
export interface HostManifest {
  contractVersion: number;
  provides: Record<string, { version: string }>;
  /** The host's scripts (paths on its origin) a page with remote parts loads to mount them. */
  partScripts?: string[];
}

/** `value` (a parsed HOST_MANIFEST_FILE) as a HostManifest, or undefined when it is not one. */
export function parseHostManifest(value: unknown): HostManifest | undefined {
  const manifest = value as Partial<HostManifest> | null | undefined;
  const valid =
    typeof manifest?.contractVersion === 'number' &&
    typeof manifest.provides === 'object' &&
    manifest.provides !== null &&
    Object.values(manifest.provides).every((entry) => typeof entry?.version === 'string');
  if (!valid) return undefined;
  return { ...(manifest as HostManifest), partScripts: hostScripts(manifest.partScripts) };
}

/** A script of the host's own build, by its path on the store's origin. */
const HOST_SCRIPT = new RegExp(`^/${PLAIN_SCRIPT_PATH}$`);

/** The manifest's part scripts that are plain paths of the host's own; anything else is dropped. */
function hostScripts(value: unknown): string[] {
  return Array.isArray(value)
    ? value.filter((path): path is string => typeof path === 'string' && HOST_SCRIPT.test(path))
    : [];
}
