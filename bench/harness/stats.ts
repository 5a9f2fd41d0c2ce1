/** Order statistics used by every benchmark (nearest-rank, so a reported value is a real sample). */

export function percentile(samples: readonly number[], fraction: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[
    Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))
  ] as number;
}

export function median(samples: readonly number[]): number {
  return percentile(samples, 0.5);
}
