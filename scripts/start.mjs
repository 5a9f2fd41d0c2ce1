// `npm start`: builds whichever front-end app is not built from its current sources (its release
// manifest says what it was built from: tooling/build/staleApps.mjs), unless its *_DIST_DIR names
// another folder, and the server's bundle when its sources changed (tooling/build/serverBuild.mjs),
// then runs the server, which serves the composed store on PORT (default 8080).
import { spawnSync, spawn } from 'node:child_process';
import { constants } from 'node:os';
import { buildServerIfStale } from '@tshirt/tooling/build/serverBuild';
import { FRONT_END_APPS, whyBuild } from '@tshirt/tooling/build/staleApps';

const root = new URL('..', import.meta.url).pathname;
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

// The project's own Node.js (the `node` dev dependency) runs the builds and the server.
console.log(`npm start on Node.js ${process.version}`);

// An app another folder is served for (its *_DIST_DIR is set) is not ours to build.
const ours = FRONT_END_APPS.filter((app) => !process.env[app.distVariable]);
const toBuild = ours.flatMap((app) => {
  const why = whyBuild(root, app);
  return why ? [{ app, why }] : [];
});
for (const { app, why } of toBuild) {
  const started = Date.now();
  // One line per app: its name while it builds, its time once built.
  process.stdout.write(`Building ${app.workspace} (${why})…`);
  // Webpack's output is said only when the build fails.
  const build = spawnSync(npm, ['run', 'build', '--silent', '-w', app.workspace], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (build.status !== 0) {
    process.stdout.write(` failed after ${seconds} s:\n`);
    process.stdout.write(build.stdout ?? '');
    process.stderr.write(build.stderr ?? '');
    console.error(`Building ${app.workspace} failed; see above.`);
    process.exit(build.status ?? 1);
  }
  console.log(` built in ${seconds} s.`);
}

// The server's bundle (tooling/build/serverBuild.mjs) when its sources changed: half a second.
try {
  await buildServerIfStale(root, { log: (line) => console.log(`${line}.`) });
} catch (error) {
  console.error(`Building the server failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}

// The server runs as node's own child (what `npm start -w server` runs, without the npm process in
// between), so a signal reaches it once from here and once at most from a group stop.
const server = spawn(process.execPath, ['--enable-source-maps', 'server/dist/main.js'], {
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
