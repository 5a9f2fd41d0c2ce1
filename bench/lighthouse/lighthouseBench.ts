/** Benchmark 2: Lighthouse mobile and desktop on `/` and `/product`, median of 3 runs each. */
import { startStoreServer } from '../../e2e/src/harness/storeServer';
import {
  runLighthouse,
  summariseRuns,
  type LighthousePreset,
  type LighthouseRun,
  type LighthouseSeries,
} from './runLighthouse';

export const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
export const LIGHTHOUSE_PAGES = ['/', '/product'] as const;
export const LIGHTHOUSE_PRESETS: readonly LighthousePreset[] = ['mobile', 'desktop'];

export type LighthouseResult = Record<
  LighthousePreset,
  Record<(typeof LIGHTHOUSE_PAGES)[number], LighthouseSeries>
>;

function reportName(preset: string, page: string, run: number): string {
  return `${preset}-${page === '/' ? 'home' : page.slice(1)}-${run}`;
}

export async function runLighthouseBench(): Promise<LighthouseResult> {
  const server = await startStoreServer();
  try {
    const result: Partial<Record<LighthousePreset, Record<string, LighthouseSeries>>> = {};
    for (const preset of LIGHTHOUSE_PRESETS) {
      const byPage: Record<string, LighthouseSeries> = {};
      for (const page of LIGHTHOUSE_PAGES) {
        const runs: LighthouseRun[] = [];
        for (let run = 1; run <= LIGHTHOUSE_RUNS; run += 1) {
          console.log(`  lighthouse ${preset} ${page} run ${run}/${LIGHTHOUSE_RUNS}`);
          runs.push(
            await runLighthouse(
              new URL(page, server.url).href,
              preset,
              reportName(preset, page, run),
            ),
          );
        }
        byPage[page] = summariseRuns(runs);
      }
      result[preset] = byPage;
    }
    return result as LighthouseResult;
  } finally {
    await server.stop();
  }
}
