/**
 * The daily generation limit, counted per visitor and UTC day in the database. One atomic statement
 * takes a unit of quota, so concurrent requests (and several server instances) never overshoot.
 */
import type { Queryable } from '../storage/database';

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

export function createGenerationQuota(db: Queryable): GenerationQuota {
  /** Requests for quota waiting for the next statement, by visitor, day and limit. */
  let asking = new Map<
    string,
    { clientKey: string; day: string; dailyLimit: number; waiting: Asking[] }
  >();
  let scheduled = false;

  /**
   * One statement for every request of one visitor that arrived together: it takes as many units as
   * are left, up to the number asked, and records how many it took (`last_grant`) under the row's
   * lock, so concurrent statements (and several instances) never overshoot the limit.
   */
  async function take(clientKey: string, day: string, dailyLimit: number, wanted: number) {
    const rows = await db.query<{ last_grant: number }>(
      `INSERT INTO generation_quota AS quota (client_key, day, count, last_grant)
       VALUES ($1, $2::date, LEAST($3::int, $4::int), LEAST($3::int, $4::int))
       ON CONFLICT (client_key, day) DO UPDATE
         SET count = LEAST(quota.count + $3::int, GREATEST(quota.count, $4::int)),
             last_grant = LEAST(quota.count + $3::int, GREATEST(quota.count, $4::int)) - quota.count
       RETURNING quota.last_grant`,
      [clientKey, day, wanted, dailyLimit],
    );
    return rows[0]?.last_grant ?? 0;
  }

  function flush(): void {
    scheduled = false;
    const batch = asking;
    asking = new Map();
    for (const { clientKey, day, dailyLimit, waiting } of batch.values()) {
      take(clientKey, day, dailyLimit, waiting.length).then(
        (granted) => waiting.forEach((request, index) => request.resolve(index < granted)),
        (error: unknown) => waiting.forEach((request) => request.reject(error)),
      );
    }
  }

  return {
    tryConsume(clientKey, day, dailyLimit) {
      return new Promise<boolean>((resolve, reject) => {
        const key = JSON.stringify([clientKey, day, dailyLimit]);
        const entry = asking.get(key) ?? { clientKey, day, dailyLimit, waiting: [] };
        entry.waiting.push({ resolve, reject });
        asking.set(key, entry);
        if (!scheduled) {
          scheduled = true;
          setImmediate(flush);
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
