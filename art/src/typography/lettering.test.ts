import { findMotifs, motifById } from '../motifs';
import { normaliseFields } from '../compose/fields';
import { composeLettering, greetingFor, joinPhrases, printableText, recipientName, separateWhoClauses, themePhrases } from './lettering';

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
    expect(composeLettering('', '', 'jazz saxophone, new orleans', []).headline).toBe('Jazz Saxophone & New Orleans Club');
    const note = findMotifs('jazz').motifs[0];
    expect(note).toBeDefined();
    // Design 0 is the drawing's own tagline; the next designs are slogans on the whole phrases.
    expect(composeLettering('', '', 'jazz saxophone, new orleans', note ? [note] : [], 0)).toEqual({ headline: 'All That Jazz', subline: '' });
    expect(composeLettering('', '', 'jazz saxophone', note ? [note] : [], 2).headline).toBe('Powered by Jazz Saxophone');
  });

  it.each([
    ['my son Leo', 'birthday', 'dinosaurs, tacos', 'Happy Birthday, Leo', 'Powered by Dinosaurs & Tacos'],
    ['Grandpa', 'retirement', 'grandpa, fishing and mountains', 'Happy Retirement, Grandpa', 'Powered by Fishing & Mountains'],
    ['my husband', 'anniversary', 'guitar', 'Happy Anniversary to My Husband', 'Powered by Guitar'],
    ['my brother', 'get well', 'chess', 'Get Well Soon', 'For my brother'],
    ['Ms. Lopez', 'thank you', 'teacher, books', 'Thank You, Ms. Lopez', 'Powered by Books'],
  ])('phrases "%s" for "%s" naturally, with a slogan rather than the words typed', (target, occasion, interests, headline, subline) => {
    expect(composeLettering(target, occasion, interests, [], 1)).toEqual({ headline, subline });
  });

  it.each([
    ['mi papá', 'cumpleaños', 'café, fútbol', 'Feliz Cumpleaños, Papá'],
    ['meine Oma', '', 'Katzen', 'Beste Oma der Welt'],
    ['ma sœur', 'anniversaire', 'chats', 'Joyeux Anniversaire, Sœur'],
    ['meu pai', 'dia dos pais', 'futebol', 'Feliz Dia dos Pais, Pai'],
  ])('letters "%s" / "%s" wholly in the request\'s language', (target, occasion, interests, headline) => {
    const lettering = composeLettering(target, occasion, interests, [], 0);
    expect(lettering.headline).toBe(headline);
    // Never half-translated: no English word beside the shopper's own.
    expect(`${lettering.headline} ${lettering.subline}`).not.toMatch(/\b(?:Happy|For|Best|Club|Powered|World)\b/);
  });

  it('never writes a subline that only repeats the words typed', () => {
    for (const design of [0, 1, 2, 3, 4, 5]) {
      for (const interests of ['cats, pizza', 'golf', 'skateboarding and pizza']) {
        const { subline } = composeLettering('', '', interests, [], design);
        expect(subline.toLowerCase().replace(/[^a-z]+/g, ' ').trim()).not.toBe(interests.toLowerCase().replace(/[^a-z]+/g, ' ').replace(/ and /g, ' ').trim());
      }
    }
  });

  it('says who it is for under a tagline, and never repeats a headline word in the subline', () => {
    const fish = findMotifs('fish').motifs;
    expect(composeLettering('my son Leo', '', '', fish)).toEqual({ headline: 'Reel Cool', subline: 'For my son Leo' });
    for (const [target, occasion, interests] of [['Grandpa', 'retirement', 'grandpa golf'], ['Dad', '', 'dad jokes, bbq'], ['', 'birthday', 'birthday cake']]) {
      for (const design of [0, 1, 2, 3]) {
        const { headline, subline } = composeLettering(target as string, occasion as string, interests as string, [], design);
        const said = new Set(headline.toLowerCase().split(/[^a-z]+/).filter((word) => word.length > 2));
        expect(subline.toLowerCase().split(/[^a-z]+/).filter((word) => said.has(word))).toEqual([]);
      }
    }
  });

  it('splits themes at commas, "and", "&" and slashes, dropping filler words', () => {
    expect(themePhrases('golf and fishing')).toEqual(['Golf', 'Fishing']);
    expect(themePhrases('my dog & long walks / red wine')).toEqual(['Dog', 'Long Walks', 'Red Wine']);
  });

  it('keeps a theme drawn whole across its "&" or "and" as one theme, and still parts the others', () => {
    expect(themePhrases('rock & roll', ['rock & roll'])).toEqual(['Rock & Roll']);
    expect(themePhrases('Rock and Roll, tacos and golf', ['Rock and Roll', 'tacos', 'golf'])).toEqual(['Rock and Roll', 'Tacos', 'Golf']);
    expect(themePhrases('dungeons & dragons and pizza', ['dungeons & dragons', 'pizza'])).toEqual(['Dungeons & Dragons', 'Pizza']);
    for (const design of [0, 1, 2, 3, 4]) {
      expect(composeLettering('', '', 'rock & roll', [], design, ['rock & roll']).headline).not.toMatch(/Two Loves|Rock & Roll & /);
      expect(composeLettering('', '', 'rock & roll, tacos', [], design, ['rock & roll', 'tacos']).headline).not.toMatch(/Roll & Tacos/);
    }
  });

  it('joins only whole phrases that fit, and cuts a lone over-long phrase at a word', () => {
    expect(joinPhrases(['Jazz Saxophone', 'New Orleans', 'Second Line Parades And Brass Bands'], 30)).toBe('Jazz Saxophone · New Orleans');
    expect(joinPhrases(['one two three four five six seven'], 20)).toBe('one two three four');
  });

  it('letters a theme typed as a sentence by its subject: "camping under the stars" is "Camping"', () => {
    expect(composeLettering('', '', 'camping under the stars', [], 4).headline).toBe('Camping Is My Therapy');
    expect(composeLettering('', '', 'hiking in the mountains', [], 1).headline).toBe('Powered by Hiking');
    // A title keeps its words: "lord" is nothing the engine draws.
    expect(composeLettering('', '', 'lord of the rings', [], 1).headline).toBe('Powered by Lord Of The Rings');
  });

  it('names a plural theme in the singular before another noun, and agrees with it', () => {
    expect(composeLettering('', '', 'dinosaurs', [], 7).headline).toBe('Dinosaur Squad');
    expect(composeLettering('', '', 'dinosaurs', [], 0).headline).toBe('Dinosaur Club');
    expect(composeLettering('', '', 'cats', [], 4).headline).toBe('Cats Are My Therapy');
    expect(composeLettering('', '', 'golf', [], 4).headline).toBe('Golf Is My Therapy');
    expect(composeLettering('', '', 'glass', [], 0).headline).toBe('Glass Club');
  });

  it('reads who it is for and what they love, in whichever field it was typed', () => {
    expect(separateWhoClauses('my son who loves space', '')).toEqual({ target: 'my son', interests: 'space' });
    expect(separateWhoClauses('', 'a brother who skates and loves pizza')).toEqual({ target: 'a brother', interests: 'skating, pizza' });
    expect(separateWhoClauses('my mum who bakes', '')).toEqual({ target: 'my mum', interests: 'baking' });
    expect(separateWhoClauses('Grandpa', 'a brother who skates')).toEqual({ target: 'Grandpa', interests: 'a brother who skates' });
    expect(separateWhoClauses('', 'music that makes you dance')).toEqual({ target: '', interests: 'music that makes you dance' });
    expect(separateWhoClauses('my wife who swims, bakes and plays golf', 'cats')).toEqual({ target: 'my wife', interests: 'swimming, baking, golf, cats' });
    const fields = normaliseFields({ interests: 'a brother who skates and loves pizza' });
    expect(normaliseFields(fields)).toEqual(fields);
    expect(composeLettering(fields.target, fields.occasion, fields.interests, [], 1)).toEqual({ headline: "World's Best Brother", subline: 'Powered by Skating & Pizza' });
  });

  it('keeps a long name whole in the headline', () => {
    expect(composeLettering('Maximilian Alexander', 'birthday', '', []).headline).toBe('Happy Birthday, Maximilian Alexander');
  });
});
