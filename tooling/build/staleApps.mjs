// Which front-end apps need building: judged by what the last build wrote, never by file times.
// Every production build records in its release manifest a hash of its inputs (appInputsHash: the
// app's own sources, the contract and build tooling every app is built from, the dependencies'
// versions, and the variables that change a build); an app needs building when its newest manifest
// was made from other inputs, or its folder no longer holds the files that manifest lists. Plain
// JavaScript, so `npm start` can ask before any TypeScript loader is up.
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** The front-end apps, each with its build folder and the variable that serves another build. */
export const FRONT_END_APPS = [
  {
    workspace: 'remote-designer',
    output: 'remote-designer/dist',
    distVariable: 'DESIGNER_DIST_DIR',
  },
  {
    workspace: 'remote-checkout',
    output: 'remote-checkout/dist',
    distVariable: 'CHECKOUT_DIST_DIR',
  },
  { workspace: 'host', output: 'host/dist', distVariable: 'HOST_DIST_DIR' },
];

/** Variables a production build reads: a build made with other values is another build. */
const BUILD_VARIABLES = ['HOST_MANIFEST_URL', 'ALLOW_HOST_MISFIT'];

/** What every app is built from, below the repository's root. */
const COMMON_INPUTS = [
  'package-lock.json',
  'tsconfig.json',
  'shared/package.json',
  'shared/src',
  'tooling/build',
];

/** What one app is built from, below its folder. */
const APP_INPUTS = [
  'package.json',
  'tsconfig.json',
  'webpack.config.ts',
  'bytes-budget.json',
  'src',
  'public',
];

/** Tests sit beside the code but are no part of a build; nor are hidden files. */
const NOT_AN_INPUT = /\.test\.[cm]?[jt]sx?$|(^|\/)(__snapshots__|\.)/;

/** The build tooling's files that no front-end build runs: the release command, a static server, the test runner's helpers, the server's bundler, this and its builder. */
const NOT_BUILD_TOOLING =
  /^tooling\/build\/(release\.ts|serveStatic\.ts|jestWorkerCrashes\.|serverBuild\.|staleApps\.|buildStaleApps\.)/;

/** Where a production build's release manifests are (shared/src/releaseManifest.ts). */
const MANIFESTS = 'release';
const MANIFEST_NAME = /^manifest\.[0-9a-f]{16}\.json$/;

/** The SHA-256 of `bytes`, in hex: how a build's inputs and outputs are named (the server's too). */
export const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

/** The files at `path` (below `root`): itself, or every file below it; `/`-separated, sorted. */
function filesAt(root, path) {
  let info;
  try {
    info = statSync(join(root, path));
  } catch {
    return [];
  }
  if (!info.isDirectory()) return [path];
  return readdirSync(join(root, path), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .filter((file) => !NOT_AN_INPUT.test(file.slice(path.length)) && !NOT_BUILD_TOOLING.test(file))
    .sort();
}

/** The hash of everything `workspace`'s production build is made from, as it is now. */
export function appInputsHash(root, workspace, env = process.env) {
  const hash = createHash('sha256');
  for (const path of [...COMMON_INPUTS, ...APP_INPUTS.map((each) => `${workspace}/${each}`)]) {
    for (const file of filesAt(root, path)) {
      hash.update(`${file}\0${sha256(readFileSync(join(root, file)))}\n`);
    }
  }
  for (const name of BUILD_VARIABLES) hash.update(`${name}=${env[name] ?? ''}\n`);
  return hash.digest('hex');
}

/** The newest whole manifest of a build folder (by its `builtAt`), or undefined. */
function newestManifest(folder) {
  let names;
  try {
    names = readdirSync(join(folder, MANIFESTS)).filter((name) => MANIFEST_NAME.test(name));
  } catch {
    return undefined;
  }
  let newest;
  for (const name of names) {
    const text = readFileSync(join(folder, MANIFESTS, name));
    // Named by its own hash: one half written is not a build's.
    if (!sha256(text).startsWith(name.slice('manifest.'.length, -'.json'.length))) continue;
    let manifest;
    try {
      manifest = JSON.parse(text.toString('utf8'));
    } catch {
      continue;
    }
    if (typeof manifest?.builtAt !== 'string' || typeof manifest.files !== 'object') continue;
    if (!newest || Date.parse(manifest.builtAt) > Date.parse(newest.builtAt)) newest = manifest;
  }
  return newest;
}

/** Why `app` needs building (`not built yet`, `its sources changed`, …), or undefined when it does not. */
export function whyBuild(root, app, env = process.env) {
  const folder = join(root, app.output);
  const manifest = newestManifest(folder);
  if (!manifest) return 'not built yet';
  if (manifest.inputs !== appInputsHash(root, app.workspace, env))
    return 'its sources changed since its last build';
  for (const [path, digest] of Object.entries(manifest.files)) {
    let bytes;
    try {
      bytes = readFileSync(join(folder, path));
    } catch {
      return `${app.output}/${path} is missing`;
    }
    if (sha256(bytes) !== digest) return `${app.output}/${path} is not the file its build wrote`;
  }
  return undefined;
}

/** The apps (of `apps`) under `root` that need building. */
export function staleApps(root, apps = FRONT_END_APPS, env = process.env) {
  return apps.filter((app) => whyBuild(root, app, env) !== undefined);
}
