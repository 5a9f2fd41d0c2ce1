/**
 * Brotli and gzip encodings of the built front-end files, made once per version of each file and
 * kept in memory (bounded), never written into the folders the server serves: a copy cannot
 * outlive the file it came from, because it is looked up by the file's identity as the request
 * found it (inode, size, modification and change times), so a release or a rollback copied over
 * the folder, even one that keeps its files' times (`rsync -a`), is compressed anew.
 */
import type { Stats } from 'node:fs';
import { readFile, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { fileVersion } from './fileVersion';

export type Encoding = 'br' | 'gzip';

/** Text the browser downloads (source maps are left out: they are not sent to shoppers). */
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|xml)$/i;
/** Smaller files are not worth it. */
export const MIN_COMPRESSED_BYTES = 1024;
/** What the encodings of every file may take in memory; the least recently used go first. */
const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export function isCompressible(path: string, size: number): boolean {
  return COMPRESSIBLE.test(path) && size >= MIN_COMPRESSED_BYTES;
}

interface Entry {
  version: string;
  br: Buffer;
  gzip: Buffer;
}

export interface CompressedFiles {
  /**
   * The encoded bytes of the file at `path` as `info` describes it, or undefined when they are not
   * made yet (they are then made in the background, for the next request).
   */
  lookup(path: string, info: Stats, encoding: Encoding): Buffer | undefined;
  /** Makes the encodings of every compressible file under `folders`; resolves with how many. */
  warm(folders: string[]): Promise<number>;
}

export function createCompressedFiles(maxBytes = DEFAULT_MAX_BYTES): CompressedFiles {
  // A Map keeps insertion order: re-inserting on use makes the first key the least recently used.
  const entries = new Map<string, Entry>();
  const making = new Map<string, Promise<void>>();
  let totalBytes = 0;

  const remove = (path: string) => {
    const entry = entries.get(path);
    if (!entry) return;
    totalBytes -= entry.br.length + entry.gzip.length;
    entries.delete(path);
  };

  async function make(path: string, version: string): Promise<void> {
    const content = await readFile(path);
    // Changed while it was read: the next request finds the new version and starts again.
    if (fileVersion(await stat(path)) !== version) return;
    const [br, gzipped] = await Promise.all([
      brotliAsync(content, {
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
      gzipAsync(content, { level: 9 }),
    ]);
    remove(path);
    entries.set(path, { version, br, gzip: gzipped });
    totalBytes += br.length + gzipped.length;
    for (const [oldest] of entries) {
      if (totalBytes <= maxBytes) break;
      remove(oldest);
    }
  }

  function ensure(path: string, version: string): Promise<void> {
    const key = `${path}\n${version}`;
    let pending = making.get(key);
    if (!pending) {
      pending = make(path, version)
        // A file that vanished or cannot be read is simply sent as it is.
        .catch(() => undefined)
        .finally(() => making.delete(key));
      making.set(key, pending);
    }
    return pending;
  }

  return {
    lookup(path, info, encoding) {
      if (!isCompressible(path, info.size)) return undefined;
      const version = fileVersion(info);
      const entry = entries.get(path);
      if (entry?.version === version) {
        entries.delete(path);
        entries.set(path, entry);
        return entry[encoding];
      }
      void ensure(path, version);
      return undefined;
    },

    async warm(folders) {
      let made = 0;
      for (const folder of folders) {
        let found;
        try {
          found = await readdir(folder, { recursive: true, withFileTypes: true });
        } catch {
          continue;
        }
        for (const entry of found) {
          if (!entry.isFile()) continue;
          const path = join(entry.parentPath, entry.name);
          try {
            const info = await stat(path);
            if (!isCompressible(path, info.size)) continue;
            const version = fileVersion(info);
            await ensure(path, version);
            if (entries.get(path)?.version === version) made += 1;
          } catch {
            // Gone since it was listed.
          }
        }
      }
      return made;
    },
  };
}
