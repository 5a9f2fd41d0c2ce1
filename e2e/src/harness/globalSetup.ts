/**
 * Jest globalSetup of the browser tests: builds the front-end apps whose last build is not of
 * their current sources (tooling/build/staleApps.mjs, as `npm start` asks), then starts the run's
 * one Chromium; each test file opens its own context of it (browser.ts `launchBrowser`).
 * globalTeardown.ts stops it.
 */
import { spawn } from 'node:child_process';
import { staleApps, type FrontEndApp } from '@tshirt/tooling/build/staleApps';
import { REPO_ROOT } from '@tshirt/tooling/test/storeServer';
import { SHARED_BROWSER_VARIABLE, launchBrowserServer } from './browser';
import { setSharedBrowser } from './sharedBrowser';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** `npm run build -w <app>`, its output kept and printed only when it fails. */
function build(app: FrontEndApp): Promise<void> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    let output = '';
    const child = spawn(npm, ['run', 'build', '-w', app.workspace], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) {
        console.log(`Built ${app.workspace} in ${Math.round((Date.now() - started) / 1000)} s`);
        resolve();
      } else {
        reject(new Error(`npm run build -w ${app.workspace} failed (exit ${code}):\n${output}`));
      }
    });
  });
}

export default async function globalSetup(): Promise<void> {
  const stale = staleApps(REPO_ROOT);
  if (stale.length > 0) {
    console.log(
      `\nBuilding ${stale.map((app) => app.workspace).join(', ')} for the browser tests (sources changed since the last build)…`,
    );
    // No app's build reads another's output: they share the cores rather than wait in turn.
    await Promise.all(stale.map(build));
  }
  const server = await launchBrowserServer();
  setSharedBrowser(server);
  process.env[SHARED_BROWSER_VARIABLE] = server.wsEndpoint();
}
