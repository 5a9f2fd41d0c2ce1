import { ART_STYLES } from '@tshirt/shared/catalog';
import { generateArtworkSvg } from '../index';
import { renderSvgToPng } from '../print/renderPrintPng';
import { findSafetyProblems } from '../../test/svgSafety';
import { TEST_PROMPTS } from '../../test/prompts';
import { checkXml } from '../../test/xmlWellFormed';
import { resolveStyle } from './generateArtwork';

const golf = TEST_PROMPTS[1] as (typeof TEST_PROMPTS)[number];

describe('generating artwork', () => {
  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf'])(
    'treats the word %s like any other word in every field',
    (word) => {
      const svg = generateArtworkSvg(
        { interests: word, colors: word, style: '', target: word, occasion: word, objects: word },
        7,
      );
      expect(checkXml(svg).error).toBeUndefined();
      expect(findSafetyProblems(svg)).toEqual([]);
    },
  );

  it('gives the same SVG for the same request and seed', () => {
    for (const style of ART_STYLES) {
      expect(generateArtworkSvg({ ...golf, style }, 1234)).toBe(generateArtworkSvg({ ...golf, style }, 1234));
    }
  });

  it('gives a different composition for a different seed', () => {
    for (const style of ART_STYLES) {
      const seeds = [1, 2, 3].map((seed) => generateArtworkSvg({ ...golf, style }, seed));
      expect(new Set(seeds).size).toBe(3);
    }
  });

  it('lets the engine choose among several styles when none is asked for', () => {
    const chosen = new Set(Array.from({ length: 40 }, (_, seed) => resolveStyle({ ...golf, style: '' }, seed)));
    expect(chosen.size).toBeGreaterThanOrEqual(4);
  });

  it('writes the recipient and occasion, escaped, into the artwork', () => {
    const svg = generateArtworkSvg({ ...golf, style: 'Cartoon' }, 7);
    const texts = checkXml(svg).texts.join(' ');
    expect(texts).toContain('Retirement, Grandpa');
    expect(texts).toContain('Golf');
  });

  it('draws the must-have object', () => {
    const svg = generateArtworkSvg({ interests: '', colors: '', target: '', occasion: '', objects: 'guitar', style: 'Cartoon' }, 3);
    expect(svg).toMatch(/class="motif-guitar"/);
    expect(checkXml(svg).texts.join(' ')).toMatch(/^A guitar, /);
  });

  it('lets unknown words change the picture', () => {
    const base = { colors: '', target: '', occasion: '', objects: '', style: 'Minimalist' as const };
    expect(generateArtworkSvg({ ...base, interests: 'quantum physics' }, 5)).not.toBe(generateArtworkSvg({ ...base, interests: 'medieval poetry' }, 5));
  });

  describe.each(ART_STYLES.map((style) => [style || '(engine chooses)', style] as const))('in the %s style', (_, style) => {
    it.each(TEST_PROMPTS.map((prompt, index) => [index, prompt] as const))(
      'prompt %i gives well-formed, safe, transparent SVG under 60 KB',
      (_index, prompt) => {
        for (const seed of [1, 99]) {
          const svg = generateArtworkSvg({ ...prompt, style }, seed);
          const parsed = checkXml(svg);
          expect(parsed.error).toBeUndefined();
          expect(findSafetyProblems(svg)).toEqual([]);
          expect(svg).not.toMatch(/<script|foreignObject|javascript:|onload=|onerror=/i);
          expect(Buffer.byteLength(svg)).toBeLessThan(60 * 1024);
          const root = parsed.elements[0];
          expect(root?.attributes.viewBox).toBe('0 0 1200 1600');
          // Nothing drawn paints the whole canvas: the shirt shows through.
          const drawn = checkXml(svg.replace(/<(defs|mask|clipPath|pattern)\b[\s\S]*?<\/\1>/g, '')).elements;
          const fullBleed = drawn.filter(
            (element) => element.name === 'rect' && element.attributes.width === '1200' && element.attributes.height === '1600' && !element.attributes.mask,
          );
          expect(fullBleed).toEqual([]);
        }
      },
    );
  });

  it('renders every style with resvg', async () => {
    for (const style of ART_STYLES) {
      for (const prompt of [TEST_PROMPTS[3], TEST_PROMPTS[4]]) {
        const png = await renderSvgToPng(generateArtworkSvg({ ...(prompt as (typeof TEST_PROMPTS)[number]), style }, 11), { width: 150 });
        expect(png.subarray(1, 4).toString()).toBe('PNG');
        expect(png.readUInt32BE(16)).toBe(150);
        expect(png.readUInt32BE(20)).toBe(200);
      }
    }
  });
});
