/**
 * A folder for files kept beside the embedded database: `DATA_DIR/<name>`, or for an in-memory
 * database a temporary folder that is removed when the server stops.
 */
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { StorageConfig } from '../config';

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

/** Writes a whole file under another name, then renames it into place: readers never see half. */
export async function writeFileWhole(path: string, content: Buffer): Promise<void> {
  const partial = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.partial`;
  try {
    await writeFile(partial, content);
    await rename(partial, path);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
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
