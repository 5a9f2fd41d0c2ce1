import type { FastifyBaseLogger } from 'fastify';
import { waitUntil } from '@tshirt/tooling/test/waitUntil';
import { startRealPostgres, type RealPostgres } from '../../test/realPostgres';
import { openDatabase, type Database } from '../storage/database';
import { openPgliteThread } from '../storage/pgliteThread';
import { pgBossDatabase, startJobQueues } from './jobQueue';

/** A logger that keeps what was said at each level. */
function recordingLogger() {
  const said: { error: unknown[][]; warn: unknown[][] } = { error: [], warn: [] };
  const record =
    (level: 'error' | 'warn') =>
    (...args: unknown[]) => {
      said[level].push(args);
    };
  const logger = {
    error: record('error'),
    warn: record('warn'),
    info: () => undefined,
    debug: () => undefined,
    trace: () => undefined,
    fatal: record('error'),
    child: () => logger,
    level: 'info',
  };
  return { logger: logger as unknown as FastifyBaseLogger, said };
}

let postgres: RealPostgres | undefined;
afterAll(() => postgres?.remove());

// Each database as the store runs it: the embedded one on its own thread, whose Dates are its own
// (PGlite on Jest's thread would refuse the Dates pg-boss makes in Jest's sandbox, another realm's),
// and a shared Postgres through pg.
const DATABASES: Array<[string, () => Promise<Database>]> = [
  ['the embedded database', () => openPgliteThread(undefined)],
  [
    'a shared Postgres',
    async () => {
      postgres = await startRealPostgres();
      return openDatabase({ kind: 'postgres', databaseUrl: postgres.databaseUrl });
    },
  ],
];

describe.each(DATABASES)('the job queues on %s', (_name, open) => {
  let db: Database;
  beforeAll(async () => {
    db = await open();
  }, 60_000);
  afterAll(async () => {
    await db?.close();
  });

  it("answers the rows of every statement of a multi-statement query, as pg-boss's locked commands read them", async () => {
    const { rows } = await pgBossDatabase(db).executeSql(
      'SELECT 1 AS lock; SELECT 2 AS claimed; SELECT 3 AS done;',
    );
    expect(rows).toEqual([{ lock: 1 }, { claimed: 2 }, { done: 3 }]);
    const inTransaction = await db.transaction((tx) =>
      pgBossDatabase(tx).executeSql('SELECT 1 AS lock; SELECT 2 AS claimed'),
    );
    expect(inTransaction.rows).toEqual([{ lock: 1 }, { claimed: 2 }]);
  });

  it('hands a job sent in a transaction to its worker once, and pg-boss reports no error while it runs', async () => {
    const { logger, said } = recordingLogger();
    const queues = await startJobQueues(db, 1, logger);
    try {
      const queue = await queues.queue<{ order: string }>('test-queue', {
        attempts: 2,
        retryDelaySeconds: 1,
        expireInSeconds: 30,
      });
      const handled: string[] = [];
      await queue.work(async ({ data }) => {
        handled.push(data.order);
      });
      await db.transaction((tx) => queue.send(tx, { order: 'TW-0000-0001' }));
      await waitUntil(() => handled.length > 0, 'the worker has the job');
      // pg-boss's own multi-statement work has run: a maintenance pass of the queue and a claim of
      // its background commands (stop() then waits for a pass in flight, so its errors are in).
      await waitUntil(async () => {
        const [queueRow] = await db.query<{ maintained: boolean }>(
          "SELECT maintain_on IS NOT NULL AS maintained FROM pgboss.queue WHERE name = 'test-queue'",
        );
        const [versionRow] = await db.query<{ claimed: boolean }>(
          'SELECT bam_on IS NOT NULL AS claimed FROM pgboss.version',
        );
        return queueRow?.maintained === true && versionRow?.claimed === true;
      }, 'pg-boss has maintained the queue and claimed its background commands');
      expect(handled).toEqual(['TW-0000-0001']);
    } finally {
      await queues.stop();
    }
    expect(said.error.map(([fields]) => (fields as { err?: Error }).err?.message)).toEqual([]);
  });
});
