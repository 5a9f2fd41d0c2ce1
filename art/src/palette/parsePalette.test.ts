import { hexToHsl, isGrey } from './color';
import { parsePalette } from './parsePalette';

describe('the colour field parser', () => {
  it('reads CSS colour names, including multi-word ones', () => {
    const palette = parsePalette('teal and coral, rebecca purple');
    expect(palette.colors.slice(0, 3)).toEqual(['#008080', '#ff7f50', '#663399']);
    expect(palette.source).toBe('words');
  });

  it('reads hex codes, long and short', () => {
    expect(parsePalette('#ff8800 and #0af').colors.slice(0, 2)).toEqual(['#ff8800', '#00aaff']);
  });

  it('softens pure primaries into shirt-friendly shades of the same hue', () => {
    const red = hexToHsl(parsePalette('red').primary);
    expect(red.h < 10 || red.h > 350).toBe(true);
  });

  it.each(['pastel', 'neon', 'earthy', 'ocean', 'sunset', 'forest'])('turns the mood word "%s" into a full palette', (mood) => {
    const palette = parsePalette(mood);
    expect(palette.source).toBe('mood');
    expect(palette.colors.length).toBeGreaterThanOrEqual(4);
  });

  it('makes pastel colours light and neon colours saturated', () => {
    expect(parsePalette('pastel').colors.every((hex) => hexToHsl(hex).l > 0.6)).toBe(true);
    expect(hexToHsl(parsePalette('neon').primary).s).toBeGreaterThan(0.9);
    expect(hexToHsl(parsePalette('pastel blue').primary).l).toBeGreaterThan(0.75);
  });

  it('completes one colour into a harmonious palette', () => {
    const palette = parsePalette('navy');
    expect(palette.primary).toBe('#000080');
    expect(palette.colors.length).toBeGreaterThanOrEqual(4);
    expect(new Set(palette.colors).size).toBe(palette.colors.length);
  });

  it('stays neutral when only neutrals are asked for', () => {
    expect(parsePalette('black and white').colors.every(isGrey)).toBe(true);
  });

  it('gives a sensible default for an empty or colourless field', () => {
    for (const text of ['', '   ', 'something nice', '<script>']) {
      const palette = parsePalette(text);
      expect(palette.source).toBe('default');
      expect(palette.colors.length).toBeGreaterThanOrEqual(4);
      expect(palette.colors.every((hex) => /^#[0-9a-f]{6}$/.test(hex))).toBe(true);
    }
    expect(parsePalette('', 1).colors).not.toEqual(parsePalette('', 0).colors);
  });
});
