/**
 * A remote's development server (`npm run dev -w <remote>`: webpack serve) on a free port, as a
 * team runs it with no store: the page answers the store's API itself (API=mock).
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT } from '@tshirt/tooling/test/storeServer';
import { freePort } from '@tshirt/tooling/test/ports';
import { waitUntil } from '@tshirt/tooling/test/waitUntil';

export interface DevServer {
  url: string;
  stop(): Promise<void>;
}

/** Compiling a remote in development mode on a loaded 2-core machine. */
const COMPILED_WITHIN_MS = 180_000;

export async function startRemoteDevServer(
  workspace: 'remote-designer' | 'remote-checkout',
  portVariable: 'DESIGNER_DEV_PORT' | 'CHECKOUT_DEV_PORT',
): Promise<DevServer> {
  const port = await freePort();
  let output = '';
  const child = spawn(
    process.execPath,
    [join(REPO_ROOT, 'node_modules/webpack-cli/bin/cli.js'), 'serve', '--mode', 'development'],
    {
      cwd: join(REPO_ROOT, workspace),
      // As a team member's terminal has it: no API_PROXY_TARGET, so the mocked API.
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        [portVariable]: String(port),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    },
  );
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      process.kill(-(child.pid as number), 'SIGKILL');
      await exited;
    }
  };
  const url = `http://localhost:${port}`;
  try {
    await waitUntil(
      async () => {
        if (child.exitCode !== null) throw new Error(`The dev server exited:\n${output}`);
        // The dev server holds requests until its first compilation is done.
        return (await fetch(`${url}/`).catch(() => undefined))?.ok;
      },
      () => `${workspace}'s dev server answered on ${url}; it printed:\n${output.slice(-2000)}`,
      { timeoutMs: COMPILED_WITHIN_MS, everyMs: 250 },
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}
