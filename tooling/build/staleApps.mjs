// Which front-end apps need building: an app whose output is missing or older than its sources
// (its own src/, public/ and webpack config, and the contract and build tooling every app is built
// from). Plain JavaScript, so `npm start` can ask before any TypeScript loader is up.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The front-end apps, each with the file its build writes last and the variable that serves another build. */
export const FRONT_END_APPS = [
  { workspace: 'remote-designer', output: 'remote-designer/dist/remoteEntry.js', distVariable: 'DESIGNER_DIST_DIR' },
  { workspace: 'remote-checkout', output: 'remote-checkout/dist/remoteEntry.js', distVariable: 'CHECKOUT_DIST_DIR' },
  { workspace: 'host', output: 'host/dist/index.html', distVariable: 'HOST_DIST_DIR' },
];

/** The newest modification time of a file or anything under a folder (0 when it does not exist). */
function newestModification(path) {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce(
    (newest, entry) => Math.max(newest, newestModification(join(path, entry))),
    stats.mtimeMs,
  );
}

/** The apps (of `apps`) under `root` whose build output is missing or older than their sources. */
export function staleApps(root, apps = FRONT_END_APPS) {
  const common = Math.max(
    newestModification(join(root, 'shared/src')),
    newestModification(join(root, 'tooling/build')),
  );
  return apps.filter(({ workspace, output }) => {
    const built = join(root, output);
    // A build from before release manifests is one the store would not serve.
    if (!existsSync(built) || !existsSync(join(built, '..', 'release'))) return true;
    const sources = Math.max(
      common,
      newestModification(join(root, workspace, 'src')),
      newestModification(join(root, workspace, 'public')),
      newestModification(join(root, workspace, 'webpack.config.ts')),
    );
    return statSync(built).mtimeMs < sources;
  });
}
