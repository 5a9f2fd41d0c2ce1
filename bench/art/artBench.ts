/**
 * Art engine benchmark: SVG generation time (500 generations across every style and several
 * prompts) and print PNG render time (3600 × 4800, ~10 renders). Prints a markdown table.
 * Run: npx tsx bench/art/artBench.ts
 */
import { performance } from 'node:perf_hooks';
import { ART_STYLES } from '@tshirt/shared/catalog';
import { generateArtworkSvg, renderPrintPng, type ArtRequest } from '../../server/src/art';

const PROMPTS: ReadonlyArray<Omit<ArtRequest, 'style'>> = [
  { interests: '', colors: '', target: '', occasion: '', objects: '' },
  {
    interests: 'golf and fishing',
    colors: 'forest green, gold',
    target: 'Grandpa',
    occasion: 'retirement',
    objects: '',
  },
  { interests: 'cats, coffee', colors: 'pastel', target: '', occasion: '', objects: 'cat' },
  {
    interests: 'space, rockets',
    colors: 'neon',
    target: 'Maya',
    occasion: 'birthday',
    objects: '',
  },
  {
    interests: 'surfing',
    colors: 'sunset',
    target: '',
    occasion: '',
    objects: 'waves, palm trees',
  },
];

function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
}

function summarise(samples: number[]): { median: number; p99: number; max: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    median: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    max: sorted[sorted.length - 1] ?? Number.NaN,
  };
}

async function main(): Promise<void> {
  const generations = 500;
  const svgTimes: number[] = [];
  const sizes: number[] = [];
  // Warm up the JIT so the first samples do not dominate p99.
  for (let index = 0; index < 20; index += 1)
    generateArtworkSvg(
      { ...(PROMPTS[index % PROMPTS.length] as (typeof PROMPTS)[number]), style: 'Cartoon' },
      index,
    );
  for (let index = 0; index < generations; index += 1) {
    const style = ART_STYLES[index % ART_STYLES.length] ?? '';
    const prompt = PROMPTS[
      Math.floor(index / ART_STYLES.length) % PROMPTS.length
    ] as (typeof PROMPTS)[number];
    const start = performance.now();
    const svg = generateArtworkSvg({ ...prompt, style }, 10_000 + index);
    svgTimes.push(performance.now() - start);
    sizes.push(Buffer.byteLength(svg));
  }
  const renders = Number(process.env.ART_BENCH_RENDERS ?? 10);
  const pngTimes: number[] = [];
  const pngSizes: number[] = [];
  for (let index = 0; index < renders; index += 1) {
    const style = ART_STYLES[(index % (ART_STYLES.length - 1)) + 1] ?? 'Cartoon';
    const svg = generateArtworkSvg(
      { ...(PROMPTS[index % PROMPTS.length] as (typeof PROMPTS)[number]), style },
      500 + index,
    );
    const start = performance.now();
    const png = await renderPrintPng(svg);
    pngTimes.push(performance.now() - start);
    pngSizes.push(png.length);
  }
  const svg = summarise(svgTimes);
  const png = summarise(pngTimes);
  const size = summarise(sizes);
  const format = (ms: number) => (ms < 10 ? ms.toFixed(2) : ms.toFixed(0));
  console.log(`| Measure | Samples | Median | p99 | Max |`);
  console.log(`| --- | --- | --- | --- | --- |`);
  console.log(
    `| SVG generation (all styles × ${PROMPTS.length} prompts) | ${generations} | ${format(svg.median)} ms | ${format(svg.p99)} ms | ${format(svg.max)} ms |`,
  );
  console.log(
    `| SVG size | ${generations} | ${(size.median / 1024).toFixed(1)} KB | ${(size.p99 / 1024).toFixed(1)} KB | ${(size.max / 1024).toFixed(1)} KB |`,
  );
  console.log(
    `| Print PNG render, 3600 × 4800 (resvg) | ${renders} | ${format(png.median)} ms | ${format(png.p99)} ms | ${format(png.max)} ms |`,
  );
  console.log(
    `| Print PNG size | ${renders} | ${(summarise(pngSizes).median / 1024 / 1024).toFixed(2)} MB | | |`,
  );
  console.log(`\nNode ${process.version}, ${process.platform}/${process.arch}.`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
