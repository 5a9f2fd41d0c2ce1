/**
 * Art engine benchmark: SVG generation time and size (every style × every shirt colour × several
 * prompts), the print PNG render time per style (3600 × 4800, ART_BENCH_RENDERS renders each)
 * against the 3 s goal, and the contrast rule checked on every style × shirt × prompt.
 * Prints a markdown table and, last, one `DATA {json}` line for the report's goals.
 * Run: npx tsx bench/art/artBench.ts
 */
import { performance } from 'node:perf_hooks';
import { ART_STYLES, SHIRT_COLORS, SHIRT_COLOR_HEX } from '@tshirt/shared/catalog';
import { generateArtworkSvg, measureThemeCoverage, renderPrintPng } from '@tshirt/art';
import type { ArtFields } from '@tshirt/shared/schemas';
import { inkRuleProblems, measureInk } from '@tshirt/art/ink';
import type { ArtFigures } from './runArtBench';

const PROMPTS: ReadonlyArray<Omit<ArtFields, 'style'>> = [
  { interests: '', colors: '', target: '', occasion: '', objects: '' },
  { interests: 'jazz saxophone, new orleans', colors: 'navy and black', target: '', occasion: '', objects: '' },
  { interests: 'golf and fishing', colors: 'forest green, gold', target: 'Grandpa', occasion: 'retirement', objects: '' },
  { interests: 'cats, coffee', colors: 'cream, pale yellow and white', target: 'Maximilian Alexander', occasion: 'birthday', objects: 'cat' },
  { interests: 'space, rockets', colors: 'red, white and blue', target: 'Maya', occasion: 'birthday', objects: '' },
  { interests: 'surfing', colors: 'sunset', target: '', occasion: '', objects: 'waves, palm trees' },
];
const STYLES = ART_STYLES.filter((style) => style !== '');

function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
}

function summarise(samples: number[]): { median: number; p99: number; max: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  return { median: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), max: sorted[sorted.length - 1] ?? Number.NaN };
}

const format = (ms: number) => (ms < 10 ? ms.toFixed(2) : ms.toFixed(0));
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main(): Promise<void> {
  const svgTimes: number[] = [];
  const sizes: number[] = [];
  // Warm up the JIT and the font cache so the first samples do not dominate p99.
  for (let index = 0; index < 20; index += 1) generateArtworkSvg({ ...(PROMPTS[index % PROMPTS.length] as (typeof PROMPTS)[number]), style: 'Cartoon' }, index);
  let seed = 10_000;
  for (const style of ART_STYLES) {
    for (const shirt of SHIRT_COLORS) {
      for (const prompt of PROMPTS) {
        const start = performance.now();
        const svg = generateArtworkSvg({ ...prompt, style }, (seed += 1), shirt);
        svgTimes.push(performance.now() - start);
        sizes.push(Buffer.byteLength(svg));
      }
    }
  }

  // The contrast rule on every style × shirt × prompt, judged from rendered pixels.
  let checked = 0;
  let met = 0;
  let narrowest = 1;
  for (const style of STYLES) {
    for (const shirt of SHIRT_COLORS) {
      for (const prompt of PROMPTS) {
        const report = measureInk(generateArtworkSvg({ ...prompt, style }, 77, shirt), SHIRT_COLOR_HEX[shirt]);
        checked += 1;
        if (inkRuleProblems(report).length === 0) met += 1;
        narrowest = Math.min(narrowest, report.widthShare);
      }
    }
  }

  const renders = Number(process.env.ART_BENCH_RENDERS ?? 10);
  const printByStyle: ArtFigures['printByStyle'] = [];
  for (const style of STYLES) {
    const times: number[] = [];
    for (let index = 0; index < renders; index += 1) {
      const shirt = SHIRT_COLORS[index % SHIRT_COLORS.length] ?? 'Black';
      const svg = generateArtworkSvg({ ...(PROMPTS[index % PROMPTS.length] as (typeof PROMPTS)[number]), style }, 500 + index, shirt);
      const start = performance.now();
      await renderPrintPng(svg);
      times.push(performance.now() - start);
    }
    const figures = summarise(times);
    printByStyle.push({ style, renders, p50Ms: figures.median, p99Ms: figures.p99 });
  }

  const themes = measureThemeCoverage();
  const svg = summarise(svgTimes);
  const size = summarise(sizes);
  console.log(`| Measure | Samples | Median | p99 | Max | Goal |`);
  console.log(`| --- | --- | --- | --- | --- | --- |`);
  console.log(`| SVG generation (every style × ${SHIRT_COLORS.length} shirts × ${PROMPTS.length} prompts) | ${svgTimes.length} | ${format(svg.median)} ms | ${format(svg.p99)} ms | ${format(svg.max)} ms | |`);
  console.log(`| SVG size | ${sizes.length} | ${kb(size.median)} | ${kb(size.p99)} | ${kb(size.max)} | ≤ 60 KB |`);
  for (const row of printByStyle) {
    console.log(`| Print PNG 3600 × 4800, ${row.style} | ${row.renders} | ${format(row.p50Ms)} ms | ${format(row.p99Ms)} ms | | p99 ≤ 3000 ms |`);
  }
  console.log(`| Contrast rule met (style × shirt × prompt, rendered) | ${checked} | ${met} of ${checked} | | | all |`);
  console.log(`| Narrowest artwork (share of the print width) | ${checked} | ${(narrowest * 100).toFixed(0)}% | | | ≥ 70% |`);
  console.log(`| Popular t-shirt themes whose main subject is drawn (art/themes/popular-themes.json) | ${themes.total} | ${themes.drawn} of ${themes.total} (${((themes.drawn / themes.total) * 100).toFixed(1)}%) | | | ≥ 90% |`);
  console.log(`\nThemes not drawn: ${themes.missed.map((miss) => `${miss.theme} (${miss.drew})`).join(', ') || 'none'}.`);
  console.log(`\nNode ${process.version}, ${process.platform}/${process.arch}; print renders with resvg on the libuv thread pool, one at a time.`);
  const figures: ArtFigures = {
    svgMaxBytes: size.max,
    printByStyle,
    contrastChecked: checked,
    contrastMet: met,
    narrowestWidthShare: narrowest,
    themesTotal: themes.total,
    themesDrawn: themes.drawn,
  };
  console.log(`DATA ${JSON.stringify(figures)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
