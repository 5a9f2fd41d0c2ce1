/**
 * The browser tests' stores: the real server (`startStoreServer`), each on its own copy of one
 * store's data folder made at the start of the run (globalSetup.ts), so each starts as a store
 * restarts on its data, not as a first start that creates its database (initdb, the migrations and
 * the job queue's tables). A first start is the server's own tests' concern.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  withStoreServerAndStandIns,
  type StandInChoice,
  type StoreWithStandIns,
} from '@tshirt/tooling/test/storeRequests';
import {
  SERVER_COMMAND,
  spawnServerProcess,
  startStoreServer,
  waitUntilAnswering,
  type StoreServer,
} from '@tshirt/tooling/test/storeServer';

/** Where the run's store data folder is (set by globalSetup.ts for the run). */
export const STORE_DATA_TEMPLATE_VARIABLE = 'E2E_STORE_DATA_TEMPLATE';

/** A first start on empty data (initdb, the migrations) on a loaded 2-core machine. */
const FIRST_START_WITHIN_MS = 180_000;

/** Starts a store on a fresh data folder, stops it, and returns that folder: the run's template. */
export async function makeStoreDataTemplate(): Promise<string> {
  const folder = mkdtempSync(join(tmpdir(), 'tshirt-store-template-'));
  const store = await spawnServerProcess(SERVER_COMMAND, { DATA_DIR: folder });
  await waitUntilAnswering(store, `${store.url}/healthz`, {
    what: 'the first store of the run',
    timeoutMs: FIRST_START_WITHIN_MS,
  });
  store.child.kill('SIGTERM');
  await store.exited;
  return folder;
}

/** A copy of the run's store data in `folder` (a new temporary folder when not given). */
export function storeDataIn(folder?: string): string {
  const target = folder ?? mkdtempSync(join(tmpdir(), 'tshirt-store-'));
  const template = process.env[STORE_DATA_TEMPLATE_VARIABLE];
  if (template) cpSync(template, target, { recursive: true });
  return target;
}

/**
 * `startStoreServer(env)` on a copy of the run's store data: in `env.DATA_DIR` when given (the test
 * reads it and removes it), else in a temporary folder that `stop()` removes.
 */
export async function startStore(env: Record<string, string> = {}): Promise<StoreServer> {
  const own = env.DATA_DIR === undefined;
  const dataDir = storeDataIn(env.DATA_DIR);
  const removeOwn = () => {
    if (own) rmSync(dataDir, { recursive: true, force: true });
  };
  let server: StoreServer;
  try {
    server = await startStoreServer({ ...env, DATA_DIR: dataDir });
  } catch (error) {
    removeOwn();
    throw error;
  }
  return {
    ...server,
    async stop() {
      await server.stop();
      removeOwn();
    },
  };
}

/**
 * `withStoreServerAndStandIns(choice, env)` on a copy of the run's store data: in the `DATA_DIR`
 * that `env` gives (the test reads it and removes it), else in a temporary folder removed after the
 * store stops.
 */
export function withStoreAndStandIns(
  choice: StandInChoice,
  env: Record<string, string> | (() => Record<string, string>) = {},
): StoreWithStandIns {
  const settings = () => (typeof env === 'function' ? env() : env);
  let dataDir: string | undefined;
  let own = false;
  beforeAll(() => {
    const given = settings().DATA_DIR;
    own = given === undefined;
    dataDir = storeDataIn(given);
  });
  const store = withStoreServerAndStandIns(choice, () => ({
    ...settings(),
    DATA_DIR: dataDir as string,
  }));
  // Registered after the store's own afterAll, so it runs once the store has stopped.
  afterAll(() => {
    if (own && dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  return store;
}
