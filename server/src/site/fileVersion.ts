import type { Stats } from 'node:fs';

/**
 * A file's identity as a request finds it: any write, replacement or copy over the file changes
 * one of these, even a copy that keeps the original's modification time (`rsync -a`), because the
 * change time cannot be set back.
 */
export function fileVersion(info: Pick<Stats, 'ino' | 'size' | 'mtimeMs' | 'ctimeMs'>): string {
  return `${info.ino}:${info.size}:${info.mtimeMs}:${info.ctimeMs}`;
}
