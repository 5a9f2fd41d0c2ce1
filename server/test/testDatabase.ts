/**
 * A fresh, migrated embedded database per test file in well under a second: the first one is
 * initialised and migrated for real, then dumped to a template in the temp folder that the
 * following ones (in any test file or later run) load from.
 */
import { Blob as NodeBlob } from 'node:buffer';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import NodeModule from 'node:module';
import { dirname, join } from 'node:path';
import type * as PgliteExports from '@electric-sql/pglite';
import { pgliteFolder, wrapPglite, type Database } from '../src/storage/database';
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

function templateFile(): string {
  const pgliteVersion = readFileSync(
    join(dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json'),
    'utf8',
  );
  const key = createHash('sha256')
    .update(pgliteVersion)
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
    const dump = Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer());
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, dump);
    renameSync(partial, file);
    return dump;
  } finally {
    await pglite.close();
  }
}

/** In memory, or in `dataDir` (created from the template when new, resumed when it exists). */
export async function openTestDatabase(dataDir?: string): Promise<Database> {
  const { PGlite } = loadPgliteNatively();
  const isNew = dataDir === undefined || !existsSync(join(dataDir, 'PG_VERSION'));
  const loadDataDir = isNew ? new NodeBlob([await templateDump(PGlite)]) : undefined;
  const pglite = await PGlite.create({
    ...(dataDir && { dataDir }),
    // node:buffer's Blob is what PGlite reads; only its DOM typing differs.
    ...(loadDataDir && { loadDataDir: loadDataDir as unknown as Blob }),
  });
  const db = wrapPglite(pglite);
  await runMigrations(db);
  return db;
}

/** Makes `dataDir` a server's DATA_DIR holding an already migrated embedded database (fast). */
export async function prepareDataDir(dataDir: string): Promise<void> {
  await (await openTestDatabase(pgliteFolder(dataDir))).close();
}
