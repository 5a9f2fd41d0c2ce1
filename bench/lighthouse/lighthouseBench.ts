/**
 * Benchmark 2: Lighthouse mobile and desktop on `/` and `/product`, median of 3 runs each, and in
 * the same run the limit of `/product`: the page fully loaded and saved with every script removed
 * (pageWithoutScripts.ts), served beside the store. Its mobile runs alternate with `/product`'s,
 * so both share the machine's noise.
 */
import { rmSync } from 'node:fs';
import { startStoreServer } from '@tshirt/tooling/test/storeServer';
import {
  PAGE_WITHOUT_SCRIPTS_PATH,
  copyHostBuild,
  savePageWithoutScripts,
} from './pageWithoutScripts';
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
> & {
  /** `/product` saved with every script removed, mobile: the limit `/product` is judged against. */
  productWithoutScripts?: LighthouseSeries;
};

function reportName(preset: string, page: string, run: number): string {
  const name = page === '/' ? 'home' : page.replace(/^\//, '').replace(/\W+/g, '-');
  return `${preset}-${name}-${run}`;
}

export async function runLighthouseBench(): Promise<LighthouseResult> {
  const hostFolder = copyHostBuild();
  const server = await startStoreServer({ HOST_DIST_DIR: hostFolder });
  try {
    console.log(`  saving ${PAGE_WITHOUT_SCRIPTS_PATH} (/product fully loaded, scripts removed)`);
    await savePageWithoutScripts(new URL('/product', server.url).href, hostFolder);
    const pages: Array<{ preset: LighthousePreset; page: string }> = [
      ...LIGHTHOUSE_PRESETS.flatMap((preset) => LIGHTHOUSE_PAGES.map((page) => ({ preset, page }))),
      { preset: 'mobile', page: PAGE_WITHOUT_SCRIPTS_PATH },
    ];
    const runs = new Map<string, LighthouseRun[]>(
      pages.map(({ preset, page }) => [`${preset} ${page}`, []]),
    );
    // Run by run, every page once per round: pages measured side by side share the noise.
    for (let run = 1; run <= LIGHTHOUSE_RUNS; run += 1) {
      for (const { preset, page } of pages) {
        console.log(`  lighthouse ${preset} ${page} run ${run}/${LIGHTHOUSE_RUNS}`);
        runs
          .get(`${preset} ${page}`)
          ?.push(
            await runLighthouse(
              new URL(page, server.url).href,
              preset,
              reportName(preset, page, run),
            ),
          );
      }
    }
    const series = (preset: LighthousePreset, page: string) =>
      summariseRuns(runs.get(`${preset} ${page}`) ?? []);
    return {
      mobile: { '/': series('mobile', '/'), '/product': series('mobile', '/product') },
      desktop: { '/': series('desktop', '/'), '/product': series('desktop', '/product') },
      productWithoutScripts: series('mobile', PAGE_WITHOUT_SCRIPTS_PATH),
    };
  } finally {
    await server.stop();
    rmSync(hostFolder, { recursive: true, force: true });
  }
}
