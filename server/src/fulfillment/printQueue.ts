/**
 * The durable queue of orders to send to the print provider: pg-boss, on the store's own database
 * (the embedded one or the shared Postgres). A job is put on the queue in the same transaction that
 * marks its order paid, so a paid order always has its job and a crash never loses one; pg-boss
 * hands each job to one worker of one instance at a time (SKIP LOCKED), retries it with backoff and
 * gives a job whose worker died to another once it expires.
 */
import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../storage/database';

export const PRINT_QUEUE = 'print-submission';

export interface PrintJob {
  orderId: string;
}

/** What one delivery of a job knows about its tries. */
export interface PrintJobAttempt {
  orderId: string;
  /** True on the last try pg-boss will make: a failure now is final. */
  lastTry: boolean;
}

export interface PrintQueueSettings {
  /** Tries of one job before it is given up. */
  attempts: number;
  /** Wait before the second try; doubled for each one after. */
  retryDelaySeconds: number;
  /** Longest a try may take (a provider call's time limit, plus margin); then another worker may take it. */
  expireInSeconds: number;
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
      if (MANY_STATEMENTS.test(text.trim().replace(/;\s*$/, ''))) {
        await db.exec(text);
        return { rows: [] };
      }
      return { rows: await db.query(text) };
    },
  };
}

export interface PrintQueue {
  /** Puts the order on the queue inside the caller's transaction. */
  enqueue(tx: Queryable, orderId: string): Promise<void>;
  /** Starts taking jobs; `submit` throws to have the job tried again later. */
  work(submit: (attempt: PrintJobAttempt) => Promise<void>): Promise<void>;
  stop(): Promise<void>;
}

/** Instances starting together on a new database race to install pg-boss's schema: the loser tries again. */
const START_TRIES = 5;

async function startPgBoss(
  db: Queryable,
  settings: PrintQueueSettings,
  log: FastifyBaseLogger,
): Promise<PgBoss> {
  for (let attempt = 1; ; attempt += 1) {
    const boss = new PgBoss({
      db: pgBossDatabase(db),
      schema: 'pgboss',
      // No cron schedules here; maintenance (expiring jobs of dead workers) as often as a job can expire.
      schedule: false,
      maintenanceIntervalSeconds: Math.min(120, settings.expireInSeconds),
      monitorStateIntervalSeconds: 60,
    } as PgBoss.ConstructorOptions);
    boss.on('error', (error) => log.error({ err: error }, 'the print queue reported an error'));
    try {
      await boss.start();
      return boss;
    } catch (error) {
      await boss.stop({ graceful: false, wait: false }).catch(() => undefined);
      if (attempt >= START_TRIES) throw error;
      log.warn({ err: error, attempt }, 'the print queue did not start; trying again');
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
}

export async function startPrintQueue(
  db: Queryable,
  settings: PrintQueueSettings,
  log: FastifyBaseLogger,
): Promise<PrintQueue> {
  const boss = await startPgBoss(db, settings, log);
  const queue = {
    name: PRINT_QUEUE,
    retryLimit: settings.attempts - 1,
    retryDelay: settings.retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: settings.expireInSeconds,
    // Jobs are kept a fortnight for the owner's questions; the order row keeps the outcome for good.
    retentionMinutes: 14 * 24 * 60,
  };
  await boss.createQueue(PRINT_QUEUE, queue);
  // createQueue keeps an existing queue's settings: a changed PRINT_SUBMIT_ATTEMPTS applies anyway.
  await boss.updateQueue(PRINT_QUEUE, queue);

  return {
    async enqueue(tx, orderId) {
      await boss.send(PRINT_QUEUE, { orderId } satisfies PrintJob, { db: pgBossDatabase(tx) });
    },
    async work(submit) {
      await boss.work<PrintJob>(
        PRINT_QUEUE,
        { pollingIntervalSeconds: 1, includeMetadata: true },
        async ([job]) => {
          if (!job) return;
          await submit({
            orderId: job.data.orderId,
            lastTry: job.retryCount >= job.retryLimit,
          });
        },
      );
    },
    stop: () => boss.stop({ graceful: true, wait: true, timeout: 5_000 }),
  };
}
