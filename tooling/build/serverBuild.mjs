// The server as `npm start` runs it: one esbuild bundle of its TypeScript and of the workspaces it
// imports (shared, art), every package of node_modules left to Node, with one more entry for each
// worker thread (the embedded database, the art engine, print renders). A store's start from the
// bundle costs about 1.5 CPU-seconds less than from the sources through tsx (docs/TESTING.md).
// Built when its sources changed, judged by what the last build read (its manifest keeps a hash of
// every input), never by file times. Plain JavaScript, so `npm start` can build before any
// TypeScript loader is up; Jest loads it through swc.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sha256 } from './staleApps.mjs';

/** The bundle's folder, below the repository's root. */
export const SERVER_OUTPUT = 'server/dist';

/** Each output file of the bundle (without `.js`) and the source it starts from. */
const ENTRIES = {
  main: 'server/src/main.ts',
  pgliteThread: 'server/src/storage/pgliteThread.ts',
  artEngineTask: 'server/src/generation/artEngineTask.ts',
  printRenderTask: 'server/src/rendering/printRenderTask.ts',
};

/** Copied as it is: the file every worker thread starts from (server/src/workers/typescriptWorker.ts). */
const WORKER_ENTRY = 'server/src/workers/workerEntry.cjs';

/** What the bundle is built from besides the modules it imports: the TypeScript and package settings. */
const SETTINGS = [
  'tsconfig.json',
  'server/tsconfig.json',
  'server/package.json',
  'shared/package.json',
  'art/package.json',
];

const MANIFEST = 'build.json';

/** The file `node` runs: the bundle's main entry. */
export function serverMain(root) {
  return join(root, SERVER_OUTPUT, 'main.js');
}

/** What the bundle is built by: this file and esbuild's version. */
function builder() {
  const require = createRequire(import.meta.url);
  const { version } = require('esbuild/package.json');
  return sha256(`${readFileSync(new URL(import.meta.url))}\n${version}`);
}

/** Why the server needs building under `root` (a short reason), or undefined when it is current. */
export function whyBuildServer(root) {
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(join(root, SERVER_OUTPUT, MANIFEST), 'utf8'));
  } catch {
    return 'not built yet';
  }
  if (manifest.builder !== builder()) return 'its build changed';
  for (const [file, hash] of Object.entries(manifest.outputs ?? {})) {
    try {
      if (sha256(readFileSync(join(root, file))) !== hash)
        return `${file} is not what its build wrote`;
    } catch {
      return `${file} is missing`;
    }
  }
  for (const [file, hash] of Object.entries(manifest.inputs ?? {})) {
    try {
      if (sha256(readFileSync(join(root, file))) !== hash) return `${file} changed`;
    } catch {
      return `${file} is gone`;
    }
  }
  return undefined;
}

/**
 * Workspaces (`@tshirt/…`) and relative imports are bundled; every other package stays Node's, and
 * so does a file found with require.resolve (read at run time: fonts, the shared tokens).
 */
const nodeModulesExternal = {
  name: 'node-modules-external',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@tshirt/') && args.kind !== 'require-resolve'
        ? undefined
        : { path: args.path, external: true },
    );
  },
};

/**
 * Builds the server's bundle under `root`. Each file is written beside its place and renamed into
 * it, the manifest last: a server starting meanwhile reads whole files, and two builds at once
 * (two test workers) write the same bytes.
 */
export async function buildServer(root) {
  const { build, formatMessages } = await import('esbuild');
  const outdir = join(root, SERVER_OUTPUT);
  const result = await build({
    absWorkingDir: root,
    entryPoints: Object.fromEntries(
      Object.entries(ENTRIES).map(([name, source]) => [name, join(root, source)]),
    ),
    outdir,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node22',
    sourcemap: 'linked',
    // Function and class names stay as written: errors and logs name them.
    keepNames: true,
    metafile: true,
    write: false,
    // A failure is said once, by whoever asked for the build, from the error this rejects with.
    logLevel: 'silent',
    plugins: [nodeModulesExternal],
  });
  // Not formatMessagesSync: esbuild answers its sync calls from a worker thread it keeps for the
  // rest of the process (a test worker that built the server kept one to its end).
  for (const warning of await formatMessages(result.warnings, { kind: 'warning', color: false }))
    console.warn(warning);
  const files = [
    ...result.outputFiles.map((file) => ({ path: file.path, bytes: file.contents })),
    { path: join(outdir, 'workerEntry.cjs'), bytes: readFileSync(join(root, WORKER_ENTRY)) },
  ];
  const outputs = {};
  for (const file of files) outputs[relative(root, file.path)] = sha256(file.bytes);
  const inputs = {};
  for (const input of [...SETTINGS, ...Object.keys(result.metafile.inputs).sort()])
    inputs[input] = sha256(readFileSync(join(root, input)));
  const manifest = { builder: builder(), inputs, outputs };
  const written = [
    ...files,
    { path: join(outdir, MANIFEST), bytes: `${JSON.stringify(manifest, null, 2)}\n` },
  ];
  for (const file of written) {
    mkdirSync(dirname(file.path), { recursive: true });
    const beside = `${file.path}.${process.pid}.tmp`;
    writeFileSync(beside, file.bytes);
    renameSync(beside, file.path);
  }
}

/** Builds the server when its sources changed; resolves with the reason it built, or undefined. */
export async function buildServerIfStale(root, { log = () => undefined } = {}) {
  const why = whyBuildServer(root);
  if (why === undefined) return undefined;
  const started = Date.now();
  await buildServer(root);
  log(`Built server (${why}) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return why;
}

// `npm run build -w server` builds the bundle whether or not it is current; with `--if-stale`
// (`npm start -w server`) only when its sources changed.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const started = Date.now();
  const log = (line) => console.log(line);
  (process.argv.includes('--if-stale')
    ? buildServerIfStale(root, { log })
    : buildServer(root).then(() =>
        log(`Built server in ${((Date.now() - started) / 1000).toFixed(1)} s`),
      )
  ).then(
    () => undefined,
    (error) => {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    },
  );
}
