/**
 * Brotli and gzip encodings of the built front-end files, made once per version of each file and
 * kept in memory (bounded), never written into the folders the server serves: a copy cannot
 * outlive the file it came from, because it is looked up by the version of the file the answer
 * sends (src/site/fileVersion.ts), so a release or a rollback copied over the folder, even one
 * that keeps its files' times (`rsync -a`), is compressed anew. It is made from the very bytes the
 * answer would send, or else from one whole, settled read of that version.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { SETTLE_MS, fileVersion, readWholeVersion } from './fileVersion';

export type Encoding = 'br' | 'gzip';

/** Text the browser downloads (source maps are left out: they are not sent to shoppers). */
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|xml)$/i;
/** Smaller files are not worth it. */
export const MIN_COMPRESSED_BYTES = 1024;
/** What the encodings of every file may take in memory; the least recently used go first. */
const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;
/** A file this large is sent as it is. */
const MAX_SOURCE_BYTES = 32 * 1024 * 1024;

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
   * The encoded bytes of the file at `path` in its version `version` (fileVersion), or undefined
   * when they are not made yet: they are then made in the background, for the next request, from
   * `body` (that version's bytes) when given, else from the file if it is still that version. The
   * caller checks the file is compressible.
   */
  lookup(path: string, version: string, encoding: Encoding, body?: Buffer): Buffer | undefined;
  /** Makes the encodings of every compressible file under `folders`; resolves with how many. */
  warm(folders: string[]): Promise<number>;
}

export function createCompressedFiles(
  maxBytes = DEFAULT_MAX_BYTES,
  settleMs = SETTLE_MS,
): CompressedFiles {
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

  async function make(path: string, version: string, body?: Buffer): Promise<void> {
    let content = body;
    if (!content) {
      const read = await readWholeVersion(path, { settleMs, maxBytes: MAX_SOURCE_BYTES });
      // Changed since, or still being written: a later request finds its version and starts again.
      if (read.state !== 'whole' || fileVersion(read.info) !== version) return;
      content = read.body;
    }
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

  function ensure(path: string, version: string, body?: Buffer): Promise<void> {
    const key = `${path}\n${version}`;
    let pending = making.get(key);
    if (!pending) {
      pending = make(path, version, body)
        // A file that vanished or cannot be read is simply sent as it is.
        .catch(() => undefined)
        .finally(() => making.delete(key));
      making.set(key, pending);
    }
    return pending;
  }

  return {
    lookup(path, version, encoding, body) {
      const entry = entries.get(path);
      if (entry?.version === version) {
        entries.delete(path);
        entries.set(path, entry);
        return entry[encoding];
      }
      void ensure(path, version, body);
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
          const read = await readWholeVersion(path, { settleMs, maxBytes: MAX_SOURCE_BYTES });
          // Gone since it was listed, or still being written: made when it is first asked for.
          if (read.state !== 'whole' || !isCompressible(path, read.body.length)) continue;
          const version = fileVersion(read.info);
          await ensure(path, version, read.body);
          if (entries.get(path)?.version === version) made += 1;
        }
      }
      return made;
    },
  };
}
