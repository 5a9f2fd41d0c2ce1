/**
 * The built front-end files held in memory with their headers, so that answering one costs a
 * single `stat` (is it still the same file?; src/site/statThisTurn.ts) instead of a lookup on disk: @fastify/static reads
 * every folder on the path to check its spelling, then opens, stats, streams and closes the file,
 * each a trip through libuv's thread pool (in a profile, the server sat waiting on them and
 * answered remoteEntry.js at a fifth of the rate of a bare server sending the same bytes).
 *
 * Only what a listing of the folders found is kept, under its exact name, so a path spelled any
 * other way (another case, `..`, percent-escapes, a trailing slash) is not found here and goes
 * through @fastify/static's own checks. A file copied over, added or removed is seen on the next
 * request: the `stat` catches a changed file (its version: inode, size, modification and change
 * times) and a missing one, and anything not found sets off a fresh listing for the next requests.
 */
import type { Stats } from 'node:fs';
import { readFile, readdir, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { isUtf8MimeType, mime } from '@fastify/send';
import { cacheControlForStaticFile } from '@tshirt/shared/cachePolicy';
import { isCompressible } from './compressedFiles';
import { fileVersion } from './fileVersion';
import { statThisTurn } from './statThisTurn';

/** A folder served under a URL prefix (`/` or `/remotes/designer/`). */
export interface StaticMount {
  prefix: string;
  root: string;
  /** Whether the file at this path (below the prefix, with a leading `/`) may be served at all. */
  serves(pathName: string): boolean;
}

export interface KeptFile {
  filePath: string;
  version: string;
  body: Buffer;
  etag: string;
  /** What @fastify/static would send with the file (its encoding, length and `Vary` aside). */
  headers: Readonly<Record<string, string>>;
  /** Sent encoded when the client accepts it (and so with `Vary: accept-encoding`). */
  compressible: boolean;
}

export interface StaticFileTable {
  /**
   * The kept file answered at `urlPath` (no query string) and the file's `stat` now, when the kept
   * bytes are still the file's; otherwise undefined, and the folders are listed again.
   */
  current(urlPath: string): { file: KeptFile; info: Stats } | undefined;
  /** Lists every mount and keeps each servable file that is new or changed; resolves with how many were read. */
  refresh(): Promise<number>;
}

export interface StaticFileTableOptions {
  /** What every kept file may take in memory together; beyond it files are served from disk. */
  maxBytes?: number;
  /** A larger file is always served from disk. */
  maxFileBytes?: number;
  /** The least time between two listings set off by paths not found. */
  relistAfterMs?: number;
}

const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;
const DEFAULT_MAX_FILE_BYTES = 4 * 1024 * 1024;
const DEFAULT_RELIST_AFTER_MS = 1000;

/** Names a URL spells as they are: anything else is escaped in URLs and left to @fastify/static. */
const PLAIN_PATH = /^(\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)+$/;

/** The headers @fastify/send sends with a whole file of a known type (its content type rules included). */
function fileHeaders(filePath: string, type: string, info: Stats, etag: string) {
  if (isUtf8MimeType(type)) type += '; charset=utf-8';
  const headers: Record<string, string> = {
    'accept-ranges': 'bytes',
    'last-modified': info.mtime.toUTCString(),
    etag,
    'content-type': type,
    'cache-control': cacheControlForStaticFile(filePath),
  };
  return headers;
}

export function createStaticFileTable(
  mounts: readonly StaticMount[],
  options: StaticFileTableOptions = {},
): StaticFileTable {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const maxFileBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  const relistAfterMs = options.relistAfterMs ?? DEFAULT_RELIST_AFTER_MS;
  const files = new Map<string, KeptFile>();
  let totalBytes = 0;
  const rereading = new Set<string>();
  let listing: Promise<number> | undefined;
  let lastListed = -Infinity;

  const forget = (urlPath: string) => {
    const file = files.get(urlPath);
    if (!file) return;
    totalBytes -= file.body.length;
    files.delete(urlPath);
  };

  async function keep(urlPath: string, filePath: string, info: Stats): Promise<boolean> {
    const version = fileVersion(info);
    if (files.get(urlPath)?.version === version) return false;
    forget(urlPath);
    // A file of no known type is sent without one, as @fastify/send does: left to it.
    const type = mime.getType(filePath);
    if (!type || info.size > maxFileBytes || totalBytes + info.size > maxBytes) return false;
    const body = await readFile(filePath);
    const after = await stat(filePath);
    // Changed while it was read: the next listing reads it again.
    if (fileVersion(after) !== version) return false;
    const etag = `W/"${info.size.toString(16)}-${info.mtime.getTime().toString(16)}"`;
    forget(urlPath);
    files.set(urlPath, {
      filePath,
      version,
      body,
      etag,
      headers: fileHeaders(filePath, type, info, etag),
      compressible: isCompressible(filePath, info.size),
    });
    totalBytes += body.length;
    return true;
  }

  async function listMount(mount: StaticMount, seen: Set<string>): Promise<number> {
    let entries;
    try {
      entries = await readdir(mount.root, { recursive: true, withFileTypes: true });
    } catch {
      return 0; // Not built (yet): every request goes to disk and finds nothing.
    }
    let read = 0;
    for (const entry of entries) {
      if (!entry.isFile()) continue; // Links and folders are left to @fastify/static.
      const filePath = join(entry.parentPath, entry.name);
      const pathName = `/${relative(mount.root, filePath).split(sep).join('/')}`;
      if (!PLAIN_PATH.test(pathName) || !mount.serves(pathName)) continue;
      const urlPath = `${mount.prefix}${pathName.slice(1)}`;
      seen.add(urlPath);
      try {
        if (await keep(urlPath, filePath, await stat(filePath))) read += 1;
      } catch {
        forget(urlPath); // Gone since it was listed.
      }
    }
    return read;
  }

  function refresh(): Promise<number> {
    listing ??= (async () => {
      lastListed = performance.now();
      const seen = new Set<string>();
      let read = 0;
      for (const mount of mounts) read += await listMount(mount, seen);
      for (const urlPath of [...files.keys()]) if (!seen.has(urlPath)) forget(urlPath);
      return read;
    })().finally(() => {
      listing = undefined;
    });
    return listing;
  }

  /** A path not found (a new release's files, or any other path): listed again, not too often. */
  function relistSoon(): void {
    if (listing || performance.now() - lastListed < relistAfterMs) return;
    void refresh().catch(() => undefined);
  }

  /** A kept file changed (a release copied over it): read again, under the name it was listed by. */
  function rereadSoon(urlPath: string, filePath: string, info: Stats): void {
    if (rereading.has(urlPath)) return;
    rereading.add(urlPath);
    keep(urlPath, filePath, info)
      .catch(() => forget(urlPath))
      .finally(() => rereading.delete(urlPath));
  }

  return {
    current(urlPath) {
      const file = files.get(urlPath);
      if (!file) {
        relistSoon();
        return undefined;
      }
      const info = statThisTurn(file.filePath);
      if (!info?.isFile()) {
        forget(urlPath);
        relistSoon();
        return undefined;
      }
      if (fileVersion(info) !== file.version) {
        forget(urlPath);
        rereadSoon(urlPath, file.filePath, info);
        return undefined;
      }
      return { file, info };
    },
    refresh,
  };
}
