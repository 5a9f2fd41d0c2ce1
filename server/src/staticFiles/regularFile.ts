/**
 * A file's identity as a request finds it, and reading exactly one whole version of it. A copy over
 * a served folder writes each file in pieces (`cp` truncates it, then writes), and between two
 * pieces the file looks finished: so a version is only taken once it has not been written for a
 * short settle time, and only when it did not change while it was read from its one descriptor.
 */
import { realpathSync, type Stats } from 'node:fs';
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

/** How long after its last write a file is taken to be whole (docs/DEPLOY.md, "Copying a release"). */
export const SETTLE_MS = 200;

/** Milliseconds until a file last written at `info.mtimeMs` has settled; 0 once it has. */
export function settlesInMs(
  info: Pick<Stats, 'mtimeMs'>,
  settleMs: number,
  now = Date.now(),
): number {
  const age = now - info.mtimeMs;
  // A time far ahead is another machine's clock, kept by the copy (`rsync -a`), not a write now.
  if (age >= settleMs || age <= -settleMs) return 0;
  return Math.ceil(settleMs - age);
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

export type WholeRead =
  | { state: 'whole'; body: Buffer; info: Stats }
  /** Written less than the settle time ago, or while it was read: ask again in `retryInMs`. */
  | { state: 'unsettled'; retryInMs: number }
  /** Nothing readable there, or a folder. */
  | { state: 'absent' }
  /** Its real path is not inside the folder it must be read from. */
  | { state: 'outside' }
  | { state: 'tooLarge' };

export interface WholeReadOptions {
  settleMs: number;
  maxBytes: number;
  /** The real path of the folder the file must really be in, links followed. */
  within?: string;
}

/**
 * Opens `path` once and reads the whole file from that descriptor, if it is a settled file no larger
 * than `maxBytes` (and really inside `within`); the answer's `info` is the descriptor's, so the
 * bytes and the version they are sent with are the same file's.
 */
export async function readWholeVersion(
  path: string,
  { settleMs, maxBytes, within }: WholeReadOptions,
): Promise<WholeRead> {
  let handle;
  try {
    handle = await open(path, 'r');
  } catch {
    return { state: 'absent' };
  }
  try {
    const before = await handle.stat();
    if (!before.isFile()) return { state: 'absent' };
    if (within !== undefined) {
      let real;
      try {
        real = await realpath(path);
      } catch {
        return { state: 'absent' }; // removed since it was opened
      }
      const named = await stat(real).catch(() => undefined);
      // The name now leads to another file (a release renamed over it): read that one instead.
      if (named?.ino !== before.ino || named.dev !== before.dev) {
        return { state: 'unsettled', retryInMs: 0 };
      }
      if (!isInside(within, real)) return { state: 'outside' };
    }
    if (before.size > maxBytes) return { state: 'tooLarge' };
    const wait = settlesInMs(before, settleMs);
    if (wait > 0) return { state: 'unsettled', retryInMs: wait };
    const body = await handle.readFile();
    const after = await handle.stat();
    if (body.length !== before.size || fileVersion(after) !== fileVersion(before)) {
      return { state: 'unsettled', retryInMs: settleMs };
    }
    return { state: 'whole', body, info: before };
  } finally {
    await handle.close().catch(() => undefined);
  }
}
