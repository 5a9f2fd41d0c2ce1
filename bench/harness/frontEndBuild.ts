/**
 * Makes sure the measured site is the current code: builds the front-end apps (as `npm run build`)
 * when an app's output is missing or older than its sources, as `npm start` does.
 */
import { spawnSync } from 'node:child_process';
import { staleApps } from '@tshirt/tooling/build/staleApps';
import { REPO_ROOT } from '@tshirt/tooling/test/storeServer';

/** Builds every app when any is stale (the remotes and host are measured together). */
export function ensureFrontEndBuilt(): void {
  const stale = staleApps(REPO_ROOT).map(({ workspace }) => workspace);
  if (stale.length === 0) return;
  console.log(`Building the store (${stale.join(', ')} missing or older than its sources)…`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', 'build'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (result.status !== 0)
    throw new Error('npm run build failed; the benchmarks need the built store');
}
