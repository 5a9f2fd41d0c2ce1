/**
 * Art engine benchmark: SVG generation time and size (every style × every shirt colour × several
 * prompts), the print PNG render time per style (3600 × 4800, ART_BENCH_RENDERS renders each)
 * against the 3 s goal, the contrast rule checked on every style × shirt × prompt, the subject's span
 * of the print area over a wide sample (subjectSpanSample.ts), and the share of the popular and the
 * uncommon themes drawn.
 * Prints a markdown table and, last, one `DATA {json}` line for the report's goals.
 * Run: npx tsx bench/art/artBench.ts
 */
import { performance } from 'node:perf_hooks';
import { ART_STYLES, SHIRT_COLORS, SHIRT_COLOR_HEX } from '@tshirt/shared/catalog';
import { generateArtworkSvg, measureThemeCoverage, readUncommonThemes, renderPrintPng } from '@tshirt/art';
import type { ArtFields } from '@tshirt/shared/schemas';
import { inkRuleProblems, measureInk } from '@tshirt/art/ink';
import type { ArtFigures } from './runArtBench';
import { describeMeasure, measureSpan, spanByLayout, spanSamples } from './subjectSpanSample';

const PROMPTS: ReadonlyArray<Omit<ArtFields, 'style'>> = [
  { interests: '', colors: '', target: '', occasion: '', objects: '' },
  { interests: 'jazz saxophone, new orleans', colors: 'navy and black', target: '', occasion: '', objects: '' },
  { interests: 'golf and fishing', colors: 'forest green, gold', target: 'Grandpa', occasion: 'retirement', objects: '' },
  { interests: 'cats, coffee', colors: 'cream, pale yellow and white', target: 'Maximilian Alexander', occasion: 'birthday', objects: 'cat' },
  { interests: 'space, rockets', colors: 'red, white and blue', target: 'Maya', occasion: 'birthday', objects: '' },
  { interests: 'surfing', colors: 'sunset', target: '', occasion: '', objects: 'waves, palm trees' },
];
const STYLES = ART_STYLES.filter((style) => style !== '');
/** Takes of each request in the span sample: 726 requests × 2 (about 30 s on an idle core). */
const SPAN_SEEDS = 2;
const SPAN_GOAL = 0.6;

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

  // The subject's own span (not the frame's, not the lettering's) over the wide sample: every popular
  // theme alone, in pairs and in threes, two seeds each (the seed picks the layout and arrangement).
  const spans = spanSamples(SPAN_SEEDS).map(measureSpan);
  const smallestSubject = Math.min(...spans.map((measure) => measure.span));
  const spanRows = [...spanByLayout(spans, SPAN_GOAL)].sort(([first], [second]) => first.localeCompare(second));

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
  const uncommon = measureThemeCoverage(readUncommonThemes());
  const share = (coverage: typeof themes) => `${coverage.drawn} of ${coverage.total} (${((coverage.drawn / coverage.total) * 100).toFixed(1)}%)`;
  const svg = summarise(svgTimes);
  const size = summarise(sizes);
  console.log(`| Measure | Samples | Median | p99 | Max | Goal |`);
  console.log(`| --- | --- | --- | --- | --- | --- |`);
  console.log(`| SVG generation (every style × ${SHIRT_COLORS.length} shirts × ${PROMPTS.length} prompts) | ${svgTimes.length} | ${format(svg.median)} ms | ${format(svg.p99)} ms | ${format(svg.max)} ms | |`);
  console.log(`| SVG size | ${sizes.length} | ${kb(size.median)} | ${kb(size.p99)} | ${kb(size.max)} | ≤ 80 KB |`);
  for (const row of printByStyle) {
    console.log(`| Print PNG 3600 × 4800, ${row.style} | ${row.renders} | ${format(row.p50Ms)} ms | ${format(row.p99Ms)} ms | | p99 ≤ 3000 ms |`);
  }
  console.log(`| Contrast rule met (style × shirt × prompt, rendered) | ${checked} | ${met} of ${checked} | | | all |`);
  console.log(`| Narrowest artwork (share of the print width) | ${checked} | ${(narrowest * 100).toFixed(0)}% | | | ≥ 70% |`);
  console.log(`| Smallest subject (its span of the print area's width or height; every popular theme alone, in pairs and in threes, × ${SPAN_SEEDS} seeds, styles and shirts in turn) | ${spans.length} | ${(smallestSubject * 100).toFixed(0)}% | | | ≥ 60% |`);
  for (const [layout, row] of spanRows) {
    console.log(`| ↳ ${layout} layout: smallest subject, ${row.under} under 60% | ${row.count} | ${(row.smallest.span * 100).toFixed(0)}% | | | ≥ 60% |`);
  }
  console.log(`| Popular t-shirt themes whose main subject is drawn (art/themes/popular-themes.json) | ${themes.total} | ${share(themes)} | | | ≥ 98% |`);
  console.log(`| Uncommon themes, 21 not in English, drawn as their subject or the nearest (art/themes/uncommon-themes.json) | ${uncommon.total} | ${share(uncommon)} | | | ≥ 85% |`);
  const missed = (coverage: typeof themes) => coverage.missed.map((miss) => `${miss.theme} (${miss.drew})`).join(', ') || 'none';
  console.log(`\nPopular themes not drawn: ${missed(themes)}. Uncommon themes not drawn: ${missed(uncommon)}.`);
  console.log(`\nSmallest subject per layout: ${spanRows.map(([layout, row]) => `${layout} ${describeMeasure(row.smallest)}`).join('; ')}.`);
  console.log(`\nNode ${process.version}, ${process.platform}/${process.arch}; print renders: resvg's raster on the libuv thread pool, then sharp's PNG encoding, one at a time.`);
  const figures: ArtFigures = {
    svgMaxBytes: size.max,
    printByStyle,
    contrastChecked: checked,
    contrastMet: met,
    narrowestWidthShare: narrowest,
    themesTotal: themes.total,
    themesDrawn: themes.drawn,
    uncommonTotal: uncommon.total,
    uncommonDrawn: uncommon.drawn,
    smallestSubjectShare: smallestSubject,
    subjectsMeasured: spans.length,
  };
  console.log(`DATA ${JSON.stringify(figures)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
