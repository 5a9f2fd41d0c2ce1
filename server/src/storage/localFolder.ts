/**
 * A folder for files kept beside the embedded database: `DATA_DIR/<name>`, or for an in-memory
 * database a temporary folder that is removed when the server stops. A write that finds the disk
 * full fails with StorageFullError, a 503 that keeps nothing.
 */
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { StorageConfig } from '../config';
import { HttpError } from '../http/httpError';

/** Seconds a client should wait before trying again when the disk is full. */
export const STORAGE_FULL_RETRY_AFTER_SECONDS = 60;

/** Nothing could be stored: the disk (or the server's quota on it) is full. */
export class StorageFullError extends HttpError {
  constructor() {
    super(
      503,
      'storage_full',
      'The store cannot save anything right now. Please try again in a minute.',
      { 'retry-after': String(STORAGE_FULL_RETRY_AFTER_SECONDS) },
    );
    this.name = 'StorageFullError';
  }
}

const DISK_FULL_ERRNOS = new Set(['ENOSPC', 'EDQUOT']);
/** Postgres's SQLSTATE `disk_full` (the embedded database's too). */
const DISK_FULL_SQLSTATE = '53100';

/** Whether `error` says the disk is full: a file write's, the database's, or one from a worker thread. */
export function isStorageFull(error: unknown): boolean {
  if (error instanceof StorageFullError) return true;
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (DISK_FULL_ERRNOS.has(code) || code === DISK_FULL_SQLSTATE)) {
    return true;
  }
  // An error thrown on a worker thread arrives with its message but without its code.
  return typeof message === 'string' && /^(ENOSPC|EDQUOT):/.test(message);
}

/** `error` as a StorageFullError when it says the disk is full; itself otherwise. */
export function storageFullOr(error: unknown): unknown {
  return isStorageFull(error) ? new StorageFullError() : error;
}

export async function localFolder(
  app: FastifyInstance,
  storage: StorageConfig,
  name: string,
): Promise<string> {
  const dataDir = storage.kind === 'pglite' ? storage.dataDir : undefined;
  if (dataDir !== undefined) {
    const folder = join(dataDir, name);
    await mkdir(folder, { recursive: true });
    return folder;
  }
  const folder = await mkdtemp(join(tmpdir(), `tshirt-${name}-`));
  app.addHook('onClose', () => rm(folder, { recursive: true, force: true }));
  return folder;
}

/** Ends the name of a file being written by writeFileWhole. */
export const PARTIAL_FILE_SUFFIX = '.partial';

/**
 * Writes a whole file under another name, then renames it into place: readers never see half. On a
 * full disk it leaves nothing behind and throws StorageFullError.
 */
export async function writeFileWhole(path: string, content: Buffer): Promise<void> {
  const partial = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}${PARTIAL_FILE_SUFFIX}`;
  try {
    await writeFile(partial, content);
    await rename(partial, path);
  } catch (error) {
    await rm(partial, { force: true });
    throw storageFullOr(error);
  }
}

/** The file's bytes, or undefined when it does not exist. */
export async function readFileIfExists(path: string): Promise<Buffer | undefined> {
  try {
    return await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
