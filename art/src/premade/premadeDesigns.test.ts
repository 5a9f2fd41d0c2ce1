import { PREMADE_DESIGNS } from '@tshirt/shared/catalog';
import { premadeDesignSvg } from '../index';
import { findSafetyProblems } from '../../test/svgSafety';
import { checkXml } from '../../test/xmlWellFormed';

describe('the eight pre-made designs', () => {
  it.each(PREMADE_DESIGNS.map((design) => [design.id, design.title] as const))('%s is safe SVG lettered "%s"', (id, title) => {
    const svg = premadeDesignSvg(id);
    expect(svg).toBeDefined();
    expect(findSafetyProblems(svg as string)).toEqual([]);
    expect(Buffer.byteLength(svg as string)).toBeLessThan(60 * 1024);
    expect(checkXml(svg as string).texts.join(' ').toUpperCase()).toContain(title.toUpperCase());
  });

  it('are all different and stable', () => {
    const svgs = PREMADE_DESIGNS.map((design) => premadeDesignSvg(design.id));
    expect(new Set(svgs).size).toBe(8);
    expect(premadeDesignSvg('sunset-surf')).toBe(svgs[0]);
  });

  it('returns undefined for unknown ids', () => {
    expect(premadeDesignSvg('nope')).toBeUndefined();
    expect(premadeDesignSvg('__proto__')).toBeUndefined();
  });
});
