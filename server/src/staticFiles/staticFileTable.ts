/**
 * The built front-end files held in memory with their headers, so that answering one costs a
 * single `stat` (is it still the same file?; statThisTurn.ts) instead of a lookup on disk:
 * @fastify/static reads every folder on the path to check its spelling, then opens, stats, streams
 * and closes the file, each a trip through libuv's thread pool (in a profile, the server sat
 * waiting on them and answered remoteEntry.js at a fifth of the rate of a bare server sending the
 * same bytes).
 *
 * A file not kept, or changed since, is read whole from one descriptor (fileVersion.ts):
 * only a settled version, whose real path is inside the real path of its mount's folder, is ever
 * answered. The folder may be a link swapped to another release in one step; it is looked at once
 * a loop turn, and a new target drops the files of the old one. While a file is being written
 * (`cp` over the folder), its last whole version is answered, or the request waits for the file to
 * settle and is refused (`unsettled`) if it does not in time. Only plain names (letters, digits,
 * `._~-`, no dotfiles) are handled here; any other spelling goes through @fastify/static's checks.
 * A build's Brotli and gzip copies (`main.js.br`) are kept like any file, and sent as their original.
 */
import type { Stats } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { isUtf8MimeType, mime } from '@fastify/send';
import { cacheControlForStaticFile } from '@tshirt/shared/cachePolicy';
import { SETTLE_MS, fileVersion, readWholeVersion, realPathOf, settlesInMs } from './fileVersion';
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
  /** The version of the file `body` holds (fileVersion). */
  version: string;
  body: Buffer;
  etag: string;
  /** What @fastify/static sends with the file (its length and `Vary` aside). */
  headers: Readonly<Record<string, string>>;
}

export interface StaticFileTable {
  /** The kept file answered at `urlPath` (no query string) when it is still the file there. */
  current(urlPath: string): KeptFile | undefined;
  /**
   * The file answered at `urlPath` read anew (and kept if it fits), its last whole version while
   * it is being written, `unsettled` when it has none and the file did not settle in time, or
   * undefined when the path is not one this table answers (nothing there, a link out of the
   * folder, a name @fastify/static must judge, a very large file).
   */
  load(urlPath: string): Promise<KeptFile | 'unsettled' | undefined>;
  /** Waits (a little) for a file @fastify/static found to settle; false when it did not in time. */
  settled(filePath: string, info: Stats): Promise<boolean>;
  /** Reads every settled file the mounts hold that is not kept yet; resolves with how many. */
  refresh(): Promise<number>;
}

export interface StaticFileTableOptions {
  /** What every kept file may take in memory together; beyond it files are read per request. */
  maxBytes?: number;
  /** A larger file is read per request, never kept. */
  maxFileBytes?: number;
  /** A larger file is left to @fastify/static. */
  maxReadBytes?: number;
  /** How long after its last write a file is taken to be whole. */
  settleMs?: number;
  /** How long a request waits for a file being written to settle before it is refused. */
  maxWaitMs?: number;
}

const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;
const DEFAULT_MAX_FILE_BYTES = 4 * 1024 * 1024;
const DEFAULT_MAX_READ_BYTES = 32 * 1024 * 1024;
const DEFAULT_MAX_WAIT_MS = 1000;
/** What @fastify/static sends a name of no known type as. */
const UNKNOWN_TYPE = 'application/octet-stream';

/** Names a URL spells as they are: anything else is escaped in URLs and left to @fastify/static. */
const PLAIN_PATH = /^(\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)+$/;

/** A mount's folder as it is now: which folder (device and inode) and its real path. */
interface MountRoot {
  id: string;
  real: string;
  /** The `stat` it was last matched with (one a loop turn: statThisTurn). */
  seen: Stats;
}

interface Target {
  mount: number;
  filePath: string;
}

interface Kept extends KeptFile {
  mount: number;
  /** The folder it was read from (MountRoot.id). */
  rootId: string;
}

/** The encoding of a build's compressed copy of a file (`main.js.br`), by its suffix. */
const COPY_ENCODINGS: Readonly<Record<string, string>> = { '.br': 'br', '.gz': 'gzip' };

/**
 * The headers @fastify/static sends with a whole file of a known type (its content type rules
 * included); a compressed copy is sent as its original, encoded (`preCompressed`).
 */
function fileHeaders(filePath: string, info: Stats, etag: string) {
  const encoding = COPY_ENCODINGS[filePath.slice(-3)];
  let type = mime.getType(encoding ? filePath.slice(0, -3) : filePath) ?? UNKNOWN_TYPE;
  if (isUtf8MimeType(type)) type += '; charset=utf-8';
  const headers: Record<string, string> = {
    'accept-ranges': 'bytes',
    'last-modified': info.mtime.toUTCString(),
    etag,
    'content-type': type,
    'cache-control': cacheControlForStaticFile(filePath),
  };
  if (encoding) headers['content-encoding'] = encoding;
  return headers;
}

/**
 * How much older than its original a build's compressed copy may be: a release copied whole writes
 * both within moments, in any order; one copied without its copies leaves older ones behind.
 */
const COPY_AGE_TOLERANCE_MS = 60_000;

/** A compressed copy (`main.js.br`) whose original is gone or was written well after it. */
function outdatedCopy(filePath: string, info: Stats): boolean {
  if (!COPY_ENCODINGS[filePath.slice(-3)]) return false;
  const original = statThisTurn(filePath.slice(0, -3));
  return !original?.isFile() || original.mtimeMs - info.mtimeMs > COPY_AGE_TOLERANCE_MS;
}

export function createStaticFileTable(
  mounts: readonly StaticMount[],
  options: StaticFileTableOptions = {},
): StaticFileTable {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const maxFileBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  const maxReadBytes = options.maxReadBytes ?? DEFAULT_MAX_READ_BYTES;
  const settleMs = options.settleMs ?? SETTLE_MS;
  const maxWaitMs = options.maxWaitMs ?? DEFAULT_MAX_WAIT_MS;
  // Longest prefix first: `/remotes/designer/x` is the designer's, not the host's.
  const byPrefix = [...mounts.keys()].sort(
    (a, b) => mounts[b]!.prefix.length - mounts[a]!.prefix.length,
  );
  const roots = new Map<number, MountRoot>();
  const files = new Map<string, Kept>();
  let totalBytes = 0;
  const loading = new Map<string, Promise<Kept | 'unsettled' | undefined>>();

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
    const root = { id, real, seen: info };
    roots.set(mount, root);
    return root;
  }

  function locate(urlPath: string): Target | undefined {
    for (const mount of byPrefix) {
      const { prefix, root, serves } = mounts[mount]!;
      if (!urlPath.startsWith(prefix)) continue;
      const pathName = `/${urlPath.slice(prefix.length)}`;
      if (!PLAIN_PATH.test(pathName) || !serves(pathName)) return undefined;
      return { mount, filePath: join(root, pathName) };
    }
    return undefined;
  }

  function remember(urlPath: string, target: Target, root: MountRoot, body: Buffer, info: Stats) {
    const etag = `W/"${info.size.toString(16)}-${info.mtime.getTime().toString(16)}"`;
    const file: Kept = {
      filePath: target.filePath,
      version: fileVersion(info),
      body,
      etag,
      headers: fileHeaders(target.filePath, info, etag),
      mount: target.mount,
      rootId: root.id,
    };
    forget(urlPath);
    if (body.length <= maxFileBytes && totalBytes + body.length <= maxBytes) {
      files.set(urlPath, file);
      totalBytes += body.length;
    }
    return file;
  }

  async function read(urlPath: string, target: Target, waitMs: number) {
    const deadline = performance.now() + waitMs;
    for (;;) {
      const root = rootOf(target.mount);
      if (!root) return undefined;
      const found = await readWholeVersion(target.filePath, {
        settleMs,
        maxBytes: maxReadBytes,
        within: root.real,
      });
      if (found.state === 'whole') return remember(urlPath, target, root, found.body, found.info);
      if (found.state === 'outside' && realPathOf(mounts[target.mount]!.root) !== root.real) {
        roots.delete(target.mount); // swapped while the file was read: judged by the new folder
        if (performance.now() < deadline) continue;
      }
      if (found.state !== 'unsettled') {
        forget(urlPath);
        return undefined;
      }
      const previous = files.get(urlPath);
      if (previous?.rootId === root.id) return previous;
      if (performance.now() + found.retryInMs > deadline) return 'unsettled';
      await delay(found.retryInMs);
    }
  }

  function load(urlPath: string, waitMs = maxWaitMs) {
    const target = locate(urlPath);
    if (!target) return Promise.resolve(undefined);
    const arrival = statThisTurn(target.filePath);
    if (!arrival?.isFile() || outdatedCopy(target.filePath, arrival)) {
      forget(urlPath);
      return Promise.resolve(undefined);
    }
    // Requests that found the same version share one read (and a read begun for an older one is
    // not theirs to join).
    const key = `${urlPath}\n${fileVersion(arrival)}`;
    let pending = loading.get(key);
    if (!pending) {
      pending = read(urlPath, target, waitMs).finally(() => loading.delete(key));
      loading.set(key, pending);
    }
    return pending;
  }

  async function refreshMount(mount: number): Promise<number> {
    const { root, prefix } = mounts[mount]!;
    let entries;
    try {
      entries = await readdir(root, { recursive: true, withFileTypes: true });
    } catch {
      return 0; // Not built (yet): every request finds nothing.
    }
    let read = 0;
    for (const entry of entries) {
      if (!entry.isFile()) continue; // a link is followed when it is asked for
      const filePath = join(entry.parentPath, entry.name);
      const urlPath = `${prefix}${relative(root, filePath).split(sep).join('/')}`;
      if (files.has(urlPath) && table.current(urlPath)) continue;
      const file = await load(urlPath, 0);
      if (file && file !== 'unsettled' && files.get(urlPath) === file) read += 1;
    }
    return read;
  }

  const table: StaticFileTable = {
    current(urlPath) {
      const file = files.get(urlPath);
      if (!file || rootOf(file.mount)?.id !== file.rootId) return undefined;
      const info = statThisTurn(file.filePath);
      if (!info?.isFile() || fileVersion(info) !== file.version) return undefined;
      if (outdatedCopy(file.filePath, info)) return undefined;
      return file;
    },

    load: (urlPath) => load(urlPath),

    async settled(filePath, info) {
      const wait = settlesInMs(info, settleMs);
      if (wait === 0) return true;
      if (wait > maxWaitMs) return false;
      await delay(wait);
      const now = await stat(filePath).catch(() => undefined);
      return (
        now !== undefined &&
        fileVersion(now) === fileVersion(info) &&
        settlesInMs(now, settleMs) === 0
      );
    },

    async refresh() {
      let read = 0;
      for (const mount of mounts.keys()) read += await refreshMount(mount);
      return read;
    },
  };
  return table;
}
