/** Whole-machine CPU use over an interval, from /proc/stat: shows whether a load test saturated the cores. */
import { readFileSync } from 'node:fs';

interface CpuTimes {
  busy: number;
  total: number;
}

function readCpuTimes(): CpuTimes | undefined {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    const values = line.trim().split(/\s+/).slice(1).map(Number);
    const idle = (values[3] ?? 0) + (values[4] ?? 0);
    const total = values.reduce((sum, value) => sum + value, 0);
    return { busy: total - idle, total };
  } catch {
    return undefined;
  }
}

/** Starts measuring; the returned function gives the busy share (0–1) since then, or NaN off Linux. */
export function startCpuMeter(): () => number {
  const start = readCpuTimes();
  return () => {
    const end = readCpuTimes();
    if (!start || !end || end.total === start.total) return Number.NaN;
    return (end.busy - start.busy) / (end.total - start.total);
  };
}
