/**
 * The store's real server in a child process on a free loopback port, as the server's process
 * tests, the browser tests and the benchmarks run it: the bundle `npm start` runs
 * (`server/dist/main.js`, built first when its sources changed). The child is node itself, so its
 * pid is the server's: signals reach it directly and
 * /proc/<pid>/status is its memory. `npm start` can be run the same way, leading its own process
 * group as in a terminal. `spawnProcess` and `waitUntilAnswering` start and wait for any other
 * process a test runs (a remote's dev server).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildServerIfStale, serverMain } from '../build/serverBuild.mjs';
import { freePort } from './ports';
import { waitUntil } from './waitUntil';

/** The repository root: the server runs from there, as `npm start` runs it. */
export const REPO_ROOT = resolve(__dirname, '../..');

const SERVER_MAIN = serverMain(REPO_ROOT);

/** The server as `npm start` runs it: node and the bundle, no npm process in between. */
export const PRODUCTION_SERVER_COMMAND = [
  process.execPath,
  '--enable-source-maps',
  SERVER_MAIN,
] as const;

/**
 * The server as the tests run it: the same, with PGlite's Postgres (WebAssembly) kept on V8's
 * baseline compiler, Liftoff. A test's store lives for seconds or minutes, and compiling Postgres's
 * busy functions again with the optimising compiler (TurboFan) costs it more CPU than the faster
 * code gives back: a fifth of a browser test file's CPU (docs/TESTING.md). The load test runs
 * PRODUCTION_SERVER_COMMAND.
 */
export const SERVER_COMMAND = [
  process.execPath,
  '--liftoff-only',
  '--enable-source-maps',
  SERVER_MAIN,
] as const;

/**
 * Postgres's page cache (`shared_buffers`) in the tests' embedded databases, in megabytes: Postgres
 * sets its buffer pool up at every start, about 0.5 CPU-seconds for its default 128 MB and 0.1 for
 * 16 MB on this machine, and no test's data comes near 16 MB. The load test keeps production's.
 */
export const TEST_SHARED_BUFFERS_MB = 16;

const HEALTHY_WITHIN_MS = 60_000;
const STOP_GRACE_MS = 10_000;

/** A child process whose output is kept for failure messages. */
export interface RunningProcess {
  child: ChildProcess;
  /** Everything the process printed, for failure messages. */
  output(): string;
  /** Resolves with the exit code (null when killed by a signal) once the process has ended. */
  exited: Promise<number | null>;
  /** SIGKILL to the process, or to its whole group when it leads one. */
  kill(): void;
}

export interface ServerProcess extends RunningProcess {
  url: string;
}

/**
 * Starts `command` in `cwd` with exactly `env` (nothing of this process's environment is passed
 * on), keeping what it prints; `detached` makes it lead its own process group.
 */
export function spawnProcess(
  command: readonly string[],
  options: { cwd: string; env: Record<string, string>; detached?: boolean },
): RunningProcess {
  let output = '';
  const [file, ...args] = command;
  const child = spawn(file as string, args, {
    cwd: options.cwd,
    detached: options.detached ?? false,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolveExit) =>
    child.once('exit', (code) => resolveExit(code)),
  );
  return {
    child,
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

let serverBuild: Promise<unknown> | undefined;

/** The server's bundle, built once per test file when its sources changed (`npm test` builds it first). */
function serverBuilt(): Promise<unknown> {
  return (serverBuild ??= buildServerIfStale(REPO_ROOT));
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
  if (command.includes(SERVER_MAIN)) await serverBuilt();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = spawnProcess(command, {
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
      // Print renders at the normal priority: at nice 19 beside the suite's other CPU-bound tests
      // a render waits with no bound (production's 19 is kept by printRenderPool.test.ts).
      PRINT_RENDER_NICENESS: '0',
      // Most of the tests' stores never draw or render: their threads start when first needed.
      WORKER_THREADS_ON_FIRST_JOB: 'true',
      PGLITE_SHARED_BUFFERS_MB: String(TEST_SHARED_BUFFERS_MB),
      ...env,
    },
  });
  return { ...started, url };
}

/**
 * Resolves once `url` answers with a 2xx; kills the process and throws if it exits first or
 * `timeoutMs` passes. `what` names the process in the error.
 */
export async function waitUntilAnswering(
  started: RunningProcess,
  url: string,
  { what, timeoutMs, everyMs = 100 }: { what: string; timeoutMs: number; everyMs?: number },
): Promise<void> {
  try {
    await waitUntil(
      async () => {
        if (started.child.exitCode !== null || started.child.signalCode !== null)
          throw new Error(`${what} exited while starting:\n${started.output()}`);
        // Refused while it is not listening yet (a dev server holds it until it has compiled).
        const answer = await fetch(url).catch(() => undefined);
        return answer?.ok;
      },
      () => `${what} answered on ${url}; it printed:\n${started.output()}`,
      { timeoutMs, everyMs },
    );
  } catch (error) {
    started.kill();
    throw error;
  }
}

/** Resolves once /healthz answers 200; kills the process and throws if it exits or takes 60 s. */
export function waitUntilHealthy(server: ServerProcess): Promise<void> {
  return waitUntilAnswering(server, `${server.url}/healthz`, {
    what: 'the server',
    timeoutMs: HEALTHY_WITHIN_MS,
  });
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
 * Starts the store server (`command`, the tests' by default) and waits until it is healthy.
 * Without DATA_DIR or DATABASE_URL in `env`, its data goes to a fresh folder that `stop()` removes.
 */
export async function startStoreServer(
  env: Record<string, string> = {},
  command: readonly string[] = SERVER_COMMAND,
): Promise<StoreServer> {
  const freshDataDir =
    env.DATA_DIR === undefined && env.DATABASE_URL === undefined
      ? mkdtempSync(join(tmpdir(), 'tshirt-store-'))
      : undefined;
  const server = await spawnServerProcess(command, {
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
