import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isRefusedText } from './refusedText';

describe('isRefusedText', () => {
  it.each(['f u c k', 'f-u-c-k', 'n.a.z.i', 'fu_ck', 'k - k - k'])(
    'reads letters spaced or dotted apart as one word: “%s”',
    (text) => expect(isRefusedText(text)).toBe(true),
  );

  it.each(['f**k', 'sh*t', 'a**hole', 'n*gg3r', 'c#nt', 'f*** off', 'n*****'])(
    'reads a mask standing for letters: “%s”',
    (text) => expect(isRefusedText(text)).toBe(true),
  );

  it.each(['#1 dad', 'C# developer', '5* hotel', '100% cotton', '#agriculture', 'lov* you', 'a *** rating'])(
    'leaves masks that stand for no refused word: “%s”',
    (text) => expect(isRefusedText(text)).toBe(false),
  );

  it('refuses 88 beside a hate word, and keeps it as an age or a year', () => {
    expect(isRefusedText('88 heil')).toBe(true);
    expect(isRefusedText('SS 88')).toBe(true);
    expect(isRefusedText('aryan 88')).toBe(true);
    expect(isRefusedText('grandpa turns 88')).toBe(false);
    expect(isRefusedText('class of 88')).toBe(false);
    expect(isRefusedText('Petri Heil')).toBe(false);
  });

  it('joins no letters across ordinary initials', () => {
    for (const text of ['U S A', 'A B C', 'P.E. teacher', 'W.W.E.', 'x-ray', 't-shirt']) {
      expect(isRefusedText(text)).toBe(false);
    }
  });

  it.each(['maricón', 'sudaca', 'Schwuchtel', 'Untermensch', 'hijo de puta', 'Scheiße'])(
    'refuses slurs and obscenities in the other languages shoppers type: “%s”',
    (text) => expect(isRefusedText(text)).toBe(true),
  );

  it('accepts empty text', () => expect(isRefusedText('  ')).toBe(false));
});

describe('the themes shoppers order', () => {
  it.each(['popular-themes.json', 'uncommon-themes.json'])(
    'refuses none of the art engine’s list of %s',
    (file) => {
      const { themes } = JSON.parse(
        readFileSync(join(__dirname, '../../../art/themes', file), 'utf8'),
      ) as { themes: Array<{ theme: string }> };
      expect(themes.length).toBeGreaterThan(90);
      expect(themes.map(({ theme }) => theme).filter(isRefusedText)).toEqual([]);
    },
  );
});
