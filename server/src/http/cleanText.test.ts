import fc from 'fast-check';
import { cleanShopperText } from './cleanText';

/** Everything that can break a line or reorder text on a screen or in a terminal. */
const LINE_OR_ORDER_CHANGING = /[\p{Cc}\p{Bidi_Control}\u2028\u2029]/u;

describe('cleanShopperText', () => {
  it('drops NUL, DEL and other control characters, and keeps emoji, accents and ordinary text', () => {
    expect(cleanShopperText('a\u0000b\u0007c\u007fd é 🎸 👨‍👩‍👧 ❤️')).toBe('abcd é 🎸 👨‍👩‍👧 ❤️');
  });

  it('turns each run of line breaks and separators into one space, so the text stays on one line', () => {
    expect(cleanShopperText('owls\r\n\r\nPAID   order\u2028x\u2029y\u0085z\tw')).toBe(
      'owls PAID   order x y z w',
    );
  });

  it('drops bidirectional controls and C1 controls that would reorder or restyle the text', () => {
    expect(cleanShopperText('cats\u202edesrever\u202c \u2066x\u2069\u200f\u061c \u009b31m')).toBe(
      'catsdesrever x 31m',
    );
  });

  it('replaces a lone surrogate instead of passing on text that is not valid Unicode', () => {
    expect(cleanShopperText('a\ud800b')).toBe('a\ufffdb');
  });

  it('never leaves a character that breaks a line or reorders text, whatever it is given', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const cleaned = cleanShopperText(text);
        expect(cleaned).not.toMatch(LINE_OR_ORDER_CHANGING);
        expect(cleaned.isWellFormed()).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});
