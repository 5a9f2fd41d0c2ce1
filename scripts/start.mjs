// `npm start`: builds whichever front-end app is missing or older than its sources (unless its
// *_DIST_DIR names another folder), then runs the server, which serves the composed store on PORT
// (default 8080).
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { constants } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const apps = [
  {
    workspace: 'remote-designer',
    output: 'remote-designer/dist/remoteEntry.js',
    distVariable: 'DESIGNER_DIST_DIR',
  },
  {
    workspace: 'remote-checkout',
    output: 'remote-checkout/dist/remoteEntry.js',
    distVariable: 'CHECKOUT_DIST_DIR',
  },
  { workspace: 'host', output: 'host/dist/index.html', distVariable: 'HOST_DIST_DIR' },
];

function newestModification(path) {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce(
    (newest, entry) => Math.max(newest, newestModification(join(path, entry))),
    stats.mtimeMs,
  );
}

const sharedSources = Math.max(
  newestModification(join(root, 'shared/src')),
  newestModification(join(root, 'tooling/build')),
);

for (const app of apps) {
  // The server serves another folder for this app: building ours would be wasted time.
  if (process.env[app.distVariable]) continue;
  const output = join(root, app.output);
  const sources = Math.max(
    sharedSources,
    newestModification(join(root, app.workspace, 'src')),
    newestModification(join(root, app.workspace, 'public')),
    newestModification(join(root, app.workspace, 'webpack.config.ts')),
  );
  if (existsSync(output) && statSync(output).mtimeMs >= sources) continue;
  console.log(`Building ${app.workspace}…`);
  const build = spawnSync(npm, ['run', 'build', '-w', app.workspace], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error(`Building ${app.workspace} failed; see the output above.`);
    process.exit(build.status ?? 1);
  }
}

// The server runs as node's own child (what `npm start -w server` runs, without the npm and tsx
// processes in between), so a signal reaches it once from here and once at most from a group stop.
const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
});
let forwarded = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    // A terminal's Ctrl-C or a process-group stop has signalled the server too, and npm forwards
    // what it gets: one signal is enough, and the server's own stop decides when it ends.
    if (forwarded) return;
    forwarded = true;
    server.kill(signal);
  });
}
server.on('exit', (code, signal) =>
  process.exit(code ?? (signal ? 128 + (constants.signals[signal] ?? 0) : 1)),
);
