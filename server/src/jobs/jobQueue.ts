/**
 * The store's durable job queues: pg-boss, on the store's own database (the embedded one or the
 * shared Postgres). A job is put on its queue in the same transaction as the change of state that
 * causes it (an order paid, an email to send), so a crash never loses one; pg-boss hands each job
 * to one worker of one instance at a time (SKIP LOCKED), retries it with backoff and gives a job
 * whose worker died to another once it expires.
 */
import { PgBoss, type ConstructorOptions, type JobWithMetadata } from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../storage/database';

/** How one queue retries its jobs. */
export interface QueueSettings {
  /** Tries of one job before it is given up. */
  attempts: number;
  /** Wait before the second try; doubled for each one after. */
  retryDelaySeconds: number;
  /** Longest a try may take; then another worker may take the job. */
  expireInSeconds: number;
}

/** What one delivery of a job knows about its tries. */
export interface JobAttempt<T> {
  data: T;
  /** True on the last try pg-boss will make: a failure now is final. */
  lastTry: boolean;
}

export interface Queue<T extends object> {
  /** Puts a job on the queue inside the caller's transaction; `startAfterSeconds` holds it back. */
  send(tx: Queryable, data: T, options?: { startAfterSeconds?: number }): Promise<void>;
  /**
   * Starts taking jobs, `workers` at a time (each its own pg-boss worker); `handle` throws to have
   * the job tried again later.
   */
  work(handle: (attempt: JobAttempt<T>) => Promise<void>, workers?: number): Promise<void>;
}

export interface JobQueues {
  /** Creates (or updates the settings of) one named queue. */
  queue<T extends object>(name: string, settings: QueueSettings): Promise<Queue<T>>;
  stop(): Promise<void>;
}

interface PgBossDatabase {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** Several statements in one string (pg-boss's migrations and locked commands) run without parameters. */
const MANY_STATEMENTS = /;\s*\S/;

/** pg-boss's database adapter over the store's Queryable (a pool, the embedded thread, or a transaction). */
export function pgBossDatabase(db: Queryable): PgBossDatabase {
  return {
    async executeSql(text, values) {
      if (values !== undefined && values.length > 0) return { rows: await db.query(text, values) };
      // pg-boss reads the rows of every statement of its locked commands (the lock's row first).
      if (MANY_STATEMENTS.test(text.trim().replace(/;\s*$/, '')))
        return { rows: await db.exec(text) };
      return { rows: await db.query(text) };
    },
  };
}

/** Instances starting together on a new database race to install pg-boss's schema: the loser tries again. */
const START_TRIES = 5;

async function startPgBoss(
  db: Queryable,
  maintenanceSeconds: number,
  log: FastifyBaseLogger,
): Promise<PgBoss> {
  for (let attempt = 1; ; attempt += 1) {
    const boss = new PgBoss({
      db: pgBossDatabase(db),
      schema: 'pgboss',
      // No cron schedules here; maintenance often enough that a dead worker's job moves on soon.
      schedule: false,
      superviseIntervalSeconds: maintenanceSeconds,
      maintenanceIntervalSeconds: maintenanceSeconds,
      monitorIntervalSeconds: 60,
    } satisfies ConstructorOptions);
    boss.on('error', (error) => log.error({ err: error }, 'the job queue reported an error'));
    try {
      await boss.start();
      return boss;
    } catch (error) {
      await boss.stop({ graceful: false }).catch(() => undefined);
      if (attempt >= START_TRIES) throw error;
      log.warn({ err: error, attempt }, 'the job queue did not start; trying again');
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
}

/**
 * Starts pg-boss; `maintenanceSeconds` is how often it expires the jobs of dead workers (as often
 * as the shortest-lived job can expire, so a crashed instance's job moves on soon).
 */
export async function startJobQueues(
  db: Queryable,
  maintenanceSeconds: number,
  log: FastifyBaseLogger,
): Promise<JobQueues> {
  const boss = await startPgBoss(db, maintenanceSeconds, log);
  return {
    async queue<T extends object>(name: string, settings: QueueSettings): Promise<Queue<T>> {
      const options = {
        name,
        retryLimit: settings.attempts - 1,
        retryDelay: settings.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: settings.expireInSeconds,
        // Jobs are kept a fortnight for the owner's questions; the rows they act on keep the outcome.
        retentionSeconds: 14 * 24 * 60 * 60,
      };
      await boss.createQueue(name, options);
      // createQueue keeps an existing queue's settings: changed settings apply anyway.
      await boss.updateQueue(name, options);
      return {
        async send(tx, data, { startAfterSeconds } = {}) {
          await boss.send(name, data, {
            db: pgBossDatabase(tx),
            ...(startAfterSeconds !== undefined && { startAfter: startAfterSeconds }),
          });
        },
        async work(handle, workers = 1) {
          for (let worker = 0; worker < workers; worker += 1) {
            await boss.work(
              name,
              { pollingIntervalSeconds: 1, includeMetadata: true },
              async ([job]: JobWithMetadata<T>[]) => {
                if (!job) return;
                await handle({ data: job.data, lastTry: job.retryCount >= job.retryLimit });
              },
            );
          }
        },
      };
    },
    stop: () => boss.stop({ graceful: true, timeout: 5_000 }),
  };
}
