/**
 * The release manifests of one served folder (shared/src/releaseManifest.ts): which bytes, for
 * each file name, some build of this folder wrote. A file is sent only when its SHA-256 is listed
 * for its name, so a file half copied, emptied, mixed from two releases or edited by hand is never
 * sent, whatever was done to the folder and however slowly.
 *
 * Manifests are read once (each is named by its own hash, so one half copied is seen as such and
 * read again later), when a file's bytes are not listed yet: a release's files may arrive before
 * its manifest.
 */
import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import {
  RELEASE_MANIFEST_FOLDER,
  parseReleaseManifest,
  promisedManifestHash,
} from '@tshirt/shared/releaseManifest';
import { fileVersion, readRegularFile } from './regularFile';
import { statThisTurn } from './statThisTurn';

/** A manifest larger than this is not one a build wrote. */
const MAX_MANIFEST_BYTES = 4 * 1024 * 1024;

export function sha256Hex(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export interface ReleaseIndex {
  /** The manifests (by name) that list `digest` for `path` (below the folder, `/`-separated). */
  listing(path: string, digest: string): ReadonlySet<string> | undefined;
  /**
   * Reads the manifests not read yet, when the folder's manifests may have changed since the last
   * look; resolves with whether any was added.
   */
  update(): Promise<boolean>;
  /** How many manifests were added so far: a file refused under one count may be listed under a later one. */
  readonly generation: number;
}

/** The manifests of the folder whose real path is `root`. */
export function createReleaseIndex(root: string): ReleaseIndex {
  const folder = join(root, RELEASE_MANIFEST_FOLDER);
  const byPath = new Map<string, Map<string, Set<string>>>();
  const read = new Set<string>();
  /** Names of manifests seen but not whole yet: looked at again on the next update. */
  let torn = 0;
  let lookedAt: string | undefined;
  let updating: Promise<boolean> | undefined;
  let generation = 0;

  function add(name: string, files: Record<string, string>) {
    for (const [path, digest] of Object.entries(files)) {
      let digests = byPath.get(path);
      if (!digests) byPath.set(path, (digests = new Map()));
      let names = digests.get(digest);
      if (!names) digests.set(digest, (names = new Set()));
      names.add(name);
    }
    read.add(name);
    generation += 1;
  }

  async function readNew(): Promise<boolean> {
    let names: string[];
    try {
      names = await readdir(folder);
    } catch {
      return false; // no manifest at all: nothing is sent
    }
    const before = generation;
    torn = 0;
    for (const name of names) {
      const promised = promisedManifestHash(name);
      if (!promised || read.has(name)) continue;
      const found = await readRegularFile(join(folder, name), {
        maxBytes: MAX_MANIFEST_BYTES,
        within: root,
      });
      const manifest =
        found.state === 'whole' && sha256Hex(found.body).startsWith(promised)
          ? parseReleaseManifest(found.body.toString('utf8'))
          : undefined;
      if (manifest) add(name, manifest.files);
      else torn += 1;
    }
    return generation > before;
  }

  return {
    listing: (path, digest) => byPath.get(path)?.get(digest),
    get generation() {
      return generation;
    },
    update() {
      // A manifest added or renamed into place changes the folder; one written in place does not,
      // so a torn one is looked at again every time.
      if (updating) return updating;
      const info = statThisTurn(folder);
      const version = info ? fileVersion(info) : 'none';
      if (version === lookedAt && torn === 0) return Promise.resolve(false);
      updating = readNew().finally(() => {
        updating = undefined;
      });
      lookedAt = version;
      return updating;
    },
  };
}
