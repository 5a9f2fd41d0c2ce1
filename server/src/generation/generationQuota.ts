/**
 * The daily generation limit, counted per visitor and UTC day in the database. One atomic statement
 * takes the quota of every request that arrived while the previous one ran (all visitors together:
 * a statement costs the embedded database far more than a row), so concurrent requests and several
 * server instances never overshoot.
 */
import type { Queryable } from '../storage/database';
import { createStatementPacer } from '../storage/statementPacing';

/** `YYYY-MM-DD` of the UTC day `now` falls in. */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** Whole seconds until the next UTC midnight, at least 1 (the Retry-After of the limit answer). */
export function secondsUntilNextUtcMidnight(now: Date): number {
  const nextMidnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((nextMidnight - now.getTime()) / 1000));
}

export interface GenerationQuota {
  /** Takes one generation from the visitor's quota for `day`; false when the limit is reached. */
  tryConsume(clientKey: string, day: string, dailyLimit: number): Promise<boolean>;
  /** Returns a unit taken for a generation that failed. */
  giveBack(clientKey: string, day: string): Promise<void>;
  usedOn(clientKey: string, day: string): Promise<number>;
}

interface Asking {
  resolve: (granted: boolean) => void;
  reject: (error: unknown) => void;
}

/** The visitors asking for quota on one day under one limit, each with its waiting requests. */
interface AskingGroup {
  day: string;
  dailyLimit: number;
  visitors: Map<string, Asking[]>;
}

/** Visitors in one statement: two array parameters, so any number fits; this keeps each one short. */
export const MAX_VISITORS_PER_STATEMENT = 500;

/**
 * Takes quota for many visitors in one statement: each visitor gets as many units as are left, up
 * to the number its requests asked for, and the row records how many it took (`last_grant`) under
 * the row's lock, so concurrent statements (and several instances) never overshoot the limit.
 * A visitor appears once per statement (Postgres refuses to update a row twice in one), and rows
 * are locked in key order, so two instances' statements never wait on each other (no deadlock).
 * The inserted row's `count` is what the visitor asked, capped at the limit: a grant of more than
 * the limit could never happen, so it stands for "asked" in the update as well.
 */
async function take(
  db: Queryable,
  day: string,
  dailyLimit: number,
  asked: ReadonlyArray<readonly [visitor: string, wanted: number]>,
): Promise<Map<string, number>> {
  const rows = await db.query<{ client_key: string; last_grant: number }>(
    `INSERT INTO generation_quota AS quota (client_key, day, count, last_grant)
     SELECT asked.client_key, $1::date, LEAST(asked.wanted, $2::int), LEAST(asked.wanted, $2::int)
       FROM unnest($3::text[], $4::int[]) AS asked(client_key, wanted)
       ORDER BY asked.client_key
     ON CONFLICT (client_key, day) DO UPDATE
       SET count = LEAST(quota.count + EXCLUDED.count, GREATEST(quota.count, $2::int)),
           last_grant = LEAST(quota.count + EXCLUDED.count, GREATEST(quota.count, $2::int)) - quota.count
     RETURNING quota.client_key, quota.last_grant`,
    [day, dailyLimit, asked.map(([visitor]) => visitor), asked.map(([, wanted]) => wanted)],
  );
  return new Map(rows.map((row) => [row.client_key, row.last_grant]));
}

export function createGenerationQuota(db: Queryable): GenerationQuota {
  /** Requests waiting for the next statement, by day and limit. */
  let asking = new Map<string, AskingGroup>();
  let taking = false;
  const pace = createStatementPacer();

  async function takeFor(group: AskingGroup): Promise<void> {
    const visitors = [...group.visitors];
    for (let start = 0; start < visitors.length; start += MAX_VISITORS_PER_STATEMENT) {
      const chunk = visitors.slice(start, start + MAX_VISITORS_PER_STATEMENT);
      try {
        const granted = await take(
          db,
          group.day,
          group.dailyLimit,
          chunk.map(([visitor, waiting]) => [visitor, waiting.length] as const),
        );
        for (const [visitor, waiting] of chunk) {
          const units = granted.get(visitor) ?? 0;
          waiting.forEach((request, index) => request.resolve(index < units));
        }
      } catch (error) {
        for (const [, waiting] of chunk) waiting.forEach((request) => request.reject(error));
      }
    }
  }

  /**
   * One statement at a time, at most one every STATEMENT_GAP_MS: the requests that arrive while one
   * runs or waits form the next.
   */
  async function flush(): Promise<void> {
    taking = true;
    while (asking.size > 0) {
      await pace(
        [...asking.values()].some((group) => group.visitors.size >= MAX_VISITORS_PER_STATEMENT),
      );
      const groups = asking;
      asking = new Map();
      for (const group of groups.values()) await takeFor(group);
    }
    taking = false;
  }

  return {
    tryConsume(clientKey, day, dailyLimit) {
      return new Promise<boolean>((resolve, reject) => {
        const key = `${day} ${dailyLimit}`;
        let group = asking.get(key);
        if (!group) {
          group = { day, dailyLimit, visitors: new Map() };
          asking.set(key, group);
        }
        const waiting = group.visitors.get(clientKey) ?? [];
        waiting.push({ resolve, reject });
        group.visitors.set(clientKey, waiting);
        if (!taking) {
          taking = true;
          setImmediate(() => void flush());
        }
      });
    },
    async giveBack(clientKey, day) {
      await db.query(
        `UPDATE generation_quota SET count = count - 1
         WHERE client_key = $1 AND day = $2::date AND count > 0`,
        [clientKey, day],
      );
    },
    async usedOn(clientKey, day) {
      const rows = await db.query<{ count: number }>(
        'SELECT count FROM generation_quota WHERE client_key = $1 AND day = $2::date',
        [clientKey, day],
      );
      return rows[0]?.count ?? 0;
    },
  };
}
