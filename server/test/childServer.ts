/**
 * The real server (`src/main.ts`) in a child process on a loopback port, for the tests that send it
 * signals or load it. The child is node itself (tsx loaded with --import), so its pid is the
 * server's: signals reach it directly and /proc/<pid>/status is its memory.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../src/config';
import { freePort } from './realPostgres';

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
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', join(REPO_ROOT, 'server/src/main.ts')],
    {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'production',
        ALLOW_TEST_PAYMENTS: 'true',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: url,
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`The server exited while starting:\n${output}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The server did not become healthy in 60 s:\n${output}`);
    }
    await new Promise((wait) => setTimeout(wait, 100));
  }

  const pid = child.pid as number;
  const running = () => child.exitCode === null && child.signalCode === null;
  return {
    url,
    pid,
    output: () => output,
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
