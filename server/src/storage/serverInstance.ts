/**
 * The embedded database belongs to one process at a time (dataDirLock.ts keeps a second server
 * out). Once listening, the server leaves a note in DATA_DIR (its pid, port and an owner token,
 * readable only by this user) so the owner scripts ask it instead of opening the files.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface ServerInstance {
  pid: number;
  port: number;
  /** The running server's PUBLIC_URL, so the scripts print links shoppers' browsers can open. */
  publicUrl: string;
  adminToken: string;
}

export function serverInstanceFile(dataDir: string): string {
  return join(dataDir, 'server-instance.json');
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The server currently running on `dataDir`, if its process is still alive. */
export function readLiveServerInstance(dataDir: string): ServerInstance | undefined {
  try {
    const instance = JSON.parse(
      readFileSync(serverInstanceFile(dataDir), 'utf8'),
    ) as ServerInstance;
    return Number.isInteger(instance.pid) && isAlive(instance.pid) ? instance : undefined;
  } catch {
    return undefined;
  }
}

export function writeServerInstance(dataDir: string, instance: ServerInstance): void {
  writeFileSync(serverInstanceFile(dataDir), JSON.stringify(instance), { mode: 0o600 });
}

export function removeServerInstance(dataDir: string): void {
  const current = readLiveServerInstance(dataDir);
  if (current === undefined || current.pid === process.pid) {
    rmSync(serverInstanceFile(dataDir), { force: true });
  }
}
