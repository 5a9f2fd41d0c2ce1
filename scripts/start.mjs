// `npm start`: builds whichever front-end app is missing or older than its sources (unless its
// *_DIST_DIR names another folder), then runs the server, which serves the composed store on PORT
// (default 8080).
import { spawnSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { constants } from 'node:os';
import { FRONT_END_APPS, staleApps } from '@tshirt/tooling/build/staleApps';

const root = new URL('..', import.meta.url).pathname;
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
/** Roughly how long one app's production build takes on a 2-core machine, said before it starts. */
const BUILD_SECONDS_PER_APP = [20, 40];

// The project's own Node.js (the `node` dev dependency) runs the builds and the server.
console.log(`npm start on Node.js ${process.version}`);

// An app another folder is served for (its *_DIST_DIR is set) is not ours to build.
const ours = FRONT_END_APPS.filter((app) => !process.env[app.distVariable]);
const stale = staleApps(root, ours);
if (stale.length > 0) {
  const [low, high] = BUILD_SECONDS_PER_APP.map((seconds) => seconds * stale.length);
  console.log(
    `Building ${stale.length} of the store's ${FRONT_END_APPS.length} front-end apps first, about ${low}–${high} s on a 2-core machine:`,
  );
  for (const app of stale) {
    const why = existsSync(join(root, app.output)) ? 'older than its sources' : 'not built yet';
    console.log(`  ${app.workspace} (${why})`);
  }
  console.log('Later starts build only what has changed since.');
}
for (const [index, app] of stale.entries()) {
  console.log(`\nBuilding ${app.workspace} (${index + 1} of ${stale.length})…`);
  const started = Date.now();
  const build = spawnSync(npm, ['run', 'build', '-w', app.workspace], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) {
    console.error(`Building ${app.workspace} failed; see the output above.`);
    process.exit(build.status ?? 1);
  }
  console.log(`Built ${app.workspace} in ${Math.round((Date.now() - started) / 1000)} s.`);
}
if (stale.length > 0) console.log('\nStarting the server…');

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
