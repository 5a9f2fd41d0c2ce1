import fc from 'fast-check';
import { cleanShopperText, isBlankOnceCleaned, refusedCharacterIn } from './text';

/** The characters the rule promises to refuse, listed by hand rather than by Unicode property. */
const PROMISED_REFUSED =
  /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff\ufffd\u{E0000}-\u{E007F}]|\p{Cs}/u;
/** A zero-width joiner between two emoji, the one place the rule keeps one. */
const EMOJI_JOINER =
  /(?<=\p{Extended_Pictographic}[\u{FE0F}\p{Emoji_Modifier}]?)\u200d(?=\p{Extended_Pictographic})/gu;

const ENGLAND_FLAG = '🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}';

/** Pieces a hostile string is likely built from: emoji sequences, joiners, marks, lost text. */
const TRICKY_PIECES = [
  '👨',
  '👩🏽',
  '❤️',
  '\u200d',
  '\ufe0f',
  '\u{1F3FD}',
  '\ud800',
  '\udfff',
  '\ufffd',
  '\u2028',
  '\u202e',
  '\u200b',
  '\ufeff',
  '\u{E0041}',
  '\u3164',
  ENGLAND_FLAG,
  'a',
  ' ',
];

describe('the text rule for what a person types', () => {
  it.each([
    'Ada Lovelace',
    'José Ñúñez-Öğüt',
    'محمد عبد الله',
    'שרה כהן',
    '山田 太郎',
    '김민준',
    'Zoë ❤️ 🎸 👨‍👩‍👧 🏳️‍🌈 👩🏽‍💻 ❤️‍🔥',
    '12\u00a0Main St',
  ])('keeps %s as it is', (text) => {
    expect(refusedCharacterIn(text)).toBeUndefined();
    expect(cleanShopperText(text)).toBe(text);
  });

  it.each([
    ['a line separator', '\u2028'],
    ['a paragraph separator', '\u2029'],
    ['a left-to-right mark', '\u200e'],
    ['a right-to-left mark', '\u200f'],
    ['an Arabic letter mark', '\u061c'],
    ['a right-to-left override', '\u202e'],
    ['a left-to-right embedding', '\u202a'],
    ['a first-strong isolate', '\u2068'],
    ['a byte order mark', '\ufeff'],
    ['a zero-width space', '\u200b'],
    ['a zero-width non-joiner', '\u200c'],
    ['a zero-width joiner between letters', '\u200d'],
    ['a word joiner', '\u2060'],
    ['an invisible plus', '\u2064'],
    ['a soft hyphen', '\u00ad'],
    ['a Mongolian vowel separator', '\u180e'],
    ['the language tag', '\u{E0001}'],
    ['a tag letter', '\u{E0041}'],
    ['the cancel tag', '\u{E007F}'],
    ['a Hangul filler', '\u3164'],
    ['NUL', '\u0000'],
    ['a tab', '\t'],
    ['DEL', '\u007f'],
    ['a C1 control', '\u009b'],
  ])('refuses %s as hidden, and the cleaner drops it', (_name, character) => {
    const text = `Ada${character}Lovelace`;
    expect(refusedCharacterIn(text)).toBe('hidden');
    expect(cleanShopperText(text)).toMatch(/^Ada ?Lovelace$/);
  });

  it.each([
    ['the replacement character (bytes that were not UTF-8)', '\ufffd'],
    ['a lone high surrogate', '\ud800'],
    ['a lone low surrogate', '\udc00'],
    ['a noncharacter', '\uffff'],
  ])('refuses %s as unreadable, and the cleaner drops it', (_name, character) => {
    const text = `a${character}b\u200b`;
    expect(refusedCharacterIn(text)).toBe('unreadable');
    expect(cleanShopperText(text)).toBe('ab');
  });

  it('keeps a zero-width joiner only between two emoji', () => {
    expect(cleanShopperText('👩\u200d💻 👩\u200d \u200d💻 👩\u200d\u200d💻 a\u200db')).toBe(
      '👩\u200d💻 👩 💻 👩💻 ab',
    );
  });

  it('drops the tags of a subdivision flag, keeping the black flag', () => {
    expect(refusedCharacterIn(ENGLAND_FLAG)).toBe('hidden');
    expect(cleanShopperText(ENGLAND_FLAG)).toBe('🏴');
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

  it('counts text of only hidden characters and spaces as blank', () => {
    for (const blank of [
      '',
      '   ',
      '\u200b',
      ' \u200b\u2060 ',
      '\ufeff',
      '\u3164\u00a0',
      '\u2028',
    ]) {
      expect([blank, isBlankOnceCleaned(blank)]).toEqual([blank, true]);
    }
    expect(isBlankOnceCleaned('\u200bA')).toBe(false);
  });

  it('never leaves a refused character, whatever it is given', () => {
    const unit = fc.oneof(
      fc.constantFrom(...TRICKY_PIECES),
      fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
    );
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 40 }), (text) => {
        const cleaned = cleanShopperText(text);
        expect(cleaned.replace(EMOJI_JOINER, '')).not.toMatch(PROMISED_REFUSED);
        expect(refusedCharacterIn(cleaned)).toBeUndefined();
        expect(cleanShopperText(cleaned)).toBe(cleaned);
      }),
      { numRuns: 3000 },
    );
  });
});
