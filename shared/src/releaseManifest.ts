/**
 * A release manifest: the list of every file a front-end build wrote, each with the SHA-256 of its
 * bytes. The build writes it into its output folder (`release/manifest.<hash>.json`, the hash being
 * the first 16 hex digits of the manifest's own SHA-256, so a manifest half copied is seen as such),
 * and the store's server sends a file of a served folder only when its bytes are those a manifest
 * in that folder lists for its name: a file being copied over, emptied or mixed is never sent
 * (docs/DEPLOY.md, "Releases are whole or not served").
 *
 * Only the format lives here (no Node.js module): the build writes it (tooling/build/releaseManifest.ts)
 * and the server reads it (server/src/staticFiles/releaseManifests.ts).
 */

/** The folder of a build's output that holds its manifests; never served. */
export const RELEASE_MANIFEST_FOLDER = 'release';

/** `manifest.0123456789abcdef.json`: the first 16 hex digits of the file's own SHA-256. */
const MANIFEST_NAME = /^manifest\.([0-9a-f]{16})\.json$/;

export const RELEASE_MANIFEST_FORMAT = 1;

export interface ReleaseManifest {
  format: typeof RELEASE_MANIFEST_FORMAT;
  /** When the build wrote it (ISO 8601): for people; the server does not use it. */
  builtAt: string;
  /** Each file's path below the folder (`/`-separated) → the hex SHA-256 of its bytes. */
  files: Record<string, string>;
  /**
   * The hash of what the build was made from (tooling/build/staleApps.mjs): `npm start` rebuilds an
   * app only when its sources no longer match it.
   */
  inputs?: string;
}

/** The manifest's name for contents whose SHA-256 is `sha256Hex`. */
export function releaseManifestName(sha256Hex: string): string {
  return `manifest.${sha256Hex.slice(0, 16)}.json`;
}

/** The hash prefix a manifest's name promises, or undefined for a name that is not a manifest's. */
export function promisedManifestHash(name: string): string | undefined {
  return MANIFEST_NAME.exec(name)?.[1];
}

const SHA256_HEX = /^[0-9a-f]{64}$/;
/** Plain relative paths only: no empty segment, no `.` or `..`, no backslash. */
const RELATIVE_PATH = /^(?!.*(^|\/)\.{1,2}(\/|$))[^/\\\0]+(\/[^/\\\0]+)*$/;
const MAX_FILES = 20_000;

/** The manifest in `text`, or undefined when it is not one (a torn copy, another format). */
export function parseReleaseManifest(text: string): ReleaseManifest | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { format, builtAt, files, inputs } = value as Partial<
    Record<keyof ReleaseManifest, unknown>
  >;
  if (format !== RELEASE_MANIFEST_FORMAT || typeof builtAt !== 'string') return undefined;
  if (typeof files !== 'object' || files === null || Array.isArray(files)) return undefined;
  const entries = Object.entries(files);
  if (entries.length > MAX_FILES) return undefined;
  const checked: Record<string, string> = {};
  for (const [path, digest] of entries) {
    if (!RELATIVE_PATH.test(path) || typeof digest !== 'string' || !SHA256_HEX.test(digest)) {
      return undefined;
    }
    checked[path] = digest;
  }
  return {
    format,
    builtAt,
    files: checked,
    ...(typeof inputs === 'string' ? { inputs } : {}),
  };
}
