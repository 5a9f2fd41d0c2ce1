/**
 * The real server (`src/main.ts`) in a child process on a loopback port, for the tests that send it
 * signals or load it. The child is node itself (tsx loaded with --import), so its pid is the
 * server's: signals reach it directly and /proc/<pid>/status is its memory. `npm start` can be run
 * the same way, leading its own process group as in a terminal.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../src/config';
import { freePort } from './realPostgres';

/** Runs the server directly: node with tsx, no npm or tsx process in between. */
export const SERVER_COMMAND = [
  process.execPath,
  '--import',
  'tsx',
  join(REPO_ROOT, 'server/src/main.ts'),
] as const;

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
 * port (`env` adds to it or overrides it); `detached` makes it lead its own process group.
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
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
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
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.child.exitCode !== null || server.child.signalCode !== null)
      throw new Error(`The server exited while starting:\n${server.output()}`);
    try {
      if ((await fetch(`${server.url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      server.kill();
      throw new Error(`The server did not become healthy in 60 s:\n${server.output()}`);
    }
    await new Promise((wait) => setTimeout(wait, 100));
  }
}

export interface ChildServer {
  url: string;
  pid: number;
  /** Everything the server printed, for failure messages. */
  output(): string;
  /** Resolves with the exit code (null when killed by a signal) once the process has ended. */
  exited: Promise<number | null>;
  signal(name: NodeJS.Signals): void;
  /** Resident memory of the server process, in bytes. */
  residentBytes(): number;
  /** SIGTERM, then SIGKILL if it has not ended in 10 s. */
  stop(): Promise<void>;
}

export async function startChildServer(env: Record<string, string>): Promise<ChildServer> {
  const server = await spawnServerProcess(SERVER_COMMAND, env);
  await waitUntilHealthy(server);
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
      if (!running()) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
