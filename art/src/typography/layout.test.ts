import fc from 'fast-check';
import { FONTS } from './fonts';
import { fontMetrics } from './glyphs';
import { layoutText, PHRASE_SEPARATOR } from './layout';

const box = { x: 600, top: 1100, width: 1000, height: 240 };

describe('laying lettering out in a box', () => {
  it('never lets a line overflow the box or two lines overlap, whatever the words', () => {
    const word = fc.string({ minLength: 1, maxLength: 40, unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzWMÆé'.split('')) });
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 8 }), fc.constantFrom(...Object.values(FONTS)), (words, font) => {
        const layout = layoutText(words.join(' '), font, box, { maxSize: 160, maxLines: 3, minSize: 40 });
        const { ascent, descent } = fontMetrics(font);
        for (const line of layout.lines) expect(line.width).toBeLessThanOrEqual(box.width + 0.01);
        expect(layout.top).toBeGreaterThanOrEqual(box.top - 0.01);
        expect(layout.bottom).toBeLessThanOrEqual(box.top + box.height + 0.01);
        layout.lines.slice(1).forEach((line, index) => {
          const above = layout.lines[index] as (typeof layout.lines)[number];
          expect(line.baseline - layout.fontSize * ascent).toBeGreaterThanOrEqual(above.baseline + layout.fontSize * descent - 0.01);
        });
      }),
      { numRuns: 60 },
    );
  });

  it('breaks between phrases before it breaks inside one, dropping the separator', () => {
    const layout = layoutText(`Jazz Saxophone${PHRASE_SEPARATOR}New Orleans`, FONTS.geometric, { ...box, width: 600 }, { maxSize: 120, maxLines: 2 });
    expect(layout.lines.map((line) => line.text)).toEqual(['Jazz Saxophone', 'New Orleans']);
  });

  it('hyphenates a word too long to letter at a readable size', () => {
    const layout = layoutText('Supercalifragilisticexpialidocious', FONTS.bubbly, { ...box, width: 500 }, { maxSize: 120, maxLines: 3, minSize: 60 });
    expect(layout.lines.length).toBeGreaterThan(1);
    expect(layout.lines[0]?.text.endsWith('-')).toBe(true);
  });
});
