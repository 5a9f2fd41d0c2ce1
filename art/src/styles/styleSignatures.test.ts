import { ART_STYLES, SHIRT_COLOR_HEX, type ArtStyle } from '@tshirt/shared/catalog';
import { Resvg } from '@resvg/resvg-js';
import { readPopularThemes } from '../compose/themeCoverage';
import { generateArtwork } from '../compose/generateArtwork';
import { generateArtworkSvg } from '../index';
import { hexToHsl } from '../palette/color';
import { TEST_PROMPTS } from '../../test/prompts';
import { checkXml, type XmlElementInfo } from '../../test/xmlWellFormed';

const SHAPES = new Set(['path', 'circle', 'ellipse', 'rect', 'polygon', 'polyline', 'line']);
const PROMPTS = [TEST_PROMPTS[0], TEST_PROMPTS[1], TEST_PROMPTS[2], TEST_PROMPTS[4]] as Array<(typeof TEST_PROMPTS)[number]>;
const SEEDS = [1, 2, 3];

/** The style in its own frame (the framed page layout): what its frame is made of is checked here. */
function framedSvg(request: Parameters<typeof generateArtworkSvg>[0], seed: number): string {
  return generateArtwork(request, seed, { layout: 'framed' });
}

function artworks(style: ArtStyle): XmlElementInfo[][] {
  return PROMPTS.flatMap((prompt) => SEEDS.map((seed) => checkXml(framedSvg({ ...prompt, style }, seed)).elements));
}

/** Elements outside <defs>, <mask>, <clipPath> and <pattern> (what is drawn directly). */
function drawnElements(svg: string): XmlElementInfo[] {
  const inner = svg.replace(/<(defs|mask|clipPath|pattern)\b[\s\S]*?<\/\1>/g, '');
  return checkXml(inner).elements;
}

/** What the first <g> whose opening tag matches `opening` holds, up to its own closing tag. */
function groupContent(svg: string, opening: RegExp): string {
  const start = opening.exec(svg);
  if (!start) return '';
  const from = start.index + start[0].length;
  const tags = /<(\/?)g\b[^>]*?(\/?)>/g;
  tags.lastIndex = from;
  let depth = 1;
  for (let tag = tags.exec(svg); tag; tag = tags.exec(svg)) {
    if (tag[2]) continue;
    depth += tag[1] ? -1 : 1;
    if (depth === 0) return svg.slice(from, tag.index);
  }
  return '';
}

function colorValues(elements: XmlElementInfo[]): string[] {
  return elements.flatMap((element) =>
    ['fill', 'stroke', 'stop-color', 'color', 'flood-color'].map((name) => element.attributes[name]).filter((value): value is string => !!value),
  );
}

describe('each style has its own visual signature', () => {
  it('Black and White uses only black, white and greys', () => {
    for (const elements of artworks('Black and White')) {
      for (const value of colorValues(elements)) {
        if (value === 'none' || value.startsWith('url(#')) continue;
        expect(value).toMatch(/^#([0-9a-f]{2})\1\1$/);
      }
    }
  });

  it('Sketch draws with strokes and hatching, never solid fills (only its lettering is solid ink)', () => {
    for (const prompt of PROMPTS) {
      for (const seed of SEEDS) {
        const drawn = drawnElements(framedSvg({ ...prompt, style: 'Sketch' }, seed));
        const shapes = drawn.filter((element) => SHAPES.has(element.name) && element.attributes.class !== 'lettering');
        const solid = shapes.filter((element) => {
          const fill = element.attributes.fill;
          return fill !== undefined && fill !== 'none' && !fill.startsWith('url(#');
        });
        expect(solid).toEqual([]);
        // Pencil lines only (stroke="none" is no line): even a drawing of two parts, traced twice, with its ground is ten strokes.
        expect(shapes.filter((element) => element.attributes.stroke && element.attributes.stroke !== 'none').length).toBeGreaterThanOrEqual(10);
      }
    }
  });

  it('Sketch moves every line through a wobbly hand and graphite grain', () => {
    for (const elements of artworks('Sketch')) {
      expect(elements.some((element) => element.name === 'feDisplacementMap')).toBe(true);
      // The grain: a noise tile turned into alpha that the strokes are cut by.
      expect(elements.some((element) => element.name === 'feColorMatrix')).toBe(true);
      expect(elements.some((element) => element.name === 'g' && element.attributes.filter?.startsWith('url(#pencil'))).toBe(true);
      expect(elements.filter((element) => element.name === 'pattern' && element.attributes.id?.startsWith('hatch')).length).toBeGreaterThanOrEqual(3);
    }
  });

  it('Sketch underlines its headline where the pencil filter does not clip the line away', () => {
    for (const prompt of PROMPTS) {
      for (const seed of SEEDS) {
        const svg = framedSvg({ ...prompt, style: 'Sketch' }, seed);
        const filter = checkXml(svg).elements.find((element) => element.name === 'filter' && element.attributes.id?.startsWith('pencil'));
        const regionBottom = Number(filter?.attributes.y) + Number(filter?.attributes.height);
        expect(regionBottom).toBeGreaterThan(0);
        const swash = drawnElements(svg).filter((element) => element.attributes.class === 'swash');
        expect(swash).toHaveLength(1);
        const [, startY] = /^M[\d.-]+ ([\d.-]+)/.exec(swash[0]?.attributes.d ?? '') ?? [];
        expect(Number(startY)).toBeGreaterThan(regionBottom);
        // Outside the filtered group, whose region (and with it the line) ends above it.
        expect(groupContent(svg, /<g filter="url\(#pencil\d+\)">/)).not.toContain('class="swash"');
      }
    }
  });

  it('Sketch keeps every drawing of the popular themes inside its pencil filter, which leaves out whatever lies outside', () => {
    const [head] = /^<svg[^>]*>/.exec(generateArtworkSvg({ ...PROMPTS[0]!, style: 'Sketch' }, 1)) ?? [''];
    const outside: string[] = [];
    for (const [index, { theme }] of readPopularThemes().entries()) {
      const svg = generateArtworkSvg({ ...PROMPTS[0]!, interests: theme, style: 'Sketch' }, index);
      const filter = checkXml(svg).elements.find((element) => element.name === 'filter' && element.attributes.id?.startsWith('pencil'));
      const [x, y, width, height] = [filter?.attributes.x, filter?.attributes.y, filter?.attributes.width, filter?.attributes.height].map(Number) as [number, number, number, number];
      const [defs] = /<defs>[\s\S]*?<\/defs>/.exec(svg) ?? [''];
      const drawing = groupContent(svg, /<g filter="url\(#pencil\d+\)">/);
      const box = new Resvg(`${head}${defs}${drawing}</svg>`).getBBox();
      if (!box) continue;
      const edges = [box.x - x, box.y - y, x + width - (box.x + box.width), y + height - (box.y + box.height)];
      // The wobbly hand moves a line by up to half its displacement scale (9) further out.
      if (Math.min(...edges) < 5) outside.push(`${theme} (${edges.map(Math.round).join(' ')})`);
    }
    expect(outside).toEqual([]);
  });

  it('Sketch loses nothing of its drawing to the pencil filter: drawn with it and without it, the drawing reaches as far', () => {
    const WIDTH = 300;
    /** The rows and columns the ink reaches, in pixels of a WIDTH-wide render. */
    const inkedBox = (svg: string) => {
      const image = new Resvg(svg, { fitTo: { mode: 'width', value: WIDTH } }).render();
      // Each read of `pixels` copies them: read once.
      const [pixels, width] = [image.pixels, image.width];
      const box = { left: Infinity, top: Infinity, right: -Infinity, bottom: -Infinity };
      for (let index = 3; index < pixels.length; index += 4) {
        if ((pixels[index] ?? 0) < 64) continue;
        const pixel = (index - 3) / 4;
        const [x, y] = [pixel % width, Math.floor(pixel / width)];
        box.left = Math.min(box.left, x);
        box.right = Math.max(box.right, x);
        box.top = Math.min(box.top, y);
        box.bottom = Math.max(box.bottom, y);
      }
      return box;
    };
    const cut: string[] = [];
    for (const layout of ['framed', 'sunset', 'poster'] as const) {
      for (const seed of [1, 2]) {
        const svg = generateArtwork({ ...PROMPTS[1]!, style: 'Sketch' }, seed, { layout });
        const [head] = /^<svg[^>]*>/.exec(svg) ?? [''];
        const [defs] = /<defs>[\s\S]*?<\/defs>/.exec(svg) ?? [''];
        const drawing = groupContent(svg, /<g filter="url\(#pencil\d+\)">/);
        const [filtered] = /<g filter="url\(#pencil\d+\)">/.exec(svg) ?? [''];
        const withPencil = inkedBox(`${head}${defs}${filtered}${drawing}</g></svg>`);
        const bare = inkedBox(`${head}${defs}<g>${drawing}</g></svg>`);
        // The wobbly hand moves a line by up to 4.5 units: about a pixel at this size.
        const short = [withPencil.left - bare.left, withPencil.top - bare.top, bare.right - withPencil.right, bare.bottom - withPencil.bottom];
        if (Math.max(...short) > 3) cut.push(`${layout}, seed ${seed}: ${short.join(' ')} px short`);
      }
    }
    expect(cut).toEqual([]);
  });

  it('Oil Painting lays its ground in wandering brush strokes, and paints the subject in dabs inside a contour', () => {
    for (const prompt of PROMPTS) {
      for (const seed of SEEDS) {
        const svg = framedSvg({ ...prompt, style: 'Oil Painting' }, seed);
        const brushwork = groupContent(svg, /<g class="brushwork">/);
        expect(brushwork).not.toBe('');
        // The brush: many loaded strokes, streaked by their bristles, each bending as a hand drags
        // it (in its own curve: a filter over the whole ground cost seconds of a print render).
        expect(brushwork.match(/<path /g)?.length ?? 0).toBeGreaterThan(60);
        expect(brushwork.match(/d="M-?\d+ -?\d+C/g)?.length ?? 0).toBeGreaterThan(60);
        expect(brushwork).not.toContain('filter=');
        expect(brushwork).not.toContain('class="motif-');
        if (!svg.includes('class="motif-')) continue;
        // The subject keeps a clean silhouette: no filter on it, colour laid in dabbed paint.
        expect(svg).toMatch(/<pattern id="dab\d+"/);
        expect(/<g class="motif-[^"]*"[^>]*filter=/.test(svg)).toBe(false);
      }
    }
  });

  it('Graffiti has drips and spray dust', () => {
    for (const elements of artworks('Graffiti')) {
      expect(elements.some((element) => element.name === 'feGaussianBlur')).toBe(true);
      expect(elements.filter((element) => element.name === 'circle').length).toBeGreaterThan(60);
      expect(elements.some((element) => element.name === 'path' && /A[\d.]+ [\d.]+ 0 1 0/.test(element.attributes.d ?? ''))).toBe(true);
    }
  });

  it('Minimalist is line art: nothing filled but one dot and the horizon (and knock-outs in the shirt colour)', () => {
    for (const prompt of PROMPTS) {
      for (const seed of SEEDS) {
        const svg = generateArtworkSvg({ ...prompt, style: 'Minimalist' }, seed);
        const shapes = drawnElements(svg).filter((element) => SHAPES.has(element.name) && element.attributes.class !== 'lettering');
        const filled = shapes.filter((element) => {
          const fill = element.attributes.fill;
          return fill !== undefined && fill !== 'none' && fill !== SHIRT_COLOR_HEX.Black;
        });
        expect(filled.length).toBeLessThanOrEqual(2);
        // The drawing as a line (one for a one-piece balloon) beside the horizon.
        expect(shapes.filter((element) => element.attributes.stroke).length).toBeGreaterThanOrEqual(1);
      }
    }
  });

  it('Photorealistic shades with gradients and blurs its distance', () => {
    for (const elements of artworks('Photorealistic')) {
      expect(elements.filter((element) => element.name === 'linearGradient').length).toBeGreaterThanOrEqual(4);
      // Form from light and shade alone: no part of a motif is outlined.
      expect(elements.filter((element) => element.attributes.class?.startsWith('motif-')).flatMap((group) => (group.attributes.stroke ? [group] : []))).toEqual([]);
      expect(elements.some((element) => element.name === 'radialGradient')).toBe(true);
      expect(elements.some((element) => element.name === 'feGaussianBlur')).toBe(true);
    }
  });

  it('Cartoon outlines everything thickly', () => {
    for (const elements of artworks('Cartoon')) {
      const thick = elements.filter((element) => Number(element.attributes['stroke-width'] ?? 0) >= 12);
      expect(thick.length).toBeGreaterThanOrEqual(5);
    }
  });

  it('styles differ from each other for the same prompt and seed', () => {
    const svgs = ART_STYLES.filter(Boolean).map((style) => generateArtworkSvg({ ...(PROMPTS[1] as (typeof PROMPTS)[number]), style }, 5));
    expect(new Set(svgs).size).toBe(7);
  });

  it('paints with the palette asked for', () => {
    const svg = generateArtworkSvg({ ...(PROMPTS[0] as (typeof PROMPTS)[number]), colors: 'red', style: 'Cartoon' }, 5);
    const reds = colorValues(checkXml(svg).elements).filter((value) => /^#[0-9a-f]{6}$/.test(value)).filter((hex) => {
      const { h, s } = hexToHsl(hex);
      return s > 0.4 && (h < 15 || h > 345);
    });
    expect(reds.length).toBeGreaterThan(3);
  });
});
