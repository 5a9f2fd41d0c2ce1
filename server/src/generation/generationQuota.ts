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

export function createGenerationQuota(db: Queryable): GenerationQuota {
  return {
    async tryConsume(clientKey, day, dailyLimit) {
      const rows = await db.query<{ count: number }>(
        `INSERT INTO generation_quota AS quota (client_key, day, count)
         VALUES ($1, $2::date, 1)
         ON CONFLICT (client_key, day) DO UPDATE SET count = quota.count + 1
         WHERE quota.count < $3
         RETURNING quota.count`,
        [clientKey, day, dailyLimit],
      );
      return rows.length === 1;
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
