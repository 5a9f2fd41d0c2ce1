/**
 * Writes `<file>.br` and `<file>.gz` next to each built text file, once, in the background after
 * start-up, so @fastify/static (`preCompressed`) sends them instead of compressing the same bytes
 * on every request. Until a file's copies exist (or when the folder is read-only) it is compressed
 * per request as before. A rebuild's clean-up removes stale copies of un-hashed files (their
 * content-hashed siblings never change), and a copy older than its file is rewritten.
 */
import { readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|xml)$/i;
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function isFresh(copy: string, sourceMtimeMs: number): Promise<boolean> {
  try {
    return (await stat(copy)).mtimeMs >= sourceMtimeMs;
  } catch {
    return false;
  }
}

/** Written under a temporary name and renamed, so a half-written copy is never served. */
async function writeAtomically(file: string, content: Buffer): Promise<void> {
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, content);
  await rename(partial, file);
}

async function precompressFile(file: string): Promise<number> {
  const { size, mtimeMs } = await stat(file);
  if (size < MIN_BYTES) return 0;
  let written = 0;
  const content = await readFile(file);
  if (!(await isFresh(`${file}.br`, mtimeMs))) {
    const params = {
      [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
      [zlibConstants.BROTLI_PARAM_SIZE_HINT]: size,
    };
    await writeAtomically(`${file}.br`, await brotli(content, { params }));
    written += 1;
  }
  if (!(await isFresh(`${file}.gz`, mtimeMs))) {
    await writeAtomically(`${file}.gz`, await gzipAsync(content, { level: 9 }));
    written += 1;
  }
  return written;
}

/** Precompresses every compressible file under `folder`; resolves with the number of copies written. */
export async function precompressFolder(folder: string): Promise<number> {
  let entries;
  try {
    entries = await readdir(folder, { recursive: true, withFileTypes: true });
  } catch {
    return 0;
  }
  let written = 0;
  for (const entry of entries) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    written += await precompressFile(join(entry.parentPath, entry.name));
  }
  return written;
}
