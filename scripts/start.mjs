// `npm start`: builds whichever front-end app is missing or older than its sources, then runs the
// server, which serves the composed store on PORT (default 8080).
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const apps = [
  { workspace: 'remote-designer', output: 'remote-designer/dist/remoteEntry.js' },
  { workspace: 'remote-checkout', output: 'remote-checkout/dist/remoteEntry.js' },
  { workspace: 'host', output: 'host/dist/index.html' },
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
  newestModification(join(root, 'shared/build')),
);

for (const app of apps) {
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

const server = spawn(npm, ['start', '-w', 'server'], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
