/**
 * Reading a file of a served folder: only a regular file, opened so that nothing can hold a thread
 * of libuv's pool (a FIFO, a socket or a device is never read: `open` of a FIFO without a writer
 * waits for one, and four such requests would stop every file read of the process), read whole from
 * one descriptor, with the version (`fileVersion`) its bytes are.
 */
import { constants, realpathSync, type Stats } from 'node:fs';
import { open, realpath, stat } from 'node:fs/promises';
import { isAbsolute, relative, sep } from 'node:path';

/**
 * Any write, replacement or copy over the file changes one of these, even a copy that keeps the
 * original's modification time (`rsync -a`), because the change time cannot be set back.
 */
export function fileVersion(
  info: Pick<Stats, 'dev' | 'ino' | 'size' | 'mtimeMs' | 'ctimeMs'>,
): string {
  return `${info.dev}:${info.ino}:${info.size}:${info.mtimeMs}:${info.ctimeMs}`;
}

/** `path` with every link resolved, or undefined when nothing is there. */
export function realPathOf(path: string): string | undefined {
  try {
    return realpathSync.native(path);
  } catch {
    return undefined;
  }
}

/** Whether `path` (a real path) lies below the folder `root` (a real path). */
export function isInside(root: string, path: string): boolean {
  const below = relative(root, path);
  return below !== '' && below !== '..' && !below.startsWith(`..${sep}`) && !isAbsolute(below);
}

export type RegularFileRead =
  /** `real`: its real path, when it was asked to be inside a folder. */
  | { state: 'whole'; body: Buffer; info: Stats; real?: string }
  /** Written while it was read, or its name now leads to another file: read it again. */
  | { state: 'changed' }
  /** Nothing there, or not a regular file (a folder, a FIFO, a socket, a device). */
  | { state: 'absent' }
  /** Its real path is not inside the folder it must be read from. */
  | { state: 'outside' }
  | { state: 'tooLarge' };

export interface RegularFileOptions {
  maxBytes: number;
  /** The real path of the folder the file must really be in, links followed. */
  within?: string;
}

/**
 * Never waits for a writer (a FIFO), never makes a terminal the process's own; a regular file opens
 * the same with these flags.
 */
const OPEN_FLAGS = constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY;

/**
 * Opens `path` once and, if it is a regular file no larger than `maxBytes` (and really inside
 * `within`), reads it whole from that descriptor; the answer's `info` is the descriptor's, so the
 * bytes and the version they are sent with are the same file's.
 */
export async function readRegularFile(
  path: string,
  { maxBytes, within }: RegularFileOptions,
): Promise<RegularFileRead> {
  let handle;
  try {
    handle = await open(path, OPEN_FLAGS);
  } catch {
    return { state: 'absent' };
  }
  let real: string | undefined;
  try {
    const before = await handle.stat();
    if (!before.isFile()) return { state: 'absent' };
    if (within !== undefined) {
      try {
        real = await realpath(path);
      } catch {
        return { state: 'absent' }; // removed since it was opened
      }
      const named = await stat(real).catch(() => undefined);
      // The name now leads to another file (a release renamed over it): read that one instead.
      if (named?.ino !== before.ino || named.dev !== before.dev) return { state: 'changed' };
      if (!isInside(within, real)) return { state: 'outside' };
    }
    if (before.size > maxBytes) return { state: 'tooLarge' };
    const body = await handle.readFile();
    const after = await handle.stat();
    if (body.length !== before.size || fileVersion(after) !== fileVersion(before)) {
      return { state: 'changed' };
    }
    return { state: 'whole', body, info: before, real };
  } finally {
    await handle.close().catch(() => undefined);
  }
}

/** The bytes of the regular file at `path` when it is no larger than `maxBytes`; else undefined. */
export async function readRegularFileBytes(
  path: string,
  maxBytes: number,
): Promise<Buffer | undefined> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const found = await readRegularFile(path, { maxBytes });
    if (found.state === 'whole') return found.body;
    if (found.state !== 'changed') return undefined;
  }
  return undefined;
}
