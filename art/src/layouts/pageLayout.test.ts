import { SHIRT_COLOR_HEX, SHIRT_COLORS, type ArtStyle } from '@tshirt/shared/catalog';
import { generateArtwork } from '../compose/generateArtwork';
import { hexToHsl } from '../palette/color';
import { inkRuleProblems } from '../ink/inkRule';
import { measureInk } from '../ink/measureInk';
import { withoutSubject } from '../ink/subjectSpan';
import { PAGE_LAYOUTS } from './pageLayout';

const STYLES: ReadonlyArray<Exclude<ArtStyle, ''>> = ['Minimalist', 'Graffiti', 'Cartoon', 'Sketch', 'Photorealistic', 'Oil Painting', 'Black and White'];
const REQUESTS = [
  { interests: 'dinosaurs, tacos', colors: 'teal and coral', target: 'my son Leo', occasion: 'birthday', objects: '' },
  { interests: 'golf and fishing', colors: 'navy and dark green', target: 'Maximilian Alexander', occasion: 'retirement', objects: '' },
  // A wide scene that reaches past Graffiti's splat, where in its own frame the headline's halo covers it.
  { interests: 'surfing', colors: 'sunset', target: '', occasion: '', objects: 'waves, palm trees' },
];

const layoutOf = (svg: string) => /^<svg[^>]*data-layout="([a-z]+)"/.exec(svg)?.[1];

describe('page layouts', () => {
  it('the seed picks every layout for one request, so a re-generation may lay the page out anew', () => {
    const request = { ...REQUESTS[0]!, style: '' as const };
    const chosen = new Set(Array.from({ length: 40 }, (_, seed) => layoutOf(generateArtwork(request, seed))));
    expect([...chosen].sort()).toEqual([...PAGE_LAYOUTS].sort());
  });

  it('the same request, seed and shirt keep their layout on every shirt colour', () => {
    const request = { ...REQUESTS[1]!, style: 'Cartoon' as const };
    for (let seed = 1; seed <= 8; seed += 1) {
      expect(new Set(SHIRT_COLORS.map((shirt) => layoutOf(generateArtwork(request, seed, { shirt }))))).toHaveProperty('size', 1);
    }
  });

  it.each(PAGE_LAYOUTS)('%s keeps the colours asked for in every style that paints in colour', (layout) => {
    const near = (hue: number, target: number) => Math.min(Math.abs(hue - target), 360 - Math.abs(hue - target)) <= 20;
    const missing: string[] = [];
    for (const style of STYLES.filter((style) => style !== 'Black and White')) {
      for (const [seed, interests] of [[1, 'cats'], [2, 'skateboarding, pizza']] as const) {
        const svg = generateArtwork({ interests, colors: 'neon green and pink', style }, seed, { shirt: 'White', layout });
        const hues = [...svg.matchAll(/(?:fill|stroke|stop-color)="(#[0-9a-f]{6})"/g)]
          .map((match) => hexToHsl(match[1] as string))
          .filter((hsl) => hsl.s > 0.35 && hsl.l > 0.2 && hsl.l < 0.85)
          .map((hsl) => hsl.h);
        if (!hues.some((hue) => near(hue, 120)) || !hues.some((hue) => near(hue, 340))) missing.push(`${style}, ${interests}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('stacked type lets the subject stand over the first line of words, never hide it', () => {
    const hidden: string[] = [];
    const requests = [{ interests: 'lighthouse, stormy sea', colors: 'navy and cream', target: '', occasion: '', objects: '' }, ...REQUESTS];
    for (const style of STYLES) {
      for (const request of requests) {
        const svg = generateArtwork({ ...request, style }, 3, { shirt: 'Black', layout: 'stacked' });
        const seen = measureInk(svg, SHIRT_COLOR_HEX.Black).lettering;
        const whole = measureInk(withoutSubject(svg), SHIRT_COLOR_HEX.Black).lettering;
        seen.forEach((line, index) => {
          const share = line.pixels / Math.max(1, whole[index]?.pixels ?? 0);
          if (share < 0.8) hidden.push(`${style}, ${request.interests}: line ${index + 1} ${(share * 100).toFixed(0)}% seen`);
        });
      }
    }
    expect(hidden).toEqual([]);
  });

  describe.each(PAGE_LAYOUTS)('%s', (layout) => {
    // The subject's span in every layout: styles/scene.test.ts.
    it.each(STYLES)('in %s keeps every word at 3:1 on every shirt colour', (style) => {
      const failures: string[] = [];
      REQUESTS.forEach((request, index) => {
        const seed = 7 + index;
        for (const shirt of SHIRT_COLORS) {
          const svg = generateArtwork({ ...request, style }, seed, { shirt, layout });
          expect(layoutOf(svg)).toBe(layout);
          const problems = inkRuleProblems(measureInk(svg, SHIRT_COLOR_HEX[shirt]));
          if (problems.length > 0) failures.push(`${request.interests} on ${shirt}: ${problems.join(', ')}`);
        }
      });
      expect(failures).toEqual([]);
    });
  });
});
