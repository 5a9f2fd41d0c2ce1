/**
 * A fresh, migrated embedded database per test file in well under a second: the first one is
 * initialised and migrated for real, with the job queue's own tables (pg-boss installs them at an
 * app's first start, seconds of DDL), then dumped to a template in the temp folder that the
 * following ones (in any test file or later run) load from. Postgres's WebAssembly is compiled
 * once per Jest worker, not once per database.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import NodeModule from 'node:module';
import { runInThisContext } from 'node:vm';
import { dirname, join } from 'node:path';
import type * as PgliteExports from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import { startJobQueues } from '../src/jobs/jobQueue';
import { TEST_SHARED_BUFFERS_MB } from '@tshirt/tooling/test/storeServer';
import {
  pgliteFolder,
  pgliteStartParams,
  wrapPglite,
  type Database,
} from '../src/storage/database';
import { MIGRATIONS, runMigrations } from '../src/storage/migrations';

type PgliteModule = typeof PgliteExports;

/**
 * PGlite's WebAssembly loader calls dynamic `import()`, which Jest's module sandbox refuses on
 * Node 20; Node's own loader (outside the sandbox) runs it as production does.
 */
function loadPgliteNatively(): PgliteModule {
  const loader = NodeModule as unknown as {
    _load(request: string, parent: null, isMain: boolean): unknown;
  };
  return loader._load(require.resolve('@electric-sql/pglite'), null, false) as PgliteModule;
}

/** The package.json of `name`, as text: a new version makes a new template. */
function packageJson(name: string): string {
  return readFileSync(join(dirname(require.resolve(name)), '..', 'package.json'), 'utf8');
}

function templateFile(): string {
  const key = createHash('sha256')
    .update(packageJson('@electric-sql/pglite'))
    .update(packageJson('pg-boss'))
    .update(JSON.stringify(MIGRATIONS))
    .digest('hex')
    .slice(0, 16);
  return join(tmpdir(), `tshirt-store-pglite-template-${key}.tar`);
}

async function templateDump(PGlite: PgliteModule['PGlite']): Promise<Buffer> {
  const file = templateFile();
  if (existsSync(file)) return readFileSync(file);
  const pglite = new PGlite();
  await pglite.waitReady;
  try {
    await runMigrations(wrapPglite(pglite));
    const quiet = { error() {}, warn() {} } as unknown as FastifyBaseLogger;
    await (await startJobQueues(wrapPglite(pglite), 60, quiet)).stop();
    const dump = Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer());
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, dump);
    renameSync(partial, file);
    return dump;
  } finally {
    await pglite.close();
  }
}

const COMPILED = Symbol.for('tshirt.test.compiledPglite');
const TEMPLATE = Symbol.for('tshirt.test.pgliteTemplate');

interface CompiledPglite {
  pgliteWasmModule: WebAssembly.Module;
  initdbWasmModule: WebAssembly.Module;
  fsBundle: Blob;
}

/**
 * What PGlite reads of a Blob (`arrayBuffer()` and `type`) over bytes kept in memory, each read a
 * copy of them in one piece, where node:buffer's Blob hands them over in chunks that are then
 * joined (about 0.3 CPU-seconds more for the 40 MB template and the file bundle, at every database).
 */
function bytesAsBlob(bytes: Uint8Array): Blob {
  const blob = {
    type: '',
    size: bytes.byteLength,
    arrayBuffer: async () =>
      bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength),
  };
  return blob as unknown as Blob;
}

/**
 * The template's tens of megabytes, read once per Jest worker and kept beside the compiled
 * WebAssembly: every later test file's database loads from a copy of the same bytes.
 */
function templateBlob(pglite: PgliteModule): Promise<Blob> {
  const holder = pglite as unknown as { [TEMPLATE]?: Promise<Blob> };
  holder[TEMPLATE] ??= templateDump(pglite.PGlite).then(bytesAsBlob);
  // A failed read is tried again by the next file.
  holder[TEMPLATE].catch(() => delete holder[TEMPLATE]);
  return holder[TEMPLATE];
}

/**
 * PGlite's WebAssembly, compiled, and its file bundle: kept on Node's own module object of PGlite,
 * which outlives a test file in its Jest worker (each file has a sandbox of its own).
 */
async function compiledPglite(pglite: PgliteModule): Promise<CompiledPglite> {
  const holder = pglite as unknown as { [COMPILED]?: Promise<CompiledPglite> };
  holder[COMPILED] ??= (async () => {
    const dist = dirname(require.resolve('@electric-sql/pglite'));
    // Compiled in Node's own realm, where PGlite runs: it checks `instanceof WebAssembly.Module`.
    const WebAssembly = runInThisContext('WebAssembly') as typeof globalThis.WebAssembly;
    const [pgliteWasmModule, initdbWasmModule] = await Promise.all(
      ['pglite.wasm', 'initdb.wasm'].map((file) =>
        WebAssembly.compile(readFileSync(join(dist, file))),
      ),
    );
    const fsBundle = bytesAsBlob(readFileSync(join(dist, 'pglite.data')));
    return { pgliteWasmModule, initdbWasmModule, fsBundle } as CompiledPglite;
  })();
  return holder[COMPILED];
}
/** In memory, or in `dataDir` (created from the template when new, resumed when it exists). */
export async function openTestDatabase(dataDir?: string): Promise<Database> {
  const pgliteModule = loadPgliteNatively();
  const { PGlite } = pgliteModule;
  const isNew = dataDir === undefined || !existsSync(join(dataDir, 'PG_VERSION'));
  const loadDataDir = isNew ? await templateBlob(pgliteModule) : undefined;
  const pglite = await PGlite.create({
    ...(await compiledPglite(pgliteModule)),
    ...(dataDir && { dataDir }),
    ...(loadDataDir && { loadDataDir }),
    startParams: pgliteStartParams(PGlite.defaultStartParams, TEST_SHARED_BUFFERS_MB),
  });
  const db = wrapPglite(pglite);
  await runMigrations(db);
  return db;
}

/** Makes `dataDir` a server's DATA_DIR holding an already migrated embedded database (fast). */
export async function prepareDataDir(dataDir: string): Promise<void> {
  await (await openTestDatabase(pgliteFolder(dataDir))).close();
}
