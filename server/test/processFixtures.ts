/**
 * The set-ups the process tests share (fixtures.ts holds the rest): stand-ins of the outside
 * services made fresh for each test, since a fault test takes one down or has it hang; the store
 * as a real process on them; and apps on a throwaway Postgres, started together as instances
 * behind a load balancer would be. What a test starts is stopped after it.
 */
import {
  startStandIns,
  type StandInChoice,
  type StandIns,
} from '@tshirt/tooling/test/storeRequests';
import { startStoreServer, type StoreServer } from '@tshirt/tooling/test/storeServer';
import type { FrontEndFolders } from './fixtures';
import { startApp, testConfig, type RunningApp } from './helpers';
import { startRealPostgres, type RealPostgres } from './realPostgres';

function started<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what} is started before each test: use it in one`);
  return value;
}

/**
 * The chosen stand-ins (storeRequests' startStandIns), started before each test and stopped after
 * it: what one test told them, or what they received, never reaches the next.
 */
export function withStandInsForEachTest(choice: StandInChoice): Omit<StandIns, 'close'> {
  let standIns: StandIns | undefined;
  beforeEach(async () => {
    standIns = await startStandIns(choice);
  });
  afterEach(async () => {
    await standIns?.close();
    standIns = undefined;
  });
  return {
    get stripe() {
      return started(standIns, 'The Stripe stand-in').stripe;
    },
    get printProvider() {
      return started(standIns, 'The print provider stand-in').printProvider;
    },
    get smtp() {
      return started(standIns, 'The SMTP stand-in').smtp;
    },
    env: () => started(standIns, 'The stand-ins').env(),
  };
}

/**
 * The store as a real process (tooling's startStoreServer) on the fake front end and
 * `env()` (the stand-ins' settings, say): `start(more)` starts one, `more` on top, and waits until
 * it is healthy. Each is stopped after its test, a killed one included.
 */
export function withStoreProcesses(
  frontEnd: FrontEndFolders,
  env: () => Record<string, string> = () => ({}),
): { start(more?: Record<string, string>): Promise<StoreServer> } {
  const running: StoreServer[] = [];
  afterEach(async () => {
    for (const server of running.splice(0)) await server.stop();
  });
  return {
    async start(more = {}) {
      const server = await startStoreServer({ ...frontEnd.env, ...env(), ...more });
      running.push(server);
      return server;
    },
  };
}

/**
 * A throwaway Postgres for the block's tests, and apps on it: `startTogether(count, env)` starts
 * `count` instances at once, each with its own connection pool as separate processes would have,
 * on the fake front end and the test defaults, `env` on top; they are closed after the test (if
 * the test has not closed them).
 */
export function withRealPostgresApps(frontEnd: FrontEndFolders): {
  readonly postgres: RealPostgres;
  startTogether(count: number, env?: Record<string, string>): Promise<RunningApp[]>;
} {
  let postgres: RealPostgres | undefined;
  const running: RunningApp[] = [];
  beforeAll(async () => {
    postgres = await startRealPostgres();
  });
  afterEach(async () => {
    for (const app of running.splice(0)) await app.close();
  });
  afterAll(() => postgres?.remove());
  const server = () => {
    if (!postgres) throw new Error('The Postgres server starts in beforeAll: use it in a test');
    return postgres;
  };
  return {
    get postgres() {
      return server();
    },
    async startTogether(count, env = {}) {
      const config = {
        ...testConfig({ ...frontEnd.env, ...env }),
        storage: { kind: 'postgres' as const, databaseUrl: server().databaseUrl },
      };
      return Promise.all(
        Array.from({ length: count }, async () => {
          const app = await startApp(config);
          // Closed once, whether the test closes it first or not.
          let closed: Promise<void> | undefined;
          const instance = { ...app, close: () => (closed ??= app.close()) };
          running.push(instance);
          return instance;
        }),
      );
    },
  };
}
