/**
 * The set-up server test files share, written once: each `with…` function registers the Jest hooks
 * that create its resources before the file's (or describe block's) tests and remove them after,
 * and returns a handle whose fields are there once the tests run. Jest runs `afterAll` hooks in the
 * order they were declared, so a fixture is torn down before anything the file declares after it:
 * a server process started on a fixture's folders is stopped by its own test.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppOverrides } from '../src/app';
import type { Database } from '../src/storage/database';
import {
  createFakeFrontEnd,
  openTestDatabase,
  startApp,
  testConfig,
  injectAsFetch,
  type FakeFrontEnd,
  type RunningApp,
  type SendRequest,
} from './helpers';
import {
  startStandIns,
  type StandInChoice,
  type StandIns as StartedStandIns,
} from '@tshirt/tooling/test/storeRequests';
import { startStandIn, type StandIn } from './standIn';

/** The folders of a fake built front end, and the configuration that points the server at them. */
export type FrontEndFolders = Pick<FakeFrontEnd, 'root' | 'env'>;

function created<T>(value: T | undefined, what: string): T {
  if (value === undefined)
    throw new Error(`${what} is created in beforeAll: use it in a test or hook`);
  return value;
}

function frontEndHandle(current: () => FrontEndFolders | undefined): FrontEndFolders {
  return {
    get root() {
      return created(current(), 'The fake front end').root;
    },
    get env() {
      return created(current(), 'The fake front end').env;
    },
  };
}

/** A fake built front end (helpers.ts), with `prepare` writing more into it first. */
export function withFakeFrontEnd(prepare?: (frontEnd: FakeFrontEnd) => void): FrontEndFolders {
  let frontEnd: FakeFrontEnd | undefined;
  beforeAll(() => {
    frontEnd = createFakeFrontEnd();
    prepare?.(frontEnd);
  });
  afterAll(() => frontEnd?.remove());
  return frontEndHandle(() => frontEnd);
}

/** An empty temporary folder (a DATA_DIR, say). */
export function withTemporaryFolder(prefix: string): { readonly path: string } {
  let folder: string | undefined;
  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), prefix));
  });
  afterAll(() => {
    if (folder) rmSync(folder, { recursive: true, force: true });
  });
  return {
    get path() {
      return created(folder, 'The temporary folder');
    },
  };
}

/** A local stand-in for a third-party HTTP API (standIn.ts). */
export function withStandIn(): Omit<StandIn, 'close'> {
  let standIn: StandIn | undefined;
  beforeAll(async () => {
    standIn = await startStandIn();
  });
  afterAll(() => standIn?.close());
  return {
    get url() {
      return created(standIn, 'The stand-in').url;
    },
    get requests() {
      return created(standIn, 'The stand-in').requests;
    },
    answerWith: (handler) => created(standIn, 'The stand-in').answerWith(handler),
  };
}

export interface TestApps {
  /** The embedded database every app of the file shares (a fresh one per file). */
  readonly db: Database;
  readonly frontEnd: FrontEndFolders;
  /**
   * Starts an app on the database and the front end, configured by `env` on top of the test
   * defaults; it is closed after the test.
   */
  start(env?: Record<string, string>, overrides?: AppOverrides): Promise<RunningApp>;
}

export interface TestServer extends TestApps {
  /** The file's app, started before its tests. */
  readonly app: FastifyInstance;
  readonly url: string;
  /** A request to the file's app through app.inject, for tests to which the socket is no matter. */
  readonly request: SendRequest;
}

export interface TestServerOptions {
  /** Configuration of the file's app on top of the test defaults; a function when it needs
   *  something set up before (a stand-in provider's URL). */
  env?: Record<string, string> | (() => Record<string, string>);
  /** Stand-ins for the file's app (a clock, an image provider). */
  overrides?: Omit<AppOverrides, 'database'>;
  /** Writes into the fake front end before any app starts. */
  prepare?: (frontEnd: FakeFrontEnd) => void;
  /**
   * Starts the block's app on the database and front end of another fixture of the file (one that
   * encloses the block), where a fresh store is not what its tests check; `prepare` is not run.
   */
  sharing?: TestApps;
}

function setUpApps(options: TestServerOptions, withFileApp: boolean): TestServer {
  const { sharing } = options;
  let db: Database | undefined;
  let frontEnd: FrontEndFolders | undefined;
  let ownFrontEnd: FakeFrontEnd | undefined;
  let fileApp: RunningApp | undefined;
  const startedInTest: RunningApp[] = [];

  const start = async (env: Record<string, string> = {}, overrides: AppOverrides = {}) => {
    const config = testConfig({ ...created(frontEnd, 'The fake front end').env, ...env });
    return startApp(config, { database: created(db, 'The test database'), ...overrides });
  };

  beforeAll(async () => {
    if (sharing) {
      db = sharing.db;
      frontEnd = sharing.frontEnd;
    } else {
      db = await openTestDatabase();
      frontEnd = ownFrontEnd = createFakeFrontEnd();
      options.prepare?.(ownFrontEnd);
    }
    if (!withFileApp) return;
    const env = typeof options.env === 'function' ? options.env() : options.env;
    fileApp = await start(env, options.overrides);
  });
  afterEach(async () => {
    for (const app of startedInTest.splice(0)) await app.close();
  });
  afterAll(async () => {
    await fileApp?.close();
    if (sharing) return;
    await db?.close();
    ownFrontEnd?.remove();
  });

  return {
    get app() {
      return created(fileApp, 'The app').app;
    },
    get url() {
      return created(fileApp, 'The app').url;
    },
    request: (path, init) => injectAsFetch(created(fileApp, 'The app').app)(path, init),
    get db() {
      return created(db, 'The test database');
    },
    frontEnd: frontEndHandle(() => frontEnd),
    async start(env, overrides) {
      const app = await start(env, overrides);
      startedInTest.push(app);
      return app;
    },
  };
}

/** A fresh database, a fake front end and an app on a free port, for the tests of a file or block. */
export function withTestServer(options: TestServerOptions = {}): TestServer {
  return setUpApps(options, true);
}

/** A fresh database and a fake front end, for tests that each start their own apps. */
export function withTestApps(options: Pick<TestServerOptions, 'prepare'> = {}): TestApps {
  return setUpApps(options, false);
}

export type { StandInChoice };

/** The stand-ins a file asked for (storeRequests' startStandIns), there once its tests run. */
export type StandIns = Omit<StartedStandIns, 'env' | 'close'> & {
  /** The store's settings that point it at the stand-ins. */
  standInEnv(): Record<string, string>;
};

/**
 * Starts the chosen stand-ins (the print provider fetching no print files unless told) before
 * `setUp` registers the file's apps, and stops them after the apps have stopped (afterAll hooks
 * run in the order they are declared).
 */
function withStandInsAround<T extends object>(
  choice: StandInChoice,
  setUp: (env: () => Record<string, string>) => T,
): T & StandIns {
  let standIns: StartedStandIns | undefined;
  beforeAll(async () => {
    standIns = await startStandIns({
      ...choice,
      printProvider:
        choice.printProvider === true ? { fetchPrintFiles: false } : choice.printProvider,
    });
  });
  const standInEnv = () => created(standIns, 'The stand-ins').env();
  const apps = setUp(standInEnv);
  afterAll(() => standIns?.close());
  return Object.defineProperties(apps, {
    stripe: { get: () => created(standIns, 'The stand-ins').stripe },
    printProvider: { get: () => created(standIns, 'The stand-ins').printProvider },
    smtp: { get: () => created(standIns, 'The stand-ins').smtp },
    standInEnv: { value: standInEnv },
  }) as T & StandIns;
}

/**
 * `withTestServer` whose app talks to stand-ins of the outside services in `standIns`; `env` (or
 * what its function returns) comes on top of their settings.
 */
export function withStoreAndStandIns(
  options: TestServerOptions & { standIns: StandInChoice },
): TestServer & StandIns {
  return withStandInsAround(options.standIns, (standInEnv) =>
    setUpApps(
      {
        ...options,
        env: () => ({
          ...standInEnv(),
          ...(typeof options.env === 'function' ? options.env() : options.env),
        }),
      },
      true,
    ),
  );
}

/**
 * `withTestApps` with stand-ins of the outside services in `standIns`: each app a test starts is
 * pointed at them, its own `env` on top.
 */
export function withAppsAndStandIns(
  options: Pick<TestServerOptions, 'prepare'> & { standIns: StandInChoice },
): TestApps & StandIns {
  return withStandInsAround(options.standIns, (standInEnv) => {
    const apps = setUpApps(options, false);
    return {
      get db() {
        return apps.db;
      },
      frontEnd: apps.frontEnd,
      start: (env?: Record<string, string>, overrides?: AppOverrides) =>
        apps.start({ ...standInEnv(), ...env }, overrides),
    };
  });
}
