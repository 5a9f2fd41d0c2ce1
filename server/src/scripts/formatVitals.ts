import type { VitalsSummaryRow } from '../vitals/vitalsRepository';

/** One aligned row per metric and route; CLS has no unit, the others are milliseconds. */
export function formatVitals(rows: readonly VitalsSummaryRow[]): string {
  if (rows.length === 0) return 'No Web Vitals recorded yet.';
  const header = ['metric', 'route', 'samples', 'p75'];
  const body = rows.map((row) => [
    row.name,
    row.route,
    String(row.samples),
    row.name === 'CLS' ? row.p75.toFixed(3) : `${Math.round(row.p75)} ms`,
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...body.map((line) => (line[column] ?? '').length)),
  );
  return [header, ...body]
    .map((line) => line.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  '))
    .join('\n');
}
