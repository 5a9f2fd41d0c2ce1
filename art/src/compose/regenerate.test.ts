import { createArtwork } from '../index';
import { hexToHsl } from '../palette/color';
import { resolveStyle } from './generateArtwork';

const REQUEST = { interests: 'skateboarding, pizza', colors: '', target: 'my brother', occasion: '', objects: '', style: '' } as const;

/** What a shopper tells apart at a glance: the drawing, the style and the words. */
function design(svg: string, description: string): string {
  const drawings = [...svg.matchAll(/class="motif-([a-z0-9-]+)"/g)].map((match) => match[1]).join(',');
  return `${drawings} | ${description}`;
}

describe('Re-Generate', () => {
  it('gives four different designs in four re-generations, each still the subject asked for', () => {
    const designs = [11, 12, 13, 14].map((seed) => {
      const { svg, description } = createArtwork(REQUEST, seed);
      expect(svg).toMatch(/class="motif-skateboard"/);
      expect(svg).toMatch(/class="motif-pizza"/);
      return design(svg, description);
    });
    expect(new Set(designs).size).toBe(4);
  });

  it('letters four re-generations of one style four ways', () => {
    const lettering = [1, 2, 3, 4].map((seed) => createArtwork({ ...REQUEST, style: 'Cartoon' }, seed).description.replace(/^.*lettered /, ''));
    expect(new Set(lettering).size).toBe(4);
  });
});

describe('Any style keeps the colours asked for', () => {
  /** Hues (degrees) painted with some colour in them. */
  const paintedHues = (svg: string) =>
    [...svg.matchAll(/(?:fill|stroke|stop-color)="(#[0-9a-f]{6})"/g)]
      .map((match) => hexToHsl(match[1] as string))
      .filter((hsl) => hsl.s > 0.35 && hsl.l > 0.2 && hsl.l < 0.85)
      .map((hsl) => hsl.h);
  const near = (hue: number, target: number) => Math.min(Math.abs(hue - target), 360 - Math.abs(hue - target)) <= 20;

  it('never lets the engine choose Black and White when colours are given', () => {
    for (let seed = 1; seed <= 60; seed += 1) {
      expect(resolveStyle({ interests: 'cats', colors: 'neon green and pink' }, seed)).not.toBe('Black and White');
    }
    const chosen = new Set(Array.from({ length: 60 }, (_, seed) => resolveStyle({ interests: 'cats' }, seed)));
    expect(chosen).toContain('Black and White');
  });

  it.each([1, 2, 3, 4, 5, 6, 7, 8])('paints neon green and pink with the engine choosing the style (seed %i)', (seed) => {
    const { svg } = createArtwork({ ...REQUEST, target: '', interests: 'cats', colors: 'neon green and pink' }, seed, 'White');
    const hues = paintedHues(svg);
    expect(hues.some((hue) => near(hue, 120))).toBe(true);
    expect(hues.some((hue) => near(hue, 340))).toBe(true);
  });
});
