/**
 * The built front-end files held in memory with their headers, so that answering one costs a
 * single `stat` (is it still the same file?; statThisTurn.ts) instead of reading it.
 *
 * A file is sent only when its bytes are those a release manifest of its folder lists for its name
 * (releaseManifests.ts): whatever is done to the folder (`cp -r` over it, a slow or stalled copy,
 * an edit by hand), a request gets a whole file some build wrote, or, while the file on disk is
 * not one, its last such version held in memory, or after a short wait a 503. A file is read whole
 * from one descriptor, only when it is a regular file whose real path is inside its folder's
 * (regularFile.ts). The folder may be a link swapped to another release in one step; it is looked
 * at once a loop turn, and a new target drops the files of the old one. Only plain names (letters,
 * digits, `._~-`, no dotfiles) are served. A build's Brotli and gzip copies (`main.js.br`) are sent
 * as their original, and only while the original is the file they were made from (both listed by
 * one manifest).
 */
import { readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { Stats } from 'node:fs';
import { isUtf8MimeType, mime } from '@fastify/send';
import { cacheControlForStaticFile } from '@tshirt/shared/cachePolicy';
import { RELEASE_MANIFEST_FOLDER } from '@tshirt/shared/releaseManifest';
import { fileVersion, readRegularFile, realPathOf, type RegularFileRead } from './regularFile';
import { createReleaseIndex, sha256Hex, type ReleaseIndex } from './releaseManifests';
import { statThisTurn } from './statThisTurn';

/** A folder served under a URL prefix (`/` or `/remotes/designer/`). */
export interface StaticMount {
  prefix: string;
  /** The folder, or a link to it (a deploy swaps it to another release). */
  root: string;
  /** Whether the file at this path (below the prefix, with a leading `/`) may be served at all. */
  serves(pathName: string): boolean;
}

export interface KeptFile {
  /** The file through its mount's folder as configured (links not followed). */
  filePath: string;
  /** The version of the file `body` holds (regularFile.ts, fileVersion). */
  version: string;
  body: Buffer;
  /** The hex SHA-256 of `body`, listed for this file by a release manifest. */
  digest: string;
  /** A strong entity tag: the bytes are checked, so equal tags are equal bytes. */
  etag: string;
  headers: Readonly<Record<string, string>>;
}

export interface StaticFileTable {
  /** The kept file answered at `urlPath` (no query string) when it is still the file there. */
  current(urlPath: string): KeptFile | undefined;
  /**
   * The file answered at `urlPath` read anew (and kept if it fits), its last whole version while
   * the file there is not one a release lists, `unsettled` when it has none and the file did not
   * become one in time, or undefined when nothing is served at that path (nothing there, not a
   * regular file, a link out of the folder, a name not served, a compressed copy that is not its
   * original's).
   */
  load(urlPath: string): Promise<KeptFile | 'unsettled' | undefined>;
  /** Reads every file the mounts hold that is not kept yet; resolves with how many it kept. */
  refresh(): Promise<number>;
}

export interface StaticFileTableOptions {
  /** What every kept file may take in memory together; beyond it files are read per request. */
  maxBytes?: number;
  /** A larger file is read per request, never kept. */
  maxFileBytes?: number;
  /** A larger file is not served. */
  maxReadBytes?: number;
  /** How long a request waits for a file being written to become a release's before it is refused. */
  maxWaitMs?: number;
}

const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;
const DEFAULT_MAX_FILE_BYTES = 4 * 1024 * 1024;
const DEFAULT_MAX_READ_BYTES = 32 * 1024 * 1024;
const DEFAULT_MAX_WAIT_MS = 1000;
/** How often a request waiting for a file being written reads it again. */
const RETRY_MS = 50;
/** What @fastify/static sends a name of no known type as. */
const UNKNOWN_TYPE = 'application/octet-stream';

/** Names a URL spells as they are: anything else is not a file a build writes. */
const PLAIN_PATH = /^(\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)+$/;

/** A mount's folder as it is now: which folder (device and inode), its real path, its manifests. */
interface MountRoot {
  id: string;
  real: string;
  /** The `stat` it was last matched with (one a loop turn: statThisTurn). */
  seen: Stats;
  releases: ReleaseIndex;
}

interface Target {
  mount: number;
  filePath: string;
  /** Below the folder, `/`-separated, as a manifest names it. */
  path: string;
}

interface Kept extends KeptFile {
  mount: number;
  /** The folder it was read from (MountRoot.id). */
  rootId: string;
  /** For a compressed copy: its original, and the digest of the original it was made from. */
  original?: { urlPath: string; digest: string };
}

/** The encoding of a build's compressed copy of a file (`main.js.br`), by its suffix. */
const COPY_ENCODINGS: Readonly<Record<string, string>> = { '.br': 'br', '.gz': 'gzip' };

/** The headers of a file of a known type; a compressed copy is sent as its original, encoded. */
function fileHeaders(filePath: string, info: Stats, etag: string) {
  const encoding = COPY_ENCODINGS[filePath.slice(-3)];
  let type = mime.getType(encoding ? filePath.slice(0, -3) : filePath) ?? UNKNOWN_TYPE;
  if (isUtf8MimeType(type)) type += '; charset=utf-8';
  const headers: Record<string, string> = {
    'last-modified': info.mtime.toUTCString(),
    etag,
    'content-type': type,
    'cache-control': cacheControlForStaticFile(filePath),
  };
  if (encoding) headers['content-encoding'] = encoding;
  return headers;
}

const isKept = (file: Kept | 'unsettled' | undefined): file is Kept =>
  file !== undefined && file !== 'unsettled';

export function createStaticFileTable(
  mounts: readonly StaticMount[],
  options: StaticFileTableOptions = {},
): StaticFileTable {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const maxFileBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  const maxReadBytes = options.maxReadBytes ?? DEFAULT_MAX_READ_BYTES;
  const maxWaitMs = options.maxWaitMs ?? DEFAULT_MAX_WAIT_MS;
  // Longest prefix first: `/remotes/designer/x` is the designer's, not the host's.
  const byPrefix = [...mounts.keys()].sort(
    (a, b) => mounts[b]!.prefix.length - mounts[a]!.prefix.length,
  );
  const roots = new Map<number, MountRoot>();
  const files = new Map<string, Kept>();
  let totalBytes = 0;
  const loading = new Map<string, Promise<Kept | 'unsettled' | undefined>>();
  /** A file version no manifest listed, with the manifests' generation then: not read again until either changes. */
  const refused = new Map<string, string>();

  const forget = (urlPath: string) => {
    const file = files.get(urlPath);
    if (!file) return;
    totalBytes -= file.body.length;
    files.delete(urlPath);
  };

  /** The mount's folder now, its real path resolved again when the folder is another one. */
  function rootOf(mount: number): MountRoot | undefined {
    const info = statThisTurn(mounts[mount]!.root);
    const known = roots.get(mount);
    if (info !== undefined && known?.seen === info) return known;
    if (!info?.isDirectory()) return undefined;
    const id = `${info.dev}:${info.ino}`;
    if (known?.id === id) {
      known.seen = info;
      return known;
    }
    const real = realPathOf(mounts[mount]!.root);
    if (real === undefined) return undefined;
    // Another release now: the files kept are the old one's.
    for (const [urlPath, file] of files) if (file.mount === mount) forget(urlPath);
    const root = { id, real, seen: info, releases: createReleaseIndex(real) };
    roots.set(mount, root);
    return root;
  }

  function locate(urlPath: string): Target | undefined {
    for (const mount of byPrefix) {
      const { prefix, root, serves } = mounts[mount]!;
      if (!urlPath.startsWith(prefix)) continue;
      const path = urlPath.slice(prefix.length);
      const pathName = `/${path}`;
      if (!PLAIN_PATH.test(pathName) || !serves(pathName)) return undefined;
      if (path.startsWith(`${RELEASE_MANIFEST_FOLDER}/`)) return undefined;
      return { mount, filePath: join(root, pathName), path };
    }
    return undefined;
  }

  /** The kept file at `urlPath` while it is still the file there (a copy: still its original's). */
  function current(urlPath: string): Kept | undefined {
    const file = files.get(urlPath);
    if (!file || rootOf(file.mount)?.id !== file.rootId) return undefined;
    const info = statThisTurn(file.filePath);
    if (!info?.isFile() || fileVersion(info) !== file.version) return undefined;
    return stillItsOriginals(file) ? file : undefined;
  }

  /** A compressed copy is sent only while its original is the file it was made from. */
  function stillItsOriginals(file: Kept): boolean {
    return !file.original || current(file.original.urlPath)?.digest === file.original.digest;
  }

  function remember(
    urlPath: string,
    target: Target,
    root: MountRoot,
    found: { body: Buffer; info: Stats },
    digest: string,
    original: Kept['original'],
  ): Kept {
    const etag = `"${Buffer.from(digest, 'hex').toString('base64url').slice(0, 22)}"`;
    const file: Kept = {
      filePath: target.filePath,
      version: fileVersion(found.info),
      body: found.body,
      digest,
      etag,
      headers: fileHeaders(target.filePath, found.info, etag),
      mount: target.mount,
      rootId: root.id,
      original,
    };
    forget(urlPath);
    if (found.body.length <= maxFileBytes && totalBytes + found.body.length <= maxBytes) {
      files.set(urlPath, file);
      totalBytes += found.body.length;
    }
    return file;
  }

  /**
   * The file read, when a manifest lists its bytes (a copy: and its original's, in one manifest);
   * `notAnswered` for a copy that is not its original's, undefined for bytes no release wrote.
   */
  async function checked(
    urlPath: string,
    target: Target,
    root: MountRoot,
    found: Extract<RegularFileRead, { state: 'whole' }>,
  ): Promise<Kept | 'notAnswered' | undefined> {
    const digest = sha256Hex(found.body);
    // The manifest names the file where it really is (a link inside the folder leads to it).
    const path = found.real ? relative(root.real, found.real).split(sep).join('/') : target.path;
    let releases = root.releases.listing(path, digest);
    if (!releases && (await root.releases.update())) releases = root.releases.listing(path, digest);
    if (!releases) {
      refused.set(urlPath, `${fileVersion(found.info)}|${root.releases.generation}`);
      return undefined;
    }
    refused.delete(urlPath);
    if (!COPY_ENCODINGS[urlPath.slice(-3)])
      return remember(urlPath, target, root, found, digest, undefined);
    const originalUrl = urlPath.slice(0, -3);
    const original = await load(originalUrl, 0);
    const made = isKept(original)
      ? root.releases.listing(path.slice(0, -3), original.digest)
      : undefined;
    if (!isKept(original) || !made || ![...releases].some((name) => made.has(name))) {
      return 'notAnswered';
    }
    return remember(urlPath, target, root, found, digest, {
      urlPath: originalUrl,
      digest: original.digest,
    });
  }

  /** Whether the file there now is a version already refused, with no manifest added since. */
  async function refusedAlready(urlPath: string, target: Target, root: MountRoot) {
    const mark = refused.get(urlPath);
    if (mark === undefined) return false;
    await root.releases.update();
    const info = statThisTurn(target.filePath);
    return info !== undefined && mark === `${fileVersion(info)}|${root.releases.generation}`;
  }

  async function read(urlPath: string, target: Target, waitMs: number) {
    const deadline = performance.now() + waitMs;
    for (;;) {
      const root = rootOf(target.mount);
      if (!root) return undefined;
      if (!(await refusedAlready(urlPath, target, root))) {
        const found = await readRegularFile(target.filePath, {
          maxBytes: maxReadBytes,
          within: root.real,
        });
        if (found.state === 'whole') {
          const file = await checked(urlPath, target, root, found);
          if (file === 'notAnswered') {
            forget(urlPath);
            return undefined;
          }
          if (file) return file;
        } else if (
          found.state === 'outside' &&
          realPathOf(mounts[target.mount]!.root) !== root.real
        ) {
          roots.delete(target.mount); // swapped while the file was read: judged by the new folder
          if (performance.now() < deadline) continue;
        } else if (found.state !== 'changed') {
          forget(urlPath);
          return undefined;
        }
      }
      // Not a release's file (yet): its last whole version, or wait for the copy to finish.
      const previous = files.get(urlPath);
      if (previous?.rootId === root.id && stillItsOriginals(previous)) return previous;
      // A compressed copy is not waited for: its original is sent instead (compressed as it goes).
      if (COPY_ENCODINGS[urlPath.slice(-3)]) return undefined;
      if (performance.now() + RETRY_MS > deadline) return 'unsettled';
      await delay(RETRY_MS);
    }
  }

  function load(urlPath: string, waitMs = maxWaitMs): Promise<Kept | 'unsettled' | undefined> {
    const target = locate(urlPath);
    if (!target) return Promise.resolve(undefined);
    const arrival = statThisTurn(target.filePath);
    if (!arrival?.isFile()) {
      forget(urlPath);
      return Promise.resolve(undefined);
    }
    // Requests that found the same version share one read (and a read begun for an older one is
    // not theirs to join).
    const key = `${urlPath}\n${fileVersion(arrival)}\n${waitMs}`;
    let pending = loading.get(key);
    if (!pending) {
      pending = read(urlPath, target, waitMs).finally(() => loading.delete(key));
      loading.set(key, pending);
    }
    return pending;
  }

  /**
   * The regular files below `folder`, as `/`-separated paths; links are not followed (one is read
   * when it is asked for; Node 24's recursive `readdir` would follow one to `/`).
   */
  async function filesBelow(folder: string, below = ''): Promise<string[]> {
    const found: string[] = [];
    for (const entry of await readdir(join(folder, below), { withFileTypes: true })) {
      const path = below === '' ? entry.name : `${below}/${entry.name}`;
      if (entry.isDirectory()) found.push(...(await filesBelow(folder, path)));
      else if (entry.isFile()) found.push(path);
    }
    return found;
  }

  async function refreshMount(mount: number): Promise<number> {
    const { root, prefix } = mounts[mount]!;
    let paths;
    try {
      paths = await filesBelow(root);
    } catch {
      return 0; // Not built (yet): every request finds nothing.
    }
    let kept = 0;
    for (const path of paths) {
      const urlPath = `${prefix}${path}`;
      if (current(urlPath)) continue;
      const file = await load(urlPath, 0);
      if (isKept(file) && files.get(urlPath) === file) kept += 1;
    }
    return kept;
  }

  return {
    current,
    load: (urlPath) => load(urlPath),
    async refresh() {
      let kept = 0;
      for (const mount of mounts.keys()) kept += await refreshMount(mount);
      return kept;
    },
  };
}
