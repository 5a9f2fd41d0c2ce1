import type { ShirtColor } from '@tshirt/shared/catalog';
import { createArtwork, describeArtworkSvg, shirtAdviceForArtwork } from '../index';
import { hexToRgb } from '../palette/color';
import { chosenColors } from '../palette/parsePalette';

const COLOR_STYLES = ['Minimalist', 'Graffiti', 'Cartoon', 'Sketch', 'Photorealistic', 'Oil Painting'] as const;
const REQUESTS = ['teal and coral', 'navy and cream', 'mint, burgundy', 'sage and coral', 'purple and gold'];
const SHIRTS: ShirtColor[] = ['Black', 'White', 'Navy', 'Light Grey'];

/** Hue (degrees) and chroma (0–255) of a colour, as the eye tells colours apart. */
function hueChroma(hex: string): { hue: number; chroma: number } {
  const [r, g, b] = hexToRgb(hex);
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const chroma = max - min;
  if (chroma === 0) return { hue: 0, chroma };
  const hue = max === r ? ((g - b) / chroma) % 6 : max === g ? (b - r) / chroma + 2 : (r - g) / chroma + 4;
  return { hue: (hue * 60 + 360) % 360, chroma };
}

const hueGap = (a: number, b: number) => Math.min(Math.abs(a - b), 360 - Math.abs(a - b));

function paintedColors(svg: string): string[] {
  return [...svg.matchAll(/(?:fill|stroke|stop-color)="(#[0-9a-f]{6})"/g)].map((match) => match[1] as string);
}

describe('colours as asked', () => {
  it.each(REQUESTS)('shows every colour of "%s" on every shirt, or names it in the advice, and adds no other hue', (colors) => {
    const asked = chosenColors(colors).map((color) => ({ name: color.name, ...hueChroma(color.shades[0] as string) }));
    for (const style of COLOR_STYLES) {
      for (const shirt of SHIRTS) {
        const { svg } = createArtwork({ interests: 'fishing and mountains', colors, target: '', occasion: '', objects: '', style }, 5, shirt);
        const painted = paintedColors(svg).map(hueChroma);
        const advice = shirtAdviceForArtwork(svg)?.faintColors[shirt] ?? [];
        for (const color of asked) {
          const shows = painted.some((paint) => paint.chroma >= 24 && hueGap(paint.hue, color.hue) <= 14);
          expect({ style, shirt, color: color.name, shown: shows || advice.includes(color.name) }).toEqual({ style, shirt, color: color.name, shown: true });
        }
        const strangers = painted.filter((paint) => paint.chroma >= 60 && asked.every((color) => hueGap(paint.hue, color.hue) > 30));
        expect({ style, shirt, strangers }).toEqual({ style, shirt, strangers: [] });
      }
    }
  });

  it('describes what it drew: subject, scene, style and lettering', () => {
    const { svg, description } = createArtwork(
      { interests: 'fishing and mountains', colors: '', target: 'Grandpa', occasion: 'retirement', objects: '', style: 'Oil Painting' },
      4,
    );
    expect(description).toBe(
      'A fishing pole in front of a snow-capped mountain, decorated with a glowing star, drawn in the Oil Painting style, lettered “Happy Retirement, Grandpa” and “All About Fishing & Mountains”.',
    );
    expect(describeArtworkSvg(svg)).toBe(description);
    expect(svg).toContain('<title>A fishing pole in front of a snow-capped mountain');
    expect(createArtwork({ interests: 'quantum entanglement', colors: '', target: '', occasion: '', objects: '', style: 'Sketch' }, 1).description).toBe(
      'Lettering with sparkles, in the Sketch style: “Just Here for the Quantum Entanglement”.',
    );
  });
});
