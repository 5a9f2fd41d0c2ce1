import type { VitalsSummaryRow } from '../vitals/vitalsRepository';
import { printable } from './printable';

function formatP75(name: string, p75: unknown): string {
  if (typeof p75 !== 'number' || !Number.isFinite(p75)) return '—';
  return name === 'CLS' ? p75.toFixed(3) : `${Math.round(p75)} ms`;
}

/**
 * One aligned row per metric and route; CLS has no unit, the others are milliseconds. Whatever a
 * row holds (a value that is not a number, a route with control characters), it prints one line.
 */
export function formatVitals(rows: readonly VitalsSummaryRow[]): string {
  if (rows.length === 0) return 'No Web Vitals recorded yet.';
  const header = ['metric', 'route', 'samples', 'p75'];
  const body = rows.map((row) => [
    printable(String(row.name)),
    printable(String(row.route)),
    printable(String(row.samples)),
    formatP75(row.name, row.p75),
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...body.map((line) => (line[column] ?? '').length)),
  );
  return [header, ...body]
    .map((line) => line.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  '))
    .join('\n');
}
