/**
 * Makes sure the measured site is the current code: builds the front-end apps (as `npm run build`)
 * when an app's output is missing or older than its sources, as `npm start` does.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '@tshirt/tooling/test/storeServer';

const APPS = [
  { workspace: 'remote-designer', output: 'remote-designer/dist/remoteEntry.js' },
  { workspace: 'remote-checkout', output: 'remote-checkout/dist/remoteEntry.js' },
  { workspace: 'host', output: 'host/dist/index.html' },
] as const;

export function newestModification(path: string): number {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce(
    (newest, entry) => Math.max(newest, newestModification(join(path, entry))),
    stats.mtimeMs,
  );
}

function staleApps(): string[] {
  const shared = Math.max(
    newestModification(join(REPO_ROOT, 'shared/src')),
    newestModification(join(REPO_ROOT, 'tooling/build')),
  );
  return APPS.filter(({ workspace, output }) => {
    const built = join(REPO_ROOT, output);
    if (!existsSync(built)) return true;
    const sources = Math.max(
      shared,
      newestModification(join(REPO_ROOT, workspace, 'src')),
      newestModification(join(REPO_ROOT, workspace, 'public')),
      newestModification(join(REPO_ROOT, workspace, 'webpack.config.ts')),
    );
    return statSync(built).mtimeMs < sources;
  }).map(({ workspace }) => workspace);
}

/** Builds every app when any is stale (the remotes and host are measured together). */
export function ensureFrontEndBuilt(): void {
  const stale = staleApps();
  if (stale.length === 0) return;
  console.log(`Building the store (${stale.join(', ')} missing or older than its sources)…`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', 'build'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (result.status !== 0)
    throw new Error('npm run build failed; the benchmarks need the built store');
}
