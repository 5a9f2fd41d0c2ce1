// Builds the front-end apps whose last build is not of their current sources (./staleApps.mjs),
// side by side, and none when all are current. `npm test` runs it once before the parts that read
// the builds (the byte budgets of `unit`, the browser tests of `e2e`), so a run builds each app
// once; e2e's globalSetup calls it too, for a browser test run on its own. Plain JavaScript with no
// top-level await: scripts/test.mjs imports it as it is, Jest's globalSetup through swc.
import { spawn } from 'node:child_process';
import { staleApps, whyBuild } from './staleApps.mjs';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** `npm run build -w <app>`, its output kept and given only when it fails. */
function build(root, app, log) {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    let output = '';
    const child = spawn(npm, ['run', 'build', '-w', app.workspace], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk) => (output += chunk.toString()));
    child.stderr.on('data', (chunk) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) {
        log(`Built ${app.workspace} in ${Math.round((Date.now() - started) / 1000)} s`);
        resolve();
      } else {
        reject(new Error(`npm run build -w ${app.workspace} failed (exit ${code}):\n${output}`));
      }
    });
  });
}

/** Builds the stale apps under `root`; resolves with the apps built, rejects with a failed build's output. */
export async function buildStaleApps(root, { log = console.log } = {}) {
  const stale = staleApps(root);
  if (stale.length === 0) return [];
  log(`Building ${stale.map((app) => `${app.workspace} (${whyBuild(root, app)})`).join(', ')}…`);
  // No app's build reads another's output: they share the cores rather than wait in turn.
  const results = await Promise.allSettled(stale.map((app) => build(root, app, log)));
  const failed = results.filter((result) => result.status === 'rejected');
  if (failed.length > 0) throw new Error(failed.map((result) => result.reason.message).join('\n'));
  return stale;
}
