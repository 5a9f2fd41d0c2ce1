/**
 * The wide sample the subject's span is judged over: every popular t-shirt theme alone, and in pairs
 * and threes composed in one scene, each in the styles in turn, on the shirt colours in turn, with
 * several seeds (which pick the page layout and the scene's arrangement). The art bench reports its
 * smallest span; `npx tsx bench/art/subjectSpanSample.ts [seeds]` prints it per layout.
 */
import { ART_STYLES, SHIRT_COLORS, type ArtStyle, type ShirtColor } from '@tshirt/shared/catalog';
import type { ArtFields } from '@tshirt/shared/schemas';
import { generateArtworkSvg, readPopularThemes } from '@tshirt/art';
import { subjectSpan } from '@tshirt/art/ink';

const STYLES = ART_STYLES.filter((style): style is Exclude<ArtStyle, ''> => style !== '');

export interface SpanSample {
  request: ArtFields;
  seed: number;
  shirt: ShirtColor;
}

export interface SpanMeasure {
  sample: SpanSample;
  layout: string;
  span: number;
}

/** Every popular theme alone, with the theme 37 further on, and with the themes 71 and 113 further on; `seeds` takes of each. */
export function spanSamples(seeds: number): SpanSample[] {
  const themes = readPopularThemes().map(({ theme }) => theme);
  const requests = themes.flatMap((theme, index) => [
    theme,
    `${theme}, ${themes[(index + 37) % themes.length]}`,
    `${theme}, ${themes[(index + 71) % themes.length]} and ${themes[(index + 113) % themes.length]}`,
  ]);
  const samples: SpanSample[] = [];
  requests.forEach((interests, index) => {
    for (let take = 0; take < seeds; take += 1) {
      const turn = index * seeds + take;
      const style = STYLES[turn % STYLES.length] as (typeof STYLES)[number];
      const shirt = SHIRT_COLORS[turn % SHIRT_COLORS.length] as ShirtColor;
      samples.push({ request: { interests, colors: '', target: '', occasion: '', objects: '', style }, seed: 1000 * (take + 1) + index, shirt });
    }
  });
  return samples;
}

export function measureSpan(sample: SpanSample): SpanMeasure {
  const svg = generateArtworkSvg(sample.request, sample.seed, sample.shirt);
  return { sample, layout: /^<svg[^>]*data-layout="([a-z]+)"/.exec(svg)?.[1] ?? 'none', span: subjectSpan(svg) };
}

/** Per layout: samples, how many fall under the goal, the smallest span and where. */
export function spanByLayout(measures: readonly SpanMeasure[], goal: number): Map<string, { count: number; under: number; smallest: SpanMeasure }> {
  const rows = new Map<string, { count: number; under: number; smallest: SpanMeasure }>();
  for (const measure of measures) {
    const row = rows.get(measure.layout) ?? { count: 0, under: 0, smallest: measure };
    row.count += 1;
    if (measure.span < goal) row.under += 1;
    if (measure.span < row.smallest.span) row.smallest = measure;
    rows.set(measure.layout, row);
  }
  return rows;
}

export const describeMeasure = ({ sample, span }: SpanMeasure): string =>
  `${(span * 100).toFixed(1)}% (${sample.request.style}, ${sample.request.interests}, seed ${sample.seed}, ${sample.shirt})`;

if (require.main === module) {
  const started = Date.now();
  const measures = spanSamples(Number(process.argv[2] ?? 4)).map(measureSpan);
  for (const [layout, row] of [...spanByLayout(measures, 0.6)].sort()) {
    console.log(`${layout}: ${row.under} of ${row.count} under 60%, smallest ${describeMeasure(row.smallest)}`);
  }
  console.log(`${measures.length} samples in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}
