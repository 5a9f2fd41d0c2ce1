/**
 * A remote's development server (`npm run dev -w <remote>`: webpack serve) on a free port, as a
 * team runs it with no store: the page answers the store's API itself (API=mock).
 */
import { join } from 'node:path';
import { freePort } from '@tshirt/tooling/test/ports';
import { REPO_ROOT, spawnProcess, waitUntilAnswering } from '@tshirt/tooling/test/storeServer';

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
  const started = spawnProcess(
    [
      process.execPath,
      join(REPO_ROOT, 'node_modules/webpack-cli/bin/cli.js'),
      'serve',
      '--mode',
      'development',
    ],
    {
      cwd: join(REPO_ROOT, workspace),
      // As a team member's terminal has it: no API_PROXY_TARGET, so the mocked API.
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        [portVariable]: String(port),
      },
      detached: true,
    },
  );
  const url = `http://localhost:${port}`;
  await waitUntilAnswering(started, `${url}/`, {
    what: `${workspace}'s dev server`,
    timeoutMs: COMPILED_WITHIN_MS,
    everyMs: 250,
  });
  return {
    url,
    async stop() {
      started.kill();
      await started.exited;
    },
  };
}
