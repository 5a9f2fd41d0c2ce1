/** Core Web Vitals beacons from shoppers' browsers, and their 75th percentiles for the owner. */
import type { Queryable } from '../storage/database';
import type { WebVitalReport } from '@tshirt/shared/types';

export interface VitalsSummaryRow {
  name: string;
  route: string;
  samples: number;
  p75: number;
}

export interface VitalsRepository {
  insert(reports: readonly WebVitalReport[]): Promise<void>;
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
    async p75ByMetricAndRoute() {
      return db.query<VitalsSummaryRow>(
        `SELECT name, route, count(*)::integer AS samples,
                percentile_cont(0.75) WITHIN GROUP (ORDER BY value) AS p75
         FROM web_vitals GROUP BY name, route ORDER BY name, route`,
      );
    },
  };
}
