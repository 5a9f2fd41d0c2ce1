/**
 * The store's real server (`server/src/main.ts`) in a child process on a free loopback port, as
 * the server's process tests, the browser tests and the benchmarks run it. The child is node itself
 * (tsx loaded with --import), so its pid is the server's: signals reach it directly and
 * /proc/<pid>/status is its memory. `npm start` can be run the same way, leading its own process
 * group as in a terminal.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from './ports';
import { waitUntil } from './waitUntil';

/** The repository root: the server runs from there, as `npm start` runs it. */
export const REPO_ROOT = resolve(__dirname, '../..');

/** Runs the server directly: node with tsx, no npm or tsx process in between. */
export const SERVER_COMMAND = [
  process.execPath,
  '--import',
  'tsx',
  join(REPO_ROOT, 'server/src/main.ts'),
] as const;

const HEALTHY_WITHIN_MS = 60_000;
const STOP_GRACE_MS = 10_000;

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** Everything the process printed, for failure messages. */
  output(): string;
  /** Resolves with the exit code (null when killed by a signal) once the process has ended. */
  exited: Promise<number | null>;
  /** SIGKILL to the process, or to its whole group when it leads one. */
  kill(): void;
}

/**
 * Starts `command` from the repository root with a production-like environment on a free loopback
 * port (`env` adds to it or overrides it; nothing else of this process's environment is passed
 * on); `detached` makes it lead its own process group.
 */
export async function spawnServerProcess(
  command: readonly string[],
  env: Record<string, string>,
  options: { detached?: boolean } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const [file, ...args] = command;
  const child = spawn(file as string, args, {
    cwd: REPO_ROOT,
    detached: options.detached ?? false,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      ALLOW_TEST_PAYMENTS: 'true',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolveExit) =>
    child.once('exit', (code) => resolveExit(code)),
  );
  return {
    child,
    url,
    output: () => output,
    exited,
    kill: () => {
      try {
        if (options.detached) process.kill(-(child.pid as number), 'SIGKILL');
        else child.kill('SIGKILL');
      } catch {
        // already gone
      }
    },
  };
}

/** Resolves once /healthz answers 200; kills the process and throws if it exits or takes 60 s. */
export async function waitUntilHealthy(server: ServerProcess): Promise<void> {
  try {
    await waitUntil(
      async () => {
        if (server.child.exitCode !== null || server.child.signalCode !== null)
          throw new Error(`The server exited while starting:\n${server.output()}`);
        // Refused while it is not listening yet.
        const answer = await fetch(`${server.url}/healthz`).catch(() => undefined);
        return answer?.ok;
      },
      () => `the server is healthy; it printed:\n${server.output()}`,
      { timeoutMs: HEALTHY_WITHIN_MS, everyMs: 100 },
    );
  } catch (error) {
    server.kill();
    throw error;
  }
}

export interface StoreServer {
  url: string;
  pid: number;
  /** Everything the server printed, for failure messages. */
  output(): string;
  /** Resolves with the exit code (null when killed by a signal) once the process has ended. */
  exited: Promise<number | null>;
  signal(name: NodeJS.Signals): void;
  /** Resident memory of the server process, in bytes. */
  residentBytes(): number;
  /** SIGTERM, then SIGKILL if it has not ended in 10 s; removes the data folder it was given. */
  stop(): Promise<void>;
}

/**
 * Starts the store server and waits until it is healthy. Without DATA_DIR or DATABASE_URL in
 * `env`, its data goes to a fresh folder that `stop()` removes.
 */
export async function startStoreServer(env: Record<string, string> = {}): Promise<StoreServer> {
  const freshDataDir =
    env.DATA_DIR === undefined && env.DATABASE_URL === undefined
      ? mkdtempSync(join(tmpdir(), 'tshirt-store-'))
      : undefined;
  const server = await spawnServerProcess(SERVER_COMMAND, {
    ...(freshDataDir && { DATA_DIR: freshDataDir }),
    ...env,
  });
  const removeDataDir = () => {
    if (freshDataDir) rmSync(freshDataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilHealthy(server);
  } catch (error) {
    await server.exited;
    removeDataDir();
    throw error;
  }
  const { child, exited } = server;
  const pid = child.pid as number;
  const running = () => child.exitCode === null && child.signalCode === null;
  return {
    url: server.url,
    pid,
    output: server.output,
    exited,
    signal: (name) => {
      if (running()) child.kill(name);
    },
    residentBytes() {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const kilobytes = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
      if (kilobytes === undefined) throw new Error(`no VmRSS for pid ${pid}`);
      return Number(kilobytes) * 1024;
    },
    async stop() {
      if (running()) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
        await exited;
        clearTimeout(timer);
      }
      removeDataDir();
    },
  };
}
