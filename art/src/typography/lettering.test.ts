import { findMotifs, motifById } from '../motifs';
import { composeLettering, greetingFor, joinPhrases, printableText, recipientName, themePhrases } from './lettering';

describe('lettering from recipient and occasion', () => {
  it('writes "Happy Retirement, Grandpa"', () => {
    expect(composeLettering('my grandpa', 'retirement', 'golf', []).headline).toBe('Happy Retirement, Grandpa');
  });

  it.each([
    ['birthday', 'Happy Birthday'],
    ['xmas', 'Merry Christmas'],
    ["father's day", "Happy Father's Day"],
    ['graduation', 'Congrats, Grad'],
    ['housewarming', 'Happy Housewarming'],
    ['Happy Diwali', 'Happy Diwali'],
  ])('phrases the occasion "%s" as "%s"', (occasion, greeting) => {
    expect(greetingFor(occasion)).toBe(greeting);
  });

  it('cleans up the recipient', () => {
    expect(recipientName('for my dad')).toBe('Dad');
    expect(recipientName('sarah jane')).toBe('Sarah Jane');
  });

  it('celebrates family with "World\'s Best" and uses a motif tagline when nothing else is given', () => {
    expect(composeLettering('Mom', '', '', []).headline).toBe("World's Best Mom");
    const cat = motifById('cat');
    expect(composeLettering('', '', 'cats', cat ? [cat] : []).headline).toBe('Stay Pawsome');
  });

  it('drops emoji and keeps long text short enough to letter boldly', () => {
    expect(printableText('Party 🎉 time')).toBe('Party time');
    const long = composeLettering('x'.repeat(500), 'birthday', '', []);
    expect(long.headline.length).toBeLessThanOrEqual(48);
  });

  it('keeps the shopper\'s phrases whole: "jazz saxophone, new orleans" is two phrases, not three words', () => {
    expect(themePhrases('jazz saxophone, new orleans')).toEqual(['Jazz Saxophone', 'New Orleans']);
    expect(composeLettering('', '', 'jazz saxophone, new orleans', []).headline).toBe('Jazz Saxophone');
    const note = findMotifs('jazz').motifs[0];
    const withTagline = composeLettering('', '', 'jazz saxophone, new orleans', note ? [note] : []);
    expect(note).toBeDefined();
    // "Jazz Saxophone" would repeat the tagline's "Jazz": the whole phrase is left out, never cut.
    expect(withTagline).toEqual({ headline: 'All That Jazz', subline: 'New Orleans' });
  });

  it.each([
    ['my son Leo', 'birthday', 'dinosaurs, tacos', 'Happy Birthday, Leo', 'Dinosaurs · Tacos'],
    ['Grandpa', 'retirement', 'grandpa, fishing and mountains', 'Happy Retirement, Grandpa', 'Fishing · Mountains'],
    ['my husband', 'anniversary', 'guitar', 'Happy Anniversary', 'For my husband · Guitar'],
    ['Ms. Lopez', 'thank you', 'teacher, books', 'Thank You, Ms. Lopez', 'Teacher · Books'],
  ])('phrases "%s" for "%s" naturally', (target, occasion, interests, headline, subline) => {
    expect(composeLettering(target, occasion, interests, [])).toEqual({ headline, subline });
  });

  it('says who it is for under a tagline, and never repeats a headline word in the subline', () => {
    const fish = findMotifs('fish').motifs;
    expect(composeLettering('my son Leo', '', '', fish)).toEqual({ headline: 'Reel Cool', subline: 'For my son Leo' });
    for (const [target, occasion, interests] of [['Grandpa', 'retirement', 'grandpa golf'], ['Dad', '', 'dad jokes, bbq'], ['', 'birthday', 'birthday cake']]) {
      const { headline, subline } = composeLettering(target as string, occasion as string, interests as string, []);
      const said = new Set(headline.toLowerCase().split(/[^a-z]+/).filter((word) => word.length > 2));
      expect(subline.toLowerCase().split(/[^a-z]+/).filter((word) => said.has(word))).toEqual([]);
    }
  });

  it('splits themes at commas, "and", "&" and slashes, dropping filler words', () => {
    expect(themePhrases('golf and fishing')).toEqual(['Golf', 'Fishing']);
    expect(themePhrases('my dog & long walks / red wine')).toEqual(['Dog', 'Long Walks', 'Red Wine']);
  });

  it('joins only whole phrases that fit, and cuts a lone over-long phrase at a word', () => {
    expect(joinPhrases(['Jazz Saxophone', 'New Orleans', 'Second Line Parades And Brass Bands'], 30)).toBe('Jazz Saxophone · New Orleans');
    expect(joinPhrases(['one two three four five six seven'], 20)).toBe('one two three four');
  });

  it('keeps a long name whole in the headline', () => {
    expect(composeLettering('Maximilian Alexander', 'birthday', '', []).headline).toBe('Happy Birthday, Maximilian Alexander');
  });
});
