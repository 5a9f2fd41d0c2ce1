/**
 * One server per DATA_DIR: a server takes its folder's lock before the database opens and holds it
 * until it exits; a second server asks the holder who it is, and refuses.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, realpathSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { readLiveServerInstance } from './serverInstance';

export interface LockHolder {
  pid: number;
  /** Known once the holder is listening. */
  port?: number;
}

export interface DataDirLock {
  /** From now on, a refused server is told this port too. */
  announcePort(port: number): void;
  release(): void;
}

export type DataDirLockAttempt =
  | { acquired: true; lock: DataDirLock }
  | { acquired: false; /** undefined: the holder did not say who it is. */ holder?: LockHolder };

const ASK_HOLDER_TIMEOUT_MS = 3_000;

/** The lock's name: one per folder however it is spelled (symbolic links, `..`, a trailing slash). */
export function dataDirLockAddress(dataDir: string): string {
  mkdirSync(dataDir, { recursive: true });
  const folder = createHash('sha256').update(realpathSync(dataDir)).digest('hex');
  return `\0tshirt-store-data-dir:${folder}`;
}

export async function acquireDataDirLock(dataDir: string): Promise<DataDirLockAttempt> {
  if (process.platform !== 'linux') return checkInstanceNote(dataDir);
  const address = dataDirLockAddress(dataDir);
  const holder: LockHolder = { pid: process.pid };
  // Binding a Linux abstract socket is atomic and exclusive, leaves no file to go stale, and the
  // kernel releases it when the process ends, however it ends.
  const lockServer = createServer((asker) => {
    asker.on('error', () => asker.destroy());
    asker.end(JSON.stringify(holder));
  });
  try {
    await new Promise<void>((resolve, reject) => {
      lockServer.once('error', reject);
      lockServer.listen(address, resolve);
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    return { acquired: false, holder: await askHolder(address) };
  }
  lockServer.unref();
  return {
    acquired: true,
    lock: {
      announcePort: (port) => {
        holder.port = port;
      },
      release: () => lockServer.close(),
    },
  };
}

function askHolder(address: string): Promise<LockHolder | undefined> {
  return new Promise((resolve) => {
    let answer = '';
    const socket = connect(address);
    socket.setTimeout(ASK_HOLDER_TIMEOUT_MS, () => socket.destroy());
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(parseHolder(answer)));
  });
}

function parseHolder(answer: string): LockHolder | undefined {
  try {
    const holder = JSON.parse(answer) as LockHolder;
    return Number.isInteger(holder.pid) ? holder : undefined;
  } catch {
    return undefined;
  }
}

// Without abstract sockets (macOS, Windows) only the running server's note is checked: two servers
// started together can both pass it.
function checkInstanceNote(dataDir: string): DataDirLockAttempt {
  const running = readLiveServerInstance(dataDir);
  if (running) return { acquired: false, holder: { pid: running.pid, port: running.port } };
  return { acquired: true, lock: { announcePort: () => undefined, release: () => undefined } };
}

export function dataDirTakenMessage(dataDir: string, holder: LockHolder | undefined): string {
  const who =
    holder === undefined
      ? 'Another process'
      : `Another server (pid ${holder.pid}${holder.port === undefined ? '' : `, port ${holder.port}`})`;
  return (
    `${who} is already using DATA_DIR ${dataDir}. ` +
    'Stop it first, or give this one its own DATA_DIR (or a shared DATABASE_URL).'
  );
}
