// Jest's module resolution for every project.
//
// - Packages published as hundreds of small ES modules (typebox: 683 files) load from one
//   CommonJS bundle of the same version, built once per machine by esbuild: Jest loads each file
//   of a test's modules anew for every test file, and those files were a third of the modules a
//   server test file loaded. Every entry point of a package maps to the same bundle, so they share
//   one copy of the package's state, as its files do under Node.
// - MSW's Node entry (`msw/node`) and its interceptors are hidden from the `browser` export
//   condition that jsdom test environments resolve with: MSW and its own packages resolve as Node's.
const { createHash } = require('node:crypto');
const {
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} = require('node:fs');
const { join } = require('node:path');

const MSW_REQUEST = /^(msw|@mswjs\/)/;
const INSIDE_MSW = /[\\/]node_modules[\\/](msw|@mswjs[\\/][^\\/]+)[\\/]/;

/** The packages loaded from one bundle, with the entry points (`exports` keys) the repo imports. */
const BUNDLED = {
  typebox: [
    '.',
    './compile',
    './error',
    './format',
    './guard',
    './schema',
    './system',
    './type',
    './value',
  ],
};

const REPO_ROOT = join(__dirname, '../..');
const CACHE = join(REPO_ROOT, 'node_modules/.cache/jest-bundles');

/** `typebox/value` → ['typebox', './value']; undefined for a package not bundled. */
function bundledEntry(request) {
  for (const [name, entries] of Object.entries(BUNDLED)) {
    if (request !== name && !request.startsWith(`${name}/`)) continue;
    const entry = request === name ? '.' : `.${request.slice(name.length)}`;
    return entries.includes(entry) ? [name, entry] : undefined;
  }
  return undefined;
}

function shimName(entry) {
  return entry === '.' ? 'index.js' : `${entry.slice(2).replace(/\//g, '_')}.js`;
}

/** The bundle's folder for this version of `name`, built when missing (atomically: workers race). */
function bundleFolder(name) {
  const packageDir = join(REPO_ROOT, 'node_modules', name);
  const manifest = readFileSync(join(packageDir, 'package.json'));
  const key = createHash('sha256')
    .update(manifest)
    .update(JSON.stringify(BUNDLED[name]))
    .update(readFileSync(__filename))
    .digest('hex')
    .slice(0, 16);
  const folder = join(CACHE, `${name.replace('/', '+')}-${key}`);
  if (existsSync(join(folder, 'bundle.js'))) return folder;

  const building = `${folder}.${process.pid}.partial`;
  rmSync(building, { recursive: true, force: true });
  mkdirSync(building, { recursive: true });
  const entries = BUNDLED[name];
  const names = entries.map((_, index) => `entry${index}`);
  // esbuild runs a sync call on a thread it keeps for the rest of the process: stopped once the
  // bundle is built (this esbuild is the resolver's own instance, not one a test imports).
  const esbuild = require('esbuild');
  try {
    esbuild.buildSync({
      stdin: {
        contents:
          entries
            .map((entry, index) => `export * as ${names[index]} from '${join(name, entry)}';`)
            .join('\n') + '\n',
        resolveDir: REPO_ROOT,
        loader: 'js',
      },
      bundle: true,
      format: 'cjs',
      platform: 'node',
      target: 'node24',
      outfile: join(building, 'bundle.js'),
      logLevel: 'silent',
    });
  } finally {
    esbuild.stop();
  }
  entries.forEach((entry, index) =>
    writeFileSync(
      join(building, shimName(entry)),
      // The namespace of one entry point, marked as an ES module for the `default` import.
      `const namespace = require('./bundle.js').${names[index]};\n` +
        `module.exports = Object.defineProperty({ ...namespace }, '__esModule', { value: true });\n`,
    ),
  );
  try {
    renameSync(building, folder);
  } catch (error) {
    // Another worker finished first: its bundle is the same.
    rmSync(building, { recursive: true, force: true });
    if (!existsSync(join(folder, 'bundle.js'))) throw error;
  }
  return folder;
}

const folders = new Map();

module.exports = (request, options) => {
  const bundled = bundledEntry(request);
  if (bundled) {
    const [name, entry] = bundled;
    if (!folders.has(name)) folders.set(name, bundleFolder(name));
    return join(folders.get(name), shimName(entry));
  }
  return options.defaultResolver(
    request,
    MSW_REQUEST.test(request) || INSIDE_MSW.test(options.basedir)
      ? { ...options, conditions: ['node', 'require', 'default'] }
      : options,
  );
};
