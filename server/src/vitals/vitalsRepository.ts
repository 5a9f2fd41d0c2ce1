/** Core Web Vitals beacons from shoppers' browsers, and their 75th percentiles for the owner. */
import type { Queryable } from '../storage/database';
import { MAX_WEB_VITAL_VALUE, type WebVitalReport } from '@tshirt/shared/schemas';

export interface VitalsSummaryRow {
  name: string;
  route: string;
  samples: number;
  p75: number;
}

export interface VitalsRepository {
  insert(reports: readonly WebVitalReport[]): Promise<void>;
  /** Deletes all but the newest `maxRows` rows and reclaims their space; returns how many went. */
  keepNewest(maxRows: number): Promise<number>;
  p75ByMetricAndRoute(): Promise<VitalsSummaryRow[]>;
}

export function createVitalsRepository(db: Queryable): VitalsRepository {
  return {
    // One statement for the whole batch (at most 10 beacons): one round trip, all or nothing.
    async insert(reports) {
      if (reports.length === 0) return;
      const rows = reports.map(
        (_, index) =>
          `($${index * 5 + 1}, $${index * 5 + 2}, $${index * 5 + 3}, $${index * 5 + 4}, $${index * 5 + 5})`,
      );
      await db.query(
        `INSERT INTO web_vitals (name, value, rating, metric_id, route) VALUES ${rows.join(', ')}`,
        reports.flatMap((report) => [
          report.name,
          report.value,
          report.rating,
          report.id,
          report.route,
        ]),
      );
    },
    async keepNewest(maxRows) {
      // Ids only grow, so this keeps at most the newest `maxRows`.
      const [deleted] = await db.query<{ count: number }>(
        `WITH deleted AS (
           DELETE FROM web_vitals WHERE id <= (SELECT max(id) FROM web_vitals) - $1 RETURNING 1
         ) SELECT count(*)::integer AS count FROM deleted`,
        [maxRows],
      );
      const count = deleted?.count ?? 0;
      // The embedded database has no autovacuum: without this the deleted rows' space (and their
      // index entries, which every later delete would walk) would never be reused.
      if (count > 0) await db.exec('VACUUM web_vitals');
      return count;
    },
    async p75ByMetricAndRoute() {
      // Rows outside the accepted range (stored before it was enforced) would poison a percentile.
      return db.query<VitalsSummaryRow>(
        `SELECT name, route, count(*)::integer AS samples,
                percentile_cont(0.75) WITHIN GROUP (ORDER BY value) AS p75
         FROM web_vitals WHERE value >= 0 AND value <= $1
         GROUP BY name, route ORDER BY name, route`,
        [MAX_WEB_VITAL_VALUE],
      );
    },
  };
}
